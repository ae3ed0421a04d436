/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertTokenLifetime, expireAllAccessTokens, revokePersonalToken, setTokenLifetime } from './auth';
import { type Clock, createClock } from './clock';
import type { FaultPlan, FaultStats } from './faults';
import { createRequestListener } from './pipeline';
import type { RequestLogEntry } from './request-log';
import { adminRoutes, resetSandboxState } from './routes/admin';
import { apiRoutes } from './routes';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, type ResetOptions, type SandboxStats, SandboxStore } from './store';

export { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS, SEED_DATASET_NAMES } from './seed';
export type { RequestLogEntry } from './request-log';
export type { SandboxStats } from './store';
export type { FaultPlan, FaultStats } from './faults';

export interface SandboxOptions {
	/** 0 (the default) picks a free port. */
	port?: number;
	/** Loopback only: 127.0.0.1 (default), localhost or ::1. */
	host?: string;
	/** Lifetime of issued access tokens; 3600 unless set. */
	tokenLifetimeSeconds?: number;
	/** Length of one step of an ingestion job (a job settles after 3); 1000 unless set, 0 settles at once. */
	ingestionStepMs?: number;
}

export interface Sandbox {
	/** Base URL without trailing slash, e.g. http://127.0.0.1:5680 */
	readonly url: string;
	readonly port: number;
	readonly store: SandboxStore;
	readonly clock: Clock;
	/** Live view of the request log (control routes are not in it). */
	readonly requests: readonly RequestLogEntry[];
	/** Makes every access token issued so far expire now; returns how many were still valid. */
	expireAccessTokens(): number;
	/** Returns false for a token the sandbox does not know. */
	revokePersonalToken(token: string): boolean;
	/** Applies to access tokens issued from now on. */
	setTokenLifetime(seconds: number): void;
	/** Empties the request log and zeroes the counters. */
	clearRequestLog(): void;
	stats(): SandboxStats;
	/** Turns faults on (see faults.ts); a new plan restarts its generator and counters. */
	setFaults(plan: FaultPlan): void;
	/** Turns faults off and returns what was injected. */
	clearFaults(): FaultStats;
	faultStats(): FaultStats;
	/**
	 * Back to the seed: data, credentials, token lifetime, request log, counters, and the clock to real time; with
	 * `keepAccessTokens`, the access tokens already issued stay valid.
	 */
	reset(options?: ResetOptions): void;
	close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Map([
	['127.0.0.1', '127.0.0.1'],
	['localhost', '127.0.0.1'],
	['::1', '::1'],
]);

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = LOOPBACK_HOSTS.get(options.host ?? '127.0.0.1');
	if (!host) throw new Error(`The sandbox listens on loopback only; refusing host '${options.host}'`);
	const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
	assertTokenLifetime(tokenLifetimeSeconds);
	const clock = createClock();
	const store = new SandboxStore(tokenLifetimeSeconds);
	if (options.ingestionStepMs !== undefined) store.ingestion.setInitialStepMs(options.ingestionStepMs);

	const server = createServer(createRequestListener({ store, clock, apiRoutes, adminRoutes }));
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		// A busy n8n starts thousands of requests at once: a full accept queue would refuse them, not the service.
		server.listen({ port: options.port ?? 0, host, backlog: 4096 }, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

	return {
		url,
		port,
		store,
		clock,
		get requests() {
			return store.requestLog;
		},
		expireAccessTokens: () => expireAllAccessTokens(store, clock),
		revokePersonalToken: (token) => revokePersonalToken(store, token),
		setTokenLifetime: (seconds) => setTokenLifetime(store, seconds),
		clearRequestLog: () => store.clearRequestLog(),
		stats: () => store.stats(),
		setFaults: (plan) => store.faults.set(plan),
		clearFaults: () => {
			const stats = store.faults.stats();
			store.faults.clear();
			return stats;
		},
		faultStats: () => store.faults.stats(),
		reset: (options) => resetSandboxState({ store, clock }, options),
		close: () =>
			new Promise<void>((resolve, reject) => {
				store.queries.close();
				server.close((error) => (error ? reject(error) : resolve()));
				server.closeAllConnections();
			}),
	};
}
