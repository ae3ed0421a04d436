/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate, authSchemeOf } from './auth';
import type { Clock } from './clock';
import {
	errorReply,
	HttpError,
	notFound,
	parseQuery,
	readBody,
	type Reply,
	Router,
	sendReply,
} from './http';
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

	const reply = await dispatch(isControlRoute ? adminRouter : apiRouter, context, req);

	if (!isControlRoute) {
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
					status: reply.status,
				},
				store.secrets(),
			),
		);
	}
	sendReply(res, reply);
}

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
