import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
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
import { checkAnswer, type AnswerSpec, type Arrived } from './check';
import {
	explainedError,
	explainFailure,
	formatDetail,
	readFailureBounded,
	type Explained,
	type Failure,
} from './errors';
import { pauseRequests, reportAnswer, RequestsStopped, stopRequests, takeTurn } from './pace';
import type { PageStyle } from './pagination';
import { cancelSignalOf, recordId, runState } from './run';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'mediaAnalysisApi';

export interface ApiRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | string[];
	/** Sending it twice has the same effect as once (default: every method but POST). */
	idempotent?: boolean;
	itemIndex?: number;
	/** What a 404 is about, e.g. "Dataset". */
	resourceLabel?: string;
	/**
	 * For a request that must not be sent twice, when its answer was lost: what it created (it took effect), or
	 * undefined when it did not, so it is sent again. Without it, such a failure stops the node.
	 */
	recover?: () => Promise<IDataObject | undefined>;
	/** Told the service's `Date` header (ms) at each successful answer: a recover lookup judges time on it. */
	serviceTime?: (ms: number | undefined) => void;
	/** Values typed by the user that must never be shown: scrubbed from every later error of the run. */
	secrets?: string[];
	/** Fields of the answer (or of each record of a list) holding a secret the service hands out, kept for the run. */
	answerSecrets?: string[];
	/** What to say when the answer was lost, where the generic words do not cover the outcome. */
	lostAnswer?: { message: string; description: string };
	/** Explains an error answer in this endpoint's own words, or undefined for the generic explanation. */
	explain?: (failure: Failure, details: string[]) => { message: string; description: string } | undefined;
	/** What a successful answer must hold (`check.ts`); a JSON object by default, or nothing for a DELETE. */
	answer?: AnswerSpec | PageStyle;
	/** No retry waits past this moment (ms since the epoch). */
	deadline?: number;
	/**
	 * Clean-up that must happen even when the run ends early: sent on an abort signal of its own (not the execution's,
	 * which a cancel aborts), also after the node stopped its other requests, within `RETRY.cleanupTimeoutMs`.
	 */
	cleanup?: boolean;
}

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
	return retryAfterMs(failure.retryAfter) ?? Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1));
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

export async function getBaseUrl(this: ApiContext): Promise<string> {
	const run = runState(this);
	run.baseUrl ??= readBaseUrl(this);
	return await run.baseUrl;
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
async function send(
	this: ApiContext,
	target: Target,
	ms: number,
	cleanup: boolean,
	share: AnswerShare,
): Promise<Outcome> {
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
	const execution = cleanup ? undefined : cancelSignalOf(this);
	const outcome = await beforeDeadline(
		ms,
		async (signal): Promise<Outcome> => {
			let response: FullResponse;
			try {
				const caller: ApiContext = Object.create(this, { getExecutionCancelSignal: { value: () => signal } });
				response = (await this.helpers.httpRequestWithAuthentication.call(caller, CREDENTIAL_TYPE, {
					...options,
					abortSignal: signal,
				})) as FullResponse;
			} catch (error) {
				return { failure: await readFailureBounded(error, signal) };
			}
			try {
				const body = await readBounded(response.body, ANSWER_LIMITS.apiBytes, signal, {
					from: runState(this).answers,
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

function learnSecrets(context: ApiContext, request: ApiRequest, answer: unknown): void {
	const fields = request.answerSecrets ?? [];
	if (fields.length === 0 || answer === null || typeof answer !== 'object') return;
	const { secrets } = runState(context);
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
async function secretScrubber(this: ApiContext): Promise<(value: unknown) => unknown> {
	let credentials: IDataObject = {};
	try {
		credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as IDataObject;
	} catch {
		// Without the credential only the run's secrets and the Bearer/Basic patterns are scrubbed.
	}
	return scrubberFor(credentials, runState(this).secrets);
}

/** Whether a final failure means the credential itself is refused: n8n already logged in again once and retried. */
function accessRefused(failure: Failure): boolean {
	if (failure.login) return failure.login.httpCode === '401' || failure.login.httpCode === '403';
	return failure.status === 401;
}

/**
 * The one place that talks to the service: authenticated through n8n, array query parameters as repeated keys
 * (FastAPI ignores `a[0]=`), same-origin redirects only, bounded retries and answers, and readable errors with no
 * secret in them (every error below is built by `raise`, which scrubs them).
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const hold: Hold = { free: () => {} };
	try {
		return await exchange.call(this, request, hold).catch((error: unknown) => {
			// Decided before its place is given back: with Continue On Fail off, no request of the run starts after this
			// failure (a clean-up still goes out), and the router reports what the items in flight did.
			if (!request.cleanup && !(error instanceof RequestsStopped) && stopsAtFailure(this))
				stopRequests(this, request.itemIndex);
			throw error;
		});
	} finally {
		letGo(this, hold);
	}
}

/** What a request holds while an attempt's outcome is judged. */
interface Hold {
	free: () => void;
	share?: AnswerShare;
}

function letGo(context: ApiContext, hold: Hold): void {
	hold.free();
	hold.free = () => {};
	if (hold.share) runState(context).answers.close(hold.share);
	hold.share = undefined;
}

/** An action node's run with Continue On Fail off (a poll or list search has none). */
function stopsAtFailure(context: ApiContext): boolean {
	return 'continueOnFail' in context && typeof context.continueOnFail === 'function' && !context.continueOnFail();
}

/** A change the service made for an item, kept for the error that stops the node. */
function noteWrite(context: ApiContext, request: ApiRequest, answer: IDataObject): IDataObject {
	const write = request.method !== 'GET' && !(request.method === 'POST' && request.idempotent);
	if (!write || request.itemIndex === undefined) return answer;
	const id = recordId(answer);
	const { writes } = runState(context);
	writes.set(request.itemIndex, [
		...(writes.get(request.itemIndex) ?? []),
		`${request.method} ${request.path}${id ? ` (ID ${id})` : ''}`,
	]);
	return answer;
}

async function exchange(this: ApiContext, request: ApiRequest, hold: Hold): Promise<IDataObject> {
	const what = `${request.method} ${request.path}`;
	for (const secret of request.secrets ?? []) runState(this).secrets.add(secret);
	const scrubber = secretScrubber.bind(this);
	const checked = async (arrived: Arrived): Promise<IDataObject> => {
		const verdict = await checkAnswer.call(this, request, arrived, scrubber);
		return 'refuse' in verdict ? await raise(verdict.refuse) : noteWrite(this, request, verdict.answer);
	};
	const raise = async (explained: Explained): Promise<never> => {
		const scrub = await scrubber();
		const text = (value: string) => String(scrub(value));
		throw explainedError(this.getNode(), {
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
	const baseUrl = await getBaseUrl.call(this);
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
		const explained = failure.status !== undefined ? request.explain?.(failure, details) : undefined;
		if (explained) return await raise({ ...explained, httpCode: String(failure.status), details });
		const generic = explainFailure(failure, { resourceLabel: request.resourceLabel, host: hostOf(baseUrl), attempts });
		return await raise(note ? { ...generic, description: `${generic.description} ${note}`.trim() } : generic);
	};
	const mayOrMayNot = async (failure: Failure, why: string): Promise<never> =>
		await raise({
			message:
				request.lostAnswer?.message ?? `No answer came back for ${what}; it may or may not have been carried out`,
			description: request.lostAnswer
				? `${why} ${request.lostAnswer.description}`
				: `${why} Check whether it took effect (for example by listing the jobs of the dataset) before running the node again: running it now could do it twice.`,
			httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		});
	const lookFor = async (recover: NonNullable<ApiRequest['recover']>): Promise<IDataObject | undefined> => {
		const until = Math.min(Date.now() + RECOVERY.windowMs, deadline);
		for (let gap = RECOVERY.firstGapMs; ; gap *= 2) {
			const created = await recover();
			if (created) return created;
			const wait = Math.min(gap, until - Date.now());
			if (wait <= 0) return undefined;
			await sleep(wait);
		}
	};

	for (let attempt = 1; ; attempt++) {
		letGo(this, hold);
		hold.free = await takeTurn(this).catch((error: unknown) => {
			// A clean-up goes out even when the node stopped its requests: it is what stopping leaves to do.
			if (request.cleanup && error instanceof RequestsStopped) return () => {};
			throw error;
		});
		// Checked once it is this request's turn: an item that was waiting learns of a refusal that came meanwhile.
		const run = runState(this);
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
		const outcome = await send.call(this, target, attemptMs, request.cleanup ?? false, hold.share);
		const failed = 'failure' in outcome ? outcome.failure : undefined;
		reportAnswer(
			this,
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
			if (body.kind === 'json') learnSecrets(this, request, body.value);
			return await checked({ body, status: statusCode, contentType: headerOf(headers, 'content-type') });
		}
		const { failure } = outcome;
		// A cancel aborts what is in flight: that is neither the service's failure nor a reason to try again.
		if (!request.cleanup && cancelSignalOf(this)?.aborted) {
			return await raise({
				message: `Stopped ${what}: the execution was cancelled`,
				description: 'The request may or may not have reached the service before the cancel.',
			});
		}
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
			letGo(this, hold);
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
			this.logger.debug(
				`Media Analysis: ${what} lost its answer and what it creates was not listed within ${RECOVERY.windowMs} ms; sending it again`,
			);
			continue;
		}
		if (delay === undefined) return await failWith(failure, attempt);
		// The service asked the whole client to slow down: every request of this node run waits, not only this one.
		if (failure.status === 429 || failure.retryAfter !== undefined) pauseRequests(this, delay);
		this.logger.debug(
			`Media Analysis: ${what} failed (${failure.status ?? failure.code}); retry ${attempt} of ${RETRY.attempts - 1} in ${delay} ms`,
		);
		letGo(this, hold);
		await sleep(delay);
	}
}
