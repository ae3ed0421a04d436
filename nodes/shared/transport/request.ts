import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	ANSWER_LIMITS,
	type AnswerShare,
	baseUrlProblem,
	judgeRedirect,
	parseBody,
	readBounded,
	scrubberFor,
} from '../http/answers';
import { beforeDeadline, TIMED_OUT } from '../http/deadline';
import { HINTS, hostOf, retryAfterMs } from '../http/failures';
import { checkAnswer, type Arrived } from './check';
import {
	explainedError,
	explainFailure,
	formatDetail,
	readFailureBounded,
	sampleIdNote,
	type Explained,
	type Failure,
} from './errors';
import { RequestsStopped } from './pace';
import { recordId, type Run } from './run';
import { NOT_MADE, type ApiContext, type ApiRequest } from './types';
import type { WriteOutcome } from './written';

export const CREDENTIAL_TYPE = 'mediaAnalysisApi';

/** Bounds on retries and time: an attempt is one exchange (in real time), a request all its attempts and waits. */
export const RETRY = {
	attempts: 5,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	attemptTimeoutMs: 60_000,
	requestTimeoutMs: 180_000,
	/** A `cleanup` request may run after a cancel, when nobody waits for long. */
	cleanupTimeoutMs: 10_000,
};

/**
 * After a create's answer was lost, how long to look on the service for what it would have created (a service that
 * lists a new record late still shows it within this window). Looks at 0, 1, 2, 4, 8, 16 s… from the failure.
 */
export const RECOVERY = { windowMs: 30_000, firstGapMs: 1000 };

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const RETRYABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN']);

/** A failure that proves the service did not act on the request (a failed login: it was not sent), so even a POST may go again. */
function provablyNotProcessed(failure: Failure): boolean {
	return failure.status === 429 || failure.code === 'ECONNREFUSED' || failure.login !== undefined;
}

function isRetryable(failure: Failure): boolean {
	// A login the service throttled or could not serve is worth another try; a refused one is not.
	if (failure.login) return RETRYABLE_STATUS.has(Number(failure.login.httpCode));
	if (failure.status !== undefined) return RETRYABLE_STATUS.has(failure.status);
	return failure.code !== undefined && RETRYABLE_NETWORK.has(failure.code);
}

export function retryDelayMs(failure: Failure, attempt: number): number {
	return (
		failure.loginWaitMs ??
		retryAfterMs(failure.retryAfter) ??
		Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1))
	);
}

/** How long to wait before sending again, or undefined when it must not be (no wait past the cap or the deadline). */
function nextDelay(failure: Failure, attempt: number, deadline: number): number | undefined {
	if (!isRetryable(failure) || attempt >= RETRY.attempts) return undefined;
	const delay = retryDelayMs(failure, attempt);
	if (delay > RETRY.maxDelayMs || Date.now() + delay >= deadline) return undefined;
	return delay;
}

async function readBaseUrl(context: ApiContext): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw explainedError(context.getNode(), problem);
	return baseUrl;
}

export async function getBaseUrl(run: Run): Promise<string> {
	return await run.baseUrlOnce(async () => await readBaseUrl(run.context));
}

/** A path segment that would send the request elsewhere (`.`, `..`), or an empty or "undefined" identifier. */
function misplacedSegment(path: string): string | undefined {
	for (const raw of path.split('/').slice(1)) {
		let segment = raw;
		try {
			segment = decodeURIComponent(raw);
		} catch {
			// Not percent-encoded text: checked as it is.
		}
		if (['', '.', '..', 'undefined'].includes(segment.trim())) return raw;
	}
	return undefined;
}

interface Target {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: ApiRequest['body'];
}

interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
}

type Outcome = { response: FullResponse; text: string } | { failure: Failure } | { overBytes: number };

/**
 * Sends one attempt: redirects are not followed by n8n (apiRequest judges each), the body is read within
 * ANSWER_LIMITS, and the whole exchange has a real-time bound.
 */
async function send(run: Run, target: Target, ms: number, cleanup: boolean, share: AnswerShare): Promise<Outcome> {
	const options: IHttpRequestOptions = {
		method: target.method,
		url: target.url,
		qs: target.qs,
		body: target.body,
		json: true,
		arrayFormat: 'repeat',
		encoding: 'stream',
		returnFullResponse: true,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: ms,
	};
	// n8n puts the execution's cancel signal in place of the request's own: the attempt's signal is aborted by both, so
	// its deadline closes the connection too. A clean-up, which outlives a cancel, keeps its own only.
	const execution = cleanup ? undefined : run.cancel;
	const outcome = await beforeDeadline(
		ms,
		async (signal): Promise<Outcome> => {
			let response: FullResponse;
			try {
				// n8n's helper aborts on the signal its context names, not on `abortSignal`: the attempt names its own (no
				// state lives on this view of the context; it ends with the attempt).
				const caller: ApiContext = Object.create(run.context, { getExecutionCancelSignal: { value: () => signal } });
				response = (await run.context.helpers.httpRequestWithAuthentication.call(caller, CREDENTIAL_TYPE, {
					...options,
					abortSignal: signal,
				})) as FullResponse;
			} catch (error) {
				return { failure: await readFailureBounded(error, signal) };
			}
			try {
				const body = await readBounded(response.body, ANSWER_LIMITS.apiBytes, signal, {
					from: run.answers,
					share,
				});
				return 'text' in body ? { response, text: body.text } : body;
			} catch {
				return { failure: { code: 'ECONNRESET', cutOff: true } };
			}
		},
		execution,
	);
	return outcome === TIMED_OUT ? { failure: { code: 'ETIMEDOUT', timeoutMs: ms } } : outcome;
}

function headerOf(headers: Record<string, unknown> | undefined, name: string): string | undefined {
	const value = headers?.[name];
	return value === undefined ? undefined : String(value);
}

/** A `Date` header in IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), in ms; undefined otherwise. */
function serviceDate(header: string | undefined): number | undefined {
	if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(header ?? '')) return undefined;
	const ms = Date.parse(header as string);
	return Number.isNaN(ms) ? undefined : ms;
}

function learnSecrets(run: Run, request: ApiRequest, answer: unknown): void {
	const fields = request.answerSecrets ?? [];
	if (fields.length === 0 || answer === null || typeof answer !== 'object') return;
	const { secrets } = run;
	const records = Array.isArray(answer) ? answer : [answer, ...Object.values(answer).filter(Array.isArray).flat()];
	for (const record of records) {
		if (record === null || typeof record !== 'object') continue;
		for (const field of fields) {
			const value = (record as IDataObject)[field];
			if (typeof value === 'string' && value !== '') secrets.add(value);
		}
	}
}

/** The run's scrubber: its secrets and the credential's, read now (so a token refreshed meanwhile is included). */
async function secretScrubber(run: Run): Promise<(value: unknown) => unknown> {
	let credentials: IDataObject = {};
	try {
		credentials = (await run.context.getCredentials(CREDENTIAL_TYPE)) as IDataObject;
	} catch {
		// Without the credential only the run's secrets and the Bearer/Basic patterns are scrubbed.
	}
	return scrubberFor(credentials, run.secrets);
}

/** Whether a final failure means the credential itself is refused: n8n already logged in again once and retried. */
function accessRefused(failure: Failure): boolean {
	if (failure.login) return failure.login.httpCode === '401' || failure.login.httpCode === '403';
	return failure.status === 401;
}

/**
 * The most a request's path and query may take: gateways refuse a longer request line (414) or cut it, commonly
 * somewhere from 4 to 8 KB. A longer one is refused before sending, naming the list that made it long.
 */
export const REQUEST_LINE = { maxBytes: 6 * 1024 };

/** The path and query as sent (repeated keys for lists), for the request-line budget. */
function requestLineBytes(path: string, qs: IDataObject | undefined): number {
	let bytes = Buffer.byteLength(path);
	for (const [key, value] of Object.entries(qs ?? {})) {
		for (const entry of Array.isArray(value) ? value : [value]) {
			if (entry === undefined) continue;
			bytes += 2 + Buffer.byteLength(encodeURIComponent(key));
			bytes += Buffer.byteLength(encodeURIComponent(typeof entry === 'object' ? JSON.stringify(entry) : String(entry)));
		}
	}
	return bytes;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a text holds half of a character (a lone surrogate), which no address can carry; -1 where it holds none. */
export const loneSurrogateAt = (text: string): number => text.search(LONE_SURROGATE);

/** The text with each half of a character (a lone surrogate) as U+FFFD. */
export const wellFormed = (text: string): string => text.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');

/** The field of the path or query that holds text the address cannot carry, and where; undefined when all can go. */
function unsendableText(request: ApiRequest): { field: string; at: number } | undefined {
	if (request.unsendable) return request.unsendable;
	for (const [field, value] of Object.entries(request.qs ?? {}))
		for (const entry of Array.isArray(value) ? value : [value]) {
			const at = typeof entry === 'string' ? loneSurrogateAt(entry) : -1;
			if (at >= 0) return { field, at };
		}
	return undefined;
}

/** Why a request line is over the budget, in words naming its longest list; undefined when it fits. */
function overlongLine(request: ApiRequest): { message: string; description: string } | undefined {
	const bytes = requestLineBytes(request.path, request.qs);
	if (bytes <= REQUEST_LINE.maxBytes) return undefined;
	const lists = Object.entries(request.qs ?? {}).filter((entry): entry is [string, unknown[]] =>
		Array.isArray(entry[1]),
	);
	const [key, values] =
		lists.sort((a, b) => requestLineBytes('', { [b[0]]: b[1] }) - requestLineBytes('', { [a[0]]: a[1] }))[0] ?? [];
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
	if (!key || !values || values.length === 0) {
		return {
			message: `${request.method} ${request.path.slice(0, 80)} was not sent: its address is ${kb(bytes)} long, more than the ${kb(REQUEST_LINE.maxBytes)} gateways accept`,
			description: 'Shorten the values this item sends in the address (identifiers, names, filters).',
		};
	}
	const perValue = requestLineBytes('', { [key]: values }) / values.length;
	const fit = Math.max(
		0,
		Math.floor((REQUEST_LINE.maxBytes - (bytes - requestLineBytes('', { [key]: values }))) / perValue),
	);
	return {
		message: `${request.method} ${request.path.slice(0, 80)} was not sent: the "${key}" filter holds ${values.length} values, ${kb(bytes)} in the address, more than the ${kb(REQUEST_LINE.maxBytes)} gateways accept`,
		description: `About ${fit} values of this length fit. Split the list over several items (for example with n8n's Loop Over Items node) and run the node for each part.`,
	};
}

/**
 * The one place that talks to the service: authenticated through n8n, array query parameters as repeated keys
 * (FastAPI ignores `a[0]=`), same-origin redirects only, bounded retries and answers, and readable errors with no
 * secret in them (every error below is built by `raise`, which scrubs them). `listed`, for a page: how many entries
 * its list held before those that are not records were dropped (what a page position counts).
 */
export async function apiRequest(run: Run, request: ApiRequest): Promise<IDataObject> {
	return (await checkedRequest(run, request)).answer;
}

export async function checkedRequest(run: Run, request: ApiRequest): Promise<{ answer: IDataObject; listed?: number }> {
	const hold: Hold = { free: () => {} };
	try {
		return await exchange(run, request, hold).catch((error: unknown) => {
			// Decided before its place is given back: with Continue On Fail off, no request of the run starts after this
			// failure (a clean-up still goes out), and the router reports what the items in flight did.
			if (!request.cleanup && !(error instanceof RequestsStopped) && run.stopsAtFailure) run.stop(request.itemIndex);
			throw error;
		});
	} finally {
		letGo(run, hold);
	}
}

/** What a request holds while an attempt's outcome is judged. */
interface Hold {
	free: () => void;
	share?: AnswerShare;
}

function letGo(run: Run, hold: Hold): void {
	hold.free();
	hold.free = () => {};
	if (hold.share) run.answers.close(hold.share);
	hold.share = undefined;
}

/** A request that changes something and is not safe to send twice: remembered across n8n's tries (`written.ts`). */
const isWrite = (request: ApiRequest) => request.method !== 'GET' && !request.idempotent;

/** A change the service made for an item, kept for the error that stops the node. */
function noteWrite(run: Run, request: ApiRequest, answer: IDataObject): IDataObject {
	const write = request.method !== 'GET' && !(request.method === 'POST' && request.idempotent);
	if (!write || request.itemIndex === undefined) return answer;
	const id = recordId(answer);
	run.noteWrite(request.itemIndex, `${request.method} ${request.path}${id ? ` (ID ${id})` : ''}`);
	return answer;
}

async function exchange(run: Run, request: ApiRequest, hold: Hold): Promise<{ answer: IDataObject; listed?: number }> {
	const what = `${request.method} ${request.path}`;
	for (const secret of request.secrets ?? []) run.secrets.add(secret);
	const scrubber = async () => await secretScrubber(run);
	const memory = isWrite(request) ? run.written : undefined;
	const memoryKey = memory?.keyOf(request.itemIndex, request);
	const remember = (outcome: WriteOutcome) => memory && memoryKey && memory.record(memoryKey, outcome);
	const checked = async (arrived: Arrived): Promise<{ answer: IDataObject; listed?: number }> => {
		const verdict = await checkAnswer(run.context, request, arrived, scrubber);
		if ('refuse' in verdict) return await raise(verdict.refuse);
		remember({ answer: verdict.answer });
		return { answer: noteWrite(run, request, verdict.answer), listed: verdict.listed };
	};
	const raise = async (explained: Explained): Promise<never> => {
		const scrub = await scrubber();
		const text = (value: string) => String(scrub(value));
		throw explainedError(run.context.getNode(), {
			message: text(explained.message),
			description: text(explained.description),
			httpCode: explained.httpCode,
			details: explained.details?.map(text),
			itemIndex: request.itemIndex,
		});
	};
	const misplaced = misplacedSegment(request.path);
	if (misplaced !== undefined) {
		return await raise({
			message: `${what} was not sent: "${misplaced}" cannot stand where an identifier belongs in the path`,
			description:
				'"." and ".." would send the request to another address, and an empty or "undefined" identifier means one is missing (for example because an earlier answer of the service lacked it). Check the identifiers of this item, or use the ID from the service.',
		});
	}
	const unsendable = unsendableText(request);
	if (unsendable) {
		const item = request.itemIndex !== undefined ? ` of item ${request.itemIndex}` : '';
		return await raise({
			message: `The text for "${unsendable.field}"${item} cannot be sent: it holds half of a character`,
			description: `Character ${unsendable.at + 1} of "${unsendable.field}" is a lone surrogate, half of an emoji or another character, usually left where text was cut to a length. No address can carry it, so nothing was sent. Fix the parameter that gives "${unsendable.field}" (remove that character, or cut the text so that characters stay whole) and run the node again.`,
		});
	}
	const overlong = overlongLine(request);
	if (overlong) return await raise(overlong);
	const baseUrl = await getBaseUrl(run);
	const idempotent = request.idempotent ?? request.method !== 'POST';
	// Set when the request first gets its turn among the run's requests in flight: waiting for a turn is not its time.
	let ownDeadline = Number.POSITIVE_INFINITY;
	let deadline = request.deadline ?? Number.POSITIVE_INFINITY;
	let target: Target = { method: request.method, url: `${baseUrl}${request.path}`, qs: request.qs, body: request.body };
	const visited: string[] = [];
	let resentAfterLooking = false;
	// A last attempt may have only the rest of the request's time: a timeout names the longest one waited.
	let longestWaitMs = 0;

	const failWith = async (raw: Failure, attempts: number, note = ''): Promise<never> => {
		const scrub = await scrubber();
		const failure = { ...raw, body: scrub(raw.body) };
		const details = formatDetail(failure.body);
		// A "not found" of an ID from the trigger's example event says so, whoever explains it.
		const told = [note, failure.status === 404 ? sampleIdNote(request.path) : ''].filter(Boolean).join(' ');
		const withNote = (explained: Explained) =>
			told ? { ...explained, description: `${explained.description} ${told}`.trim() } : explained;
		const explained = failure.status !== undefined ? request.explain?.(failure, details) : undefined;
		if (explained) return await raise(withNote({ ...explained, httpCode: String(failure.status), details }));
		return await raise(
			withNote(explainFailure(failure, { resourceLabel: request.resourceLabel, host: hostOf(baseUrl), attempts })),
		);
	};
	// When the write was first sent, by this try or (lost) an earlier one: what a recover lookup judges from.
	let firstSentAt: number | undefined;
	const lostWrite = (): WriteOutcome => ({ lost: true, sentAt: firstSentAt });
	const mayOrMayNot = async (failure: Failure | undefined, why: string): Promise<never> => {
		remember(lostWrite());
		return await raise({
			message:
				request.lostAnswer?.message ?? `No answer came back for ${what}; it may or may not have been carried out`,
			description: request.lostAnswer
				? `${why} ${request.lostAnswer.description}`
				: `${why} Check whether it took effect (for example by listing the jobs of the dataset) before running the node again: running it now could do it twice.`,
			httpCode: failure?.status !== undefined ? String(failure.status) : undefined,
		});
	};
	const cancelled = async (): Promise<never> => {
		if (isWrite(request)) remember(lostWrite());
		return await raise({
			message: `Stopped ${what}: the execution was cancelled`,
			description: 'The request may or may not have reached the service before the cancel.',
		});
	};
	const lookFor = async (recover: NonNullable<ApiRequest['recover']>): Promise<IDataObject | undefined> => {
		const until = Math.min(Date.now() + RECOVERY.windowMs, deadline);
		for (let gap = RECOVERY.firstGapMs; ; gap *= 2) {
			const created = await recover(firstSentAt ?? Date.now());
			// The service shows it was not made (its unique name is another record's): no reason to look on.
			if (created === NOT_MADE) return undefined;
			if (created) return created;
			const wait = Math.min(gap, until - Date.now());
			if (wait <= 0) return undefined;
			await run.sleep(wait);
			if (run.cancel.aborted) return await cancelled();
		}
	};

	// n8n's Retry On Fail runs the node again with all items: a write an earlier try made is not made again.
	const earlier = memoryKey ? memory?.earlier(memoryKey) : undefined;
	if (earlier && 'answer' in earlier) {
		learnSecrets(run, request, earlier.answer);
		remember(earlier);
		return { answer: noteWrite(run, request, earlier.answer) };
	}
	if (earlier) {
		firstSentAt = 'lost' in earlier ? earlier.sentAt : undefined;
		const lost =
			'forgotten' in earlier
				? `An earlier try of this execution (n8n's Retry On Fail) may have sent it, but the node's memory of earlier tries was full (${earlier.forgotten}), so it was not sent again (doing so could do it twice).`
				: "An earlier try of this execution (n8n's Retry On Fail) sent it and got no answer, so it was not sent again (doing so could do it twice).";
		if (!request.recover) return await mayOrMayNot(undefined, lost);
		const created = await lookFor(request.recover).catch(
			async () =>
				await mayOrMayNot(undefined, `${lost} Looking on the service for what it would have created failed too.`),
		);
		if (created) return await checked({ body: { kind: 'json', value: created }, status: 200, contentType: undefined });
		// Not listed within the window: taken as not done, and sent (a second loss is not gambled on).
	}

	for (let attempt = 1; ; attempt++) {
		letGo(run, hold);
		hold.free = await run.pace.takeTurn(run).catch((error: unknown) => {
			// A clean-up goes out even when the node stopped its requests: it is what stopping leaves to do.
			if (request.cleanup && error instanceof RequestsStopped) return () => {};
			if (error instanceof RequestsStopped && run.cancel.aborted)
				throw new RequestsStopped(`${what} was not sent: the execution was cancelled`);
			throw error;
		});
		if (!request.cleanup && run.cancel.aborted) return await cancelled();
		// Checked once it is this request's turn: an item that was waiting learns of a refusal that came meanwhile.
		if (request.itemIndex !== undefined) run.sent.add(request.itemIndex);
		const refused = run.refusedAccess;
		if (refused) {
			return await raise({
				...refused,
				description: `${refused.description} (Nothing was sent for this item: an earlier one was refused.)`,
			});
		}
		if (ownDeadline === Number.POSITIVE_INFINITY) {
			ownDeadline = Date.now() + (request.cleanup ? RETRY.cleanupTimeoutMs : RETRY.requestTimeoutMs);
			deadline = Math.min(deadline, ownDeadline);
		}
		const attemptMs = Math.max(1, Math.min(RETRY.attemptTimeoutMs, ownDeadline - Date.now()));
		hold.share = run.answers.share();
		const sentAt = Date.now();
		firstSentAt ??= sentAt;
		const outcome = await send(run, target, attemptMs, request.cleanup ?? false, hold.share);
		const failed = 'failure' in outcome ? outcome.failure : undefined;
		run.pace.report(
			sentAt,
			'response' in outcome ? outcome.response.statusCode : failed ? failed.status : 200,
			failed?.ratePerSecond,
		);
		// Kept before the next request gets its turn, so none of the run logs in again after a refusal.
		if ('failure' in outcome && accessRefused(outcome.failure)) {
			run.refusedAccess = explainFailure(outcome.failure, {
				resourceLabel: request.resourceLabel,
				host: hostOf(baseUrl),
				attempts: attempt,
			});
		}
		if ('overBytes' in outcome) {
			return await raise({
				message: `The Media Analysis Service answered ${what} with more than ${ANSWER_LIMITS.apiBytes / 1024 / 1024} MB; n8n stopped reading it`,
				description: `No answer of the service should be this large, so nothing was made of it. Use a Limit or filters to ask for less. ${HINTS.baseUrl}`,
			});
		}
		if ('response' in outcome) {
			const { headers, statusCode } = outcome.response;
			request.serviceTime?.(serviceDate(headerOf(headers, 'date')));
			const body = parseBody(outcome.text);
			if (body.kind === 'json') learnSecrets(run, request, body.value);
			return await checked({ body, status: statusCode, contentType: headerOf(headers, 'content-type') });
		}
		const { failure } = outcome;
		// A cancel aborts what is in flight: that is neither the service's failure nor a reason to try again.
		if (!request.cleanup && run.cancel.aborted) return await cancelled();
		if (failure.timeoutMs !== undefined) failure.timeoutMs = longestWaitMs = Math.max(longestWaitMs, failure.timeoutMs);

		if (failure.status !== undefined && failure.status >= 300 && failure.status < 400) {
			visited.push(target.url);
			const verdict = judgeRedirect({
				what,
				method: target.method,
				status: failure.status,
				location: failure.location,
				currentUrl: target.url,
				baseUrl,
				visited,
			});
			if ('refuse' in verdict) return await raise({ ...verdict.refuse, httpCode: String(failure.status) });
			target = {
				method: verdict.method as IHttpRequestMethods,
				url: verdict.follow,
				body: verdict.dropBody ? undefined : target.body,
			};
			attempt--;
			continue;
		}

		const delay = nextDelay(failure, attempt, deadline);
		const mayRepeat = idempotent || provablyNotProcessed(failure);
		if (isRetryable(failure) && !mayRepeat) {
			const lost =
				'The request may have reached the Media Analysis Service before the connection failed, so it was not sent again (doing so could create a duplicate).';
			if (!request.recover) return await mayOrMayNot(failure, lost);
			let created: IDataObject | undefined;
			letGo(run, hold);
			try {
				created = await lookFor(request.recover);
			} catch {
				return await mayOrMayNot(failure, `${lost} Looking on the service for what it would have created failed too.`);
			}
			if (created)
				return await checked({ body: { kind: 'json', value: created }, status: 200, contentType: undefined });
			// Not listed within the window: taken as not done, and sent once more; a second loss is not gambled on.
			const unseen = `${lost} What it would have created was not listed on the service within ${RECOVERY.windowMs / 1000} s; it may still appear.`;
			if (resentAfterLooking || delay === undefined) return await mayOrMayNot(failure, unseen);
			resentAfterLooking = true;
			run.context.logger.debug(
				`Media Analysis: ${what} lost its answer and what it creates was not listed within ${RECOVERY.windowMs} ms; sending it again`,
			);
			continue;
		}
		if (delay === undefined) return await failWith(failure, attempt);
		// The service asked the whole client to slow down (a 429, a Retry-After, a throttled login): every request of
		// this node run waits, not only this one.
		if (failure.status === 429 || failure.retryAfter !== undefined || failure.loginWaitMs !== undefined)
			run.pace.pauseAll(delay);
		run.context.logger.debug(
			`Media Analysis: ${what} failed (${failure.status ?? failure.code}); retry ${attempt} of ${RETRY.attempts - 1} in ${delay} ms`,
		);
		letGo(run, hold);
		// Ends early on a cancel (the request then fails at once) or when the run stops (the next turn is refused).
		await (request.cleanup ? sleep(delay) : run.sleep(delay));
		if (!request.cleanup && run.cancel.aborted) return await cancelled();
	}
}
