/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate, authSchemeOf, expireAllAccessTokens } from './auth';
import type { Clock } from './clock';
import { errorReply, HttpError, notFound, parseQuery, readBody, type Reply, Router, sendReply } from './http';
import type { FaultDecision } from './faults';
import { createLogEntry } from './request-log';
import { ADMIN_PREFIX } from './routes/admin';
import type { RequestContext, RouteDefinition } from './routes/route';
import type { SandboxStore } from './store';
import { JSON_DECODE_ERROR, validationError } from './validation';

export interface PipelineDependencies {
	store: SandboxStore;
	clock: Clock;
	apiRoutes: RouteDefinition[];
	adminRoutes: RouteDefinition[];
}

export function createRequestListener(dependencies: PipelineDependencies): RequestListener {
	const apiRouter = new Router(dependencies.apiRoutes);
	const adminRouter = new Router(dependencies.adminRoutes);
	return (req, res) => {
		handleRequest(req, res, dependencies, apiRouter, adminRouter).catch((error: unknown) => {
			console.error('sandbox: request failed', error);
			if (!res.headersSent) sendReply(res, internalError());
			else res.destroy();
		});
	};
}

/**
 * The single path of every request: receive, dispatch, record, send.
 * Fault injection (delays, 429/5xx answers, dropped connections) belongs here: before dispatch to fail a request
 * the service never saw, after it to lose an answer the service already acted on.
 */
async function handleRequest(
	req: IncomingMessage,
	res: ServerResponse,
	{ store, clock }: PipelineDependencies,
	apiRouter: Router<RouteDefinition>,
	adminRouter: Router<RouteDefinition>,
): Promise<void> {
	const receivedAt = clock.nowIso();
	// The service dates its answers by its own clock (create recovery reads it), here the sandbox's, moved or not.
	res.setHeader('date', new Date(clock.now()).toUTCString());
	const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
	const rawQuery = url.search.slice(1);
	const context: RequestContext = {
		method: (req.method ?? 'GET').toUpperCase(),
		path: url.pathname,
		rawQuery,
		query: parseQuery(rawQuery),
		params: {},
		body: { kind: 'none' },
		headers: req.headers,
		store,
		clock,
	};
	const isControlRoute = context.path.startsWith(ADMIN_PREFIX);
	const fault: FaultDecision = isControlRoute
		? {}
		: store.faults.decide(context.path, context.path === LOGIN_PATH, clock.now());
	if (fault.revokeTokens) expireAllAccessTokens(store, clock);

	const record = (status: number) => {
		if (isControlRoute) return;
		store.counters.requests++;
		store.requestLog.push(
			createLogEntry(
				{
					at: receivedAt,
					method: context.method,
					path: context.path,
					rawQuery,
					query: context.query,
					body: context.body,
					authScheme: authSchemeOf(req.headers.authorization),
					status,
					fault: fault.kind,
				},
				store.secrets(),
			),
		);
	};

	if (fault.kind === 'drop-before') {
		// The service never saw it: the connection closes before anything is read.
		record(0);
		req.socket.destroy();
		return;
	}
	if (fault.kind === 'status' || fault.kind === 'rate-limit') {
		context.body = await readBody(req);
		const reply: Reply = {
			status: fault.status ?? 503,
			body: { detail: fault.kind === 'rate-limit' ? 'Too Many Requests' : 'Service Unavailable' },
			headers:
				fault.kind === 'rate-limit'
					? {
							'retry-after': String(fault.retryAfterSeconds ?? 0),
							...(fault.ratePolicy ? { 'ratelimit-policy': fault.ratePolicy } : {}),
						}
					: undefined,
		};
		record(reply.status);
		sendReply(res, reply);
		return;
	}
	if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));

	const reply = await dispatch(isControlRoute ? adminRouter : apiRouter, context, req);
	record(reply.status);
	if (fault.dropAfter) {
		// The service acted on it, but the answer is lost on the way back.
		res.socket?.destroy();
		return;
	}
	sendReply(res, reply);
}

const LOGIN_PATH = '/api/v0/login';

/** Routing (404/405) comes first, then authentication (401), then the body must be JSON, then the handler. */
async function dispatch(
	router: Router<RouteDefinition>,
	context: RequestContext,
	req: IncomingMessage,
): Promise<Reply> {
	try {
		context.body = await readBody(req);
		const lookup = router.lookup(context.method, context.path);
		if (lookup.kind === 'not-found') throw notFound();
		if (lookup.kind === 'method-not-allowed') {
			throw new HttpError(405, 'Method Not Allowed', { allow: lookup.allowed.join(', ') });
		}
		context.params = lookup.params;
		if (lookup.route.auth === 'access-token') {
			context.principal = authenticate(context.store, context.clock, context.headers.authorization);
		}
		if (context.body.kind === 'invalid-json') throw validationError([JSON_DECODE_ERROR]);
		return await lookup.route.handle(context);
	} catch (error) {
		if (error instanceof HttpError) return errorReply(error);
		console.error(`sandbox: ${context.method} ${context.path} failed`, error);
		return internalError();
	}
}

const internalError = (): Reply => ({ status: 500, body: { detail: 'Internal Server Error' } });
