/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Dev-only: what the reliability tests against loopback servers set up alike. One engine harness per file with the
 * nodes a file runs; before each test a fresh hostile server behind the same `api` object, the credential pointed at it
 * with a personal token; limits shortened for each test and restored after it. */
import { sleep, type ICredentialDataDecryptedObject, type IDataObject, type INodeType } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../../credentials/MediaAnalysisApi.credentials';
import { RETRY } from '../../../nodes/shared/transport';
import { createHarness, type Harness } from '../../harness/engine';
import { TYPES } from '../../nodes/setup';
import { json, startHostile, type HostileServer } from './server';

/** The nodes a harness runs: by their key in TYPES (test/nodes/setup.ts), or by their full node type name. */
export type BedNodes = Partial<Record<keyof typeof TYPES, INodeType>> & Record<string, INodeType>;

/** One harness for the file (the same object in every test), with `nodes` and the credential type; disposed after it. */
export function useHarness(nodes: BedNodes): Harness {
	const harness = createHarness({
		nodeTypes: Object.fromEntries(
			Object.entries(nodes).map(([key, node]) => [TYPES[key as keyof typeof TYPES] ?? key, node]),
		),
		credentialTypes: [new MediaAnalysisApi()],
	});
	afterAll(() => harness.dispose());
	return harness;
}

/**
 * `values` assigned to `limits` before each test; after each, `limits` as they were, whatever the test changed.
 * Returns what they were (the shipped values).
 */
export function useLimits<T extends object>(limits: T, values: Partial<T> = {}): Readonly<T> {
	const saved = { ...limits };
	beforeEach(() => Object.assign(limits, values));
	afterEach(() => Object.assign(limits, saved));
	return saved;
}

export interface HostileBed {
	harness: Harness;
	/** The same object in every test; behind it a fresh server (default login and 404s, nothing seen), closed after it. */
	api: HostileServer;
	/** Points the credential at `api` with the bed's personal token, and `overrides`. */
	useCredential(overrides?: ICredentialDataDecryptedObject): void;
}

export function useHostileBed(options: {
	nodes: BedNodes;
	/** The access token the server's login hands out. */
	access: string;
	personalToken: string;
	/** RETRY for each test (short back-offs and bounds); RETRY is restored after each test. */
	retry?: Partial<typeof RETRY>;
}): HostileBed {
	const bed: HostileBed = {
		harness: useHarness(options.nodes),
		api: {} as HostileServer,
		useCredential: (overrides = {}) =>
			bed.harness.credentials.set('mediaAnalysisApi', {
				baseUrl: bed.api.url,
				authentication: 'personalToken',
				personalToken: options.personalToken,
				...overrides,
			}),
	};
	useLimits(RETRY, options.retry);
	beforeEach(async () => {
		await startHostile(options.access, bed.api);
		bed.useCredential();
	});
	afterEach(() => bed.api.close());
	return bed;
}

/** A request the service was asked (login excluded), as `useAnswers` records it. */
export interface Asked {
	method: string;
	path: string;
	query: URLSearchParams;
	body: IDataObject | undefined;
	/** When the server read it. */
	at: number;
}

/** What the service answers to one request: status and JSON, or `drop` to cut the connection; `afterMs` later. */
export type Answer = (asked: Asked) => {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	drop?: boolean;
	afterMs?: number;
};

/**
 * Before each test, `api` answers with `service.answer` (a 404 until a test sets one) and records each request in
 * `service.asked` (a fresh list each test).
 */
export function useAnswers(api: HostileServer): { answer: Answer; asked: Asked[] } {
	const service = { answer: (() => ({})) as Answer, asked: [] as Asked[] };
	beforeEach(() => {
		service.asked = [];
		service.answer = () => ({ status: 404, body: { detail: 'Not Found' } });
		api.handle = (req, res, seen) => {
			const url = new URL(seen.path, api.url);
			const request: Asked = {
				method: seen.method,
				path: url.pathname,
				query: url.searchParams,
				body: seen.body ? (JSON.parse(seen.body) as IDataObject) : undefined,
				at: Date.now(),
			};
			service.asked.push(request);
			const { status = 200, body = {}, headers, drop = false, afterMs = 0 } = service.answer(request);
			setTimeout(() => (drop ? req.socket.destroy() : json(res, status, body, headers)), afterMs);
		};
	});
	return service;
}

/** A version 4 UUID ending in `i`. */
export const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** The dataset ID in a request path (`/api/v1/datasets/<id>…`). */
export const idOf = (path: string) => /\/api\/v1\/datasets\/([^/?]+)/.exec(path)?.[1] ?? '';
/** Answers (runs `answer`) after `ms`. */
export const later = (ms: number, answer: () => void) => void sleep(ms).then(answer);
