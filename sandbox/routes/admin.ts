import { z } from 'zod';
import { expireAllAccessTokens, revokePersonalToken, setTokenLifetime } from '../auth';
import { HttpError, jsonReply } from '../http';
import type { ResetOptions } from '../store';
import { validate } from '../validation';
import { modelControlRoutes } from '../model';
import type { RequestContext, RouteDefinition } from './route';

/** Prefix of the control routes: no authentication, not logged, not counted. */
export const ADMIN_PREFIX = '/__sandbox/';

export function resetSandboxState(context: Pick<RequestContext, 'store' | 'clock'>, options: ResetOptions = {}): void {
	context.store.reset(options);
	context.clock.reset();
}

export const adminRoutes: RouteDefinition[] = [
	{
		method: 'POST',
		path: '/__sandbox/reset',
		auth: 'none',
		handle(context) {
			resetSandboxState(context);
			return jsonReply(200, { reset: true });
		},
	},
	{
		method: 'POST',
		path: '/__sandbox/tokens/expire',
		auth: 'none',
		handle: (context) => jsonReply(200, { expired: expireAllAccessTokens(context.store, context.clock) }),
	},
	{
		method: 'POST',
		path: '/__sandbox/tokens/lifetime',
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: z.object({ seconds: z.number().int().gt(0) }) });
			setTokenLifetime(context.store, body.seconds);
			return jsonReply(200, { seconds: body.seconds });
		},
	},
	{
		method: 'POST',
		path: '/__sandbox/personal-tokens/revoke',
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: z.object({ token: z.string().min(1) }) });
			if (!revokePersonalToken(context.store, body.token)) throw new HttpError(404, 'Unknown personal token');
			return jsonReply(200, { revoked: true });
		},
	},
	{
		method: 'POST',
		path: '/__sandbox/clock/advance',
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: z.object({ ms: z.number().int() }) });
			context.clock.advance(body.ms);
			return jsonReply(200, { now: context.clock.nowIso() });
		},
	},
	{
		method: 'PUT',
		path: '/__sandbox/faults',
		auth: 'none',
		handle(context) {
			const rate = z.number().min(0).max(1).optional();
			const { body } = validate(context, {
				body: z
					.object({
						errorRate: rate,
						errorStatuses: z.array(z.number().int().min(500).max(599)).optional(),
						rateLimitRate: rate,
						rateLimitBurst: z.number().int().min(1).optional(),
						retryAfterSeconds: z.number().min(0).optional(),
						rateLimitPerSecond: z.number().int().min(1).optional(),
						slowRate: rate,
						slowMs: z.number().int().min(0).optional(),
						dropBeforeRate: rate,
						dropAfterRate: rate,
						revokeTokensEvery: z.number().int().min(1).optional(),
						paths: z.array(z.string()).optional(),
						includeLogin: z.boolean().optional(),
						seed: z.number().int().optional(),
						maxFaults: z.number().int().min(0).optional(),
					})
					.strict(),
			});
			context.store.faults.set(body);
			return jsonReply(200, { faults: context.store.faults.active });
		},
	},
	{
		method: 'DELETE',
		path: '/__sandbox/faults',
		auth: 'none',
		handle(context) {
			const stats = context.store.faults.stats();
			context.store.faults.clear();
			return jsonReply(200, { cleared: true, stats });
		},
	},
	{
		method: 'GET',
		path: '/__sandbox/faults',
		auth: 'none',
		handle: (context) =>
			jsonReply(200, { faults: context.store.faults.active ?? null, stats: context.store.faults.stats() }),
	},
	{
		method: 'GET',
		path: '/__sandbox/stats',
		auth: 'none',
		handle: (context) => jsonReply(200, context.store.stats()),
	},
	{
		method: 'GET',
		path: '/__sandbox/requests',
		auth: 'none',
		handle: (context) => jsonReply(200, context.store.requestLog),
	},
	// How long each step of an ingestion job lasts, for jobs created from now on.
	{
		method: 'POST',
		path: '/__sandbox/ingestion/timing',
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: z.object({ stepMs: z.number().int().min(0) }) });
			context.store.ingestion.setStepMs(body.stepMs);
			return jsonReply(200, { stepMs: body.stepMs });
		},
	},
	...modelControlRoutes,
];
