import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	ANSWER_LIMITS,
	type AnswerShare,
	baseUrlProblem,
	headerOf,
	judgeRedirect,
	parseBody,
	readBounded,
	RETRYABLE_STATUS,
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
	type Explained,
	type Failure,
} from './errors';
import { RequestsStopped } from './pace';
import { checkRequest } from './address';
import type { Run } from './run';
import { NOT_MADE, type ApiContext, type ApiRequest } from './types';
import type { EarlierWrite, WriteOutcome } from './written';

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
 * lists a new record late still shows it within this window). Looks at about 0, 1, 3, 7, 15 and 30 s from the failure (gaps of 1, 2, 4… s).
 */
export const RECOVERY = { windowMs: 30_000, firstGapMs: 1000 };

const LOST_CONNECTION =
	'The request may have reached the Media Analysis Service before the connection failed, so it was not sent again (doing so could create a duplicate).';

const RETRYABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN']);

export function retryDelayMs(failure: Failure, attempt: number): number {
	return (
		failure.login?.retryAfterMs ??
		retryAfterMs(failure.retryAfter) ??
		Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1))
	);
}

/** The Base URL of the run's credential, read once for the run. */
async function baseUrlOf(run: Run): Promise<string> {
	run.baseUrl ??= (async () => {
		const credentials = await run.context.getCredentials(CREDENTIAL_TYPE);
		const baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
		const problem = baseUrlProblem(baseUrl);
		if (problem) throw explainedError(run.context.getNode(), problem);
		return baseUrl;
	})();
	return await run.baseUrl;
}

type Target = { method: IHttpRequestMethods; url: string } & Pick<ApiRequest, 'qs' | 'body'>;

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
	// n8n puts the execution's cancel signal in place of the request's own: the attempt's signal is aborted by both, so
	// its deadline closes the connection too. A clean-up, which outlives a cancel, keeps its own only.
	const outcome = await beforeDeadline(
		ms,
		async (signal): Promise<Outcome> => {
			// n8n's helper aborts on the signal its context names, not on `abortSignal`: the attempt names its own (no
			// state lives on this view of the context; it ends with the attempt).
			const caller: ApiContext = Object.create(run.context, { getExecutionCancelSignal: { value: () => signal } });
			const response: FullResponse | Failure = await run.context.helpers.httpRequestWithAuthentication
				.call(caller, CREDENTIAL_TYPE, {
					...target,
					json: true,
					arrayFormat: 'repeat',
					encoding: 'stream',
					returnFullResponse: true,
					disableFollowRedirect: true,
					sendCredentialsOnCrossOriginRedirect: false,
					timeout: ms,
					abortSignal: signal,
				})
				.catch(async (error: unknown) => await readFailureBounded(error, signal));
			if (!('statusCode' in response)) return { failure: response };
			const budget = { from: run.answers, share };
			const body = await readBounded(response.body, ANSWER_LIMITS.apiBytes, signal, budget).catch(() => undefined);
			if (!body) return { failure: { code: 'ECONNRESET', cutOff: true } };
			return 'text' in body ? { response, text: body.text } : body;
		},
		cleanup ? undefined : run.cancel,
	);
	return outcome === TIMED_OUT ? { failure: { code: 'ETIMEDOUT', timeoutMs: ms } } : outcome;
}

/** A `Date` header in IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), in ms; undefined otherwise. */
function serviceDate(header: string | undefined): number | undefined {
	const imf = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(header ?? '');
	const ms = imf ? Date.parse(header as string) : Number.NaN;
	return Number.isNaN(ms) ? undefined : ms;
}

function learnSecrets(run: Run, request: ApiRequest, answer: unknown): void {
	const fields = request.answerSecrets ?? [];
	if (fields.length === 0 || answer === null || typeof answer !== 'object') return;
	const records = Array.isArray(answer) ? answer : [answer, ...Object.values(answer).filter(Array.isArray).flat()];
	for (const record of records.filter((entry) => typeof entry === 'object' && entry !== null))
		for (const field of fields) {
			const value = (record as IDataObject)[field];
			if (typeof value === 'string' && value !== '') run.secrets.add(value);
		}
}

/** The run's scrubber: its secrets and the credential's, read now (so a token refreshed meanwhile is included). */
async function secretScrubber(run: Run): Promise<(value: unknown) => unknown> {
	// Without the credential only the run's secrets and the Bearer/Basic patterns are scrubbed.
	const credentials = await run.context.getCredentials(CREDENTIAL_TYPE).catch(() => ({}));
	return scrubberFor(credentials as IDataObject, run.secrets);
}

/**
 * The one place that talks to the service: authenticated through n8n, array query parameters as repeated keys
 * (FastAPI ignores `a[0]=`), same-origin redirects only, bounded retries and answers, and readable errors with no
 * secret in them (every error below is built by `raise`, which scrubs them). `listed`, for a page: how many entries
 * its list held before those that are not records were dropped (what a page position counts).
 */
export async function apiRequest(run: Run, request: ApiRequest): Promise<Answer> {
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
type Hold = { free: () => void; share?: AnswerShare };

function letGo(run: Run, hold: Hold): void {
	hold.free();
	hold.free = () => {};
	if (hold.share) run.answers.close(hold.share);
	hold.share = undefined;
}

export type Answer = { answer: IDataObject; listed?: number };

/** One request across its attempts: what each step below reads and leaves for the next. */
interface Exchange {
	run: Run;
	request: ApiRequest;
	what: string;
	baseUrl: string;
	hold: Hold;
	memoryKey?: string;
	deadline: number;
	/** Set when the request first gets its turn among the run's requests in flight: waiting for a turn is not its time. */
	ownDeadline?: number;
	/** When the write was first sent, by this try or (lost) an earlier one: what a recover lookup judges from. */
	firstSentAt?: number;
	target: Target;
	visited: string[];
	/** Attempts so far, this one included: a redirect followed is not another. */
	attempt: number;
	/** A last attempt may have only the rest of the request's time: a timeout names the longest one waited. */
	longestWaitMs?: number;
	resentAfterLooking?: boolean;
}

async function exchange(run: Run, request: ApiRequest, hold: Hold): Promise<Answer> {
	const what = `${request.method} ${request.path}`;
	for (const secret of request.secrets ?? []) run.secrets.add(secret);
	// A request that changes something and is not safe to send twice: remembered across n8n's tries (`written.ts`).
	const write = request.method !== 'GET' && !request.idempotent;
	const memoryKey = write ? run.written?.keyOf(request.itemIndex, request) : undefined;
	const problem = checkRequest(request, what);
	if (problem) return await raise({ run, request }, problem);
	const baseUrl = await baseUrlOf(run);
	const deadline = request.deadline ?? Number.POSITIVE_INFINITY;
	const target: Target = { method: request.method, url: baseUrl + request.path, qs: request.qs, body: request.body };
	const ex: Exchange = { run, request, what, baseUrl, hold, memoryKey, deadline, target, visited: [], attempt: 1 };
	const earlier = memoryKey ? run.written?.earlier(memoryKey) : undefined;
	const recovered = earlier && (await fromEarlierTry(ex, earlier));
	if (recovered) return recovered;
	for (;;) {
		const ms = await takeTurn(ex);
		hold.share = run.answers.share();
		const sentAt = Date.now();
		ex.firstSentAt ??= sentAt;
		const outcome = await send(run, ex.target, ms, request.cleanup ?? false, hold.share);
		const failed = 'failure' in outcome ? outcome.failure : undefined;
		const status = 'response' in outcome ? outcome.response.statusCode : failed ? failed.status : 200;
		run.pace.report(sentAt, status, failed?.ratePerSecond);
		if (!('failure' in outcome)) return await read(ex, outcome);
		const answer = await afterFailure(ex, outcome.failure);
		if (answer) return answer;
	}
}

async function raise({ run, request }: Pick<Exchange, 'run' | 'request'>, explained: Explained): Promise<never> {
	const scrub = await secretScrubber(run);
	const text = (value: string) => String(scrub(value));
	throw explainedError(run.context.getNode(), {
		message: text(explained.message),
		description: text(explained.description),
		httpCode: explained.httpCode,
		details: explained.details?.map(text),
		itemIndex: request.itemIndex,
	});
}

/** Waits for the request's turn among the run's requests in flight; answers how long its attempt may take. */
async function takeTurn(ex: Exchange): Promise<number> {
	const { run, request, hold } = ex;
	letGo(run, hold);
	hold.free = await run.pace.takeTurn(run).catch((error: unknown) => {
		// A clean-up goes out even when the node stopped its requests: it is what stopping leaves to do.
		if (request.cleanup && error instanceof RequestsStopped) return () => {};
		if (error instanceof RequestsStopped && run.cancel.aborted)
			throw new RequestsStopped(`${ex.what} was not sent: the execution was cancelled`);
		throw error;
	});
	if (!request.cleanup && run.cancel.aborted) return await cancelled(ex);
	// Checked once it is this request's turn: an item that was waiting learns of a refusal that came meanwhile.
	if (request.itemIndex !== undefined) run.sent.add(request.itemIndex);
	const refused = run.refusedAccess;
	if (refused)
		return await raise(ex, {
			...refused,
			description: `${refused.description} (Nothing was sent for this item: an earlier one was refused.)`,
		});
	ex.ownDeadline ??= Date.now() + (request.cleanup ? RETRY.cleanupTimeoutMs : RETRY.requestTimeoutMs);
	ex.deadline = Math.min(ex.deadline, ex.ownDeadline);
	return Math.max(1, Math.min(RETRY.attemptTimeoutMs, ex.ownDeadline - Date.now()));
}

async function cancelled(ex: Exchange): Promise<never> {
	remember(ex, { lost: true, sentAt: ex.firstSentAt });
	return await raise(ex, {
		message: `Stopped ${ex.what}: the execution was cancelled`,
		description: 'The request may or may not have reached the service before the cancel.',
	});
}

async function read(ex: Exchange, outcome: Exclude<Outcome, { failure: Failure }>): Promise<Answer> {
	if ('overBytes' in outcome)
		return await raise(ex, {
			message: `The Media Analysis Service answered ${ex.what} with more than ${ANSWER_LIMITS.apiBytes / 1024 / 1024} MB; n8n stopped reading it`,
			description: `No answer of the service should be this large, so nothing was made of it. Use a Limit or filters to ask for less. ${HINTS.baseUrl}`,
		});
	const { headers, statusCode } = outcome.response;
	ex.request.serviceTime?.(serviceDate(headerOf(headers, 'date')));
	const body = parseBody(outcome.text);
	if (body.kind === 'json') learnSecrets(ex.run, ex.request, body.value);
	return await judgeAnswer(ex, { body, status: statusCode, contentType: headerOf(headers, 'content-type') });
}

async function judgeAnswer(ex: Exchange, arrived: Arrived): Promise<Answer> {
	const { run, request } = ex;
	const verdict = await checkAnswer(run.context, request, arrived, async () => await secretScrubber(run));
	if ('refuse' in verdict) return await raise(ex, verdict.refuse);
	remember(ex, { answer: verdict.answer });
	return { answer: verdict.answer, listed: verdict.listed };
}

function remember(ex: Exchange, outcome: WriteOutcome): void {
	if (ex.memoryKey) ex.run.written?.record(ex.memoryKey, outcome);
}

/** After a failed attempt: the request's end (an answer recovered, or an error), or undefined to send it again. */
async function afterFailure(ex: Exchange, failure: Failure): Promise<Answer | undefined> {
	const { run, request } = ex;
	// The credential itself is refused (n8n already logged in again once and retried): kept before the next request
	// gets its turn, so none of the run logs in again after a refusal.
	const refused = failure.login ? ['401', '403'].includes(failure.login.loginStatus ?? '') : failure.status === 401;
	if (refused) run.refusedAccess = explainFor(ex, failure, ex.attempt);
	// A cancel aborts what is in flight: that is neither the service's failure nor a reason to try again.
	if (!request.cleanup && run.cancel.aborted) return await cancelled(ex);
	if (failure.timeoutMs !== undefined)
		failure.timeoutMs = ex.longestWaitMs = Math.max(ex.longestWaitMs ?? 0, failure.timeoutMs);
	if (failure.status !== undefined && failure.status >= 300 && failure.status < 400)
		return await followRedirect(ex, failure.status, failure.location);
	const attempt = ex.attempt++;
	// A login the service throttled or could not serve is worth another try; a refused one is not.
	const status = failure.login ? Number(failure.login.loginStatus) : failure.status;
	const retryable = status !== undefined ? RETRYABLE_STATUS.has(status) : RETRYABLE_NETWORK.has(failure.code ?? '');
	// No wait past the cap or the deadline: undefined when it must not be sent again.
	const wait = retryable && attempt < RETRY.attempts ? retryDelayMs(failure, attempt) : undefined;
	const delay = wait === undefined || wait > RETRY.maxDelayMs || Date.now() + wait >= ex.deadline ? undefined : wait;
	// A failure that proves the service did not act on it (a failed login: it was not sent): even a POST may go again.
	const notActedOn = failure.status === 429 || failure.code === 'ECONNREFUSED' || failure.login !== undefined;
	if (retryable && !notActedOn && !(request.idempotent ?? request.method !== 'POST'))
		return await recover(ex, failure, LOST_CONNECTION, delay);
	if (delay === undefined) return await failWith(ex, failure, attempt);
	// The service asked the whole client to slow down (a 429, a Retry-After, a throttled login): every request of
	// this node run waits, not only this one.
	if (failure.status === 429 || failure.retryAfter !== undefined || failure.login?.retryAfterMs !== undefined)
		run.pace.pauseAll(delay);
	run.context.logger.debug(
		`Media Analysis: ${ex.what} failed (${failure.status ?? failure.code}); retry ${attempt} of ${RETRY.attempts - 1} in ${delay} ms`,
	);
	letGo(run, ex.hold);
	// Ends early on a cancel (the request then fails at once) or when the run stops (the next turn is refused).
	await (request.cleanup ? sleep(delay) : run.sleep(delay));
	if (!request.cleanup && run.cancel.aborted) return await cancelled(ex);
	return undefined;
}

async function followRedirect(ex: Exchange, status: number, location: string | undefined): Promise<undefined> {
	const { what, baseUrl, visited, target } = ex;
	const { method, url: currentUrl } = target;
	visited.push(currentUrl);
	const verdict = judgeRedirect({ what, method, status, location, currentUrl, baseUrl, visited });
	if ('refuse' in verdict) return await raise(ex, { ...verdict.refuse, httpCode: String(status) });
	const body = verdict.dropBody ? undefined : target.body;
	ex.target = { method: verdict.method as IHttpRequestMethods, url: verdict.follow, body };
	return undefined;
}

const explainFor = (ex: Exchange, failure: Failure, attempts: number): Explained =>
	explainFailure(failure, { resourceLabel: ex.request.resourceLabel, host: hostOf(ex.baseUrl), attempts });

async function failWith(ex: Exchange, raw: Failure, attempts: number): Promise<never> {
	const scrub = await secretScrubber(ex.run);
	const failure = { ...raw, body: scrub(raw.body) };
	const details = formatDetail(failure.body);
	const own = failure.status !== undefined ? ex.request.explain?.(failure, details) : undefined;
	const explained = own ? { ...own, httpCode: String(failure.status), details } : explainFor(ex, failure, attempts);
	// A "not found" of an ID from the trigger's example event says so, whoever explains it.
	const told = failure.status === 404 ? (ex.request.notFoundNote?.(ex.request.path) ?? '') : '';
	return await raise(ex, told ? { ...explained, description: `${explained.description} ${told}`.trim() } : explained);
}

/** n8n's Retry On Fail runs the node again with all items: a write an earlier try made is not made again. */
async function fromEarlierTry(ex: Exchange, earlier: EarlierWrite): Promise<Answer | undefined> {
	if ('answer' in earlier) {
		learnSecrets(ex.run, ex.request, earlier.answer);
		remember(ex, earlier);
		return { answer: earlier.answer };
	}
	ex.firstSentAt = 'lost' in earlier ? earlier.sentAt : undefined;
	const lost =
		'forgotten' in earlier
			? `An earlier try of this execution (n8n's Retry On Fail) may have sent it, but the node's memory of earlier tries was full (${earlier.forgotten}), so it was not sent again (doing so could do it twice).`
			: "An earlier try of this execution (n8n's Retry On Fail) sent it and got no answer, so it was not sent again (doing so could do it twice).";
	return await recover(ex, undefined, lost);
}

/**
 * What a write whose answer was lost created, found on the service; undefined to send it again. Not listed within the
 * window, it is taken as not done and sent again: after an earlier try's loss, or once after a loss of this try (a
 * second loss is not gambled on).
 */
async function recover(
	ex: Exchange,
	failure: Failure | undefined,
	lost: string,
	delay?: number,
): Promise<Answer | undefined> {
	const lookup = ex.request.recover;
	if (!lookup) return await mayOrMayNot(ex, failure, lost);
	letGo(ex.run, ex.hold);
	const created = await lookFor(ex, lookup).catch(
		async () =>
			await mayOrMayNot(ex, failure, `${lost} Looking on the service for what it would have created failed too.`),
	);
	if (created)
		return await judgeAnswer(ex, { body: { kind: 'json', value: created }, status: 200, contentType: undefined });
	if (!failure) return undefined;
	const unseen = `${lost} What it would have created was not listed on the service within ${RECOVERY.windowMs / 1000} s; it may still appear.`;
	if (ex.resentAfterLooking || delay === undefined) return await mayOrMayNot(ex, failure, unseen);
	ex.resentAfterLooking = true;
	ex.run.context.logger.debug(
		`Media Analysis: ${ex.what} lost its answer and what it creates was not listed within ${RECOVERY.windowMs} ms; sending it again`,
	);
	return undefined;
}

async function lookFor(ex: Exchange, lookup: NonNullable<ApiRequest['recover']>): Promise<IDataObject | undefined> {
	const until = Math.min(Date.now() + RECOVERY.windowMs, ex.deadline);
	for (let gap = RECOVERY.firstGapMs; ; gap *= 2) {
		const created = await lookup(ex.firstSentAt ?? Date.now());
		// Found, or the service shows it was not made (its unique name is another record's): no reason to look on.
		if (created) return created === NOT_MADE ? undefined : created;
		const wait = Math.min(gap, until - Date.now());
		if (wait <= 0) return undefined;
		await ex.run.sleep(wait);
		if (ex.run.cancel.aborted) return await cancelled(ex);
	}
}

async function mayOrMayNot(ex: Exchange, failure: Failure | undefined, why: string): Promise<never> {
	const { lostAnswer } = ex.request;
	remember(ex, { lost: true, sentAt: ex.firstSentAt });
	return await raise(ex, {
		message: lostAnswer?.message ?? `No answer came back for ${ex.what}; it may or may not have been carried out`,
		description: lostAnswer
			? `${why} ${lostAnswer.description}`
			: `${why} Check whether it took effect (for example by listing the jobs of the dataset) before running the node again: running it now could do it twice.`,
		httpCode: failure?.status !== undefined ? String(failure.status) : undefined,
	});
}
