/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports --
	Dev-only: a loopback service that answers late and refuses on purpose. */
/**
 * A busy n8n: many executions at once in one process, through n8n-core's WorkflowExecute against a loopback service.
 * The memory of writes that n8n's Retry On Fail needs belongs to each node run and lives until its last try; a cancel
 * stops the item pool under Continue On Fail; text no address can carry is refused before sending.
 */
import diagnostics from 'node:diagnostics_channel';

import type { INodeParameters } from 'n8n-workflow';

import { MediaAnalysisAdministration } from '../../nodes/MediaAnalysisAdministration/MediaAnalysisAdministration.node';
import { MediaAnalysisCelebrityDetection } from '../../nodes/MediaAnalysisCelebrityDetection/MediaAnalysisCelebrityDetection.node';
import { MediaAnalysisConnections } from '../../nodes/MediaAnalysisConnections/MediaAnalysisConnections.node';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { WRITTEN, writtenHeld } from '../../nodes/shared/transport/written';
import { TYPES } from '../nodes/setup';
import { byId, byName } from '../support/locators';
import { useAnswers, useHostileBed, useLimits, uuid } from './hostile/bed';

const { harness, api } = useHostileBed({
	nodes: {
		administration: new MediaAnalysisAdministration(),
		celebrity: new MediaAnalysisCelebrityDetection(),
		connections: new MediaAnalysisConnections(),
		datasets: new MediaAnalysisDatasets(),
	},
	access: 'access',
	personalToken: 'personal',
	// Time bounds far above what 1,000 executions on a loaded machine take: what is checked here is memory, not time.
	retry: { baseDelayMs: 10, attemptTimeoutMs: 600_000, requestTimeoutMs: 900_000 },
});
useLimits(WRITTEN);

const server = useAnswers(api);

const dataset = (i: number, name: string) => ({ id: uuid(i), name, status: 'active', encoder: 'multimodal-tx-large3' });
const creates = () =>
	server.asked.filter((request) => request.method === 'POST' && request.path === '/api/v1/datasets');
const countBy = (names: unknown[]) => {
	const counts = new Map<unknown, number>();
	for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
	return counts;
};

/** Creates that answer 201, but each name in `failOnce` answers 500 the first time; a name made twice is a 409. */
function createService(failOnce: (name: string) => boolean) {
	const made = new Map<string, number>();
	const failed = new Set<string>();
	server.answer = ({ method, path, body }) => {
		if (method === 'GET' && path.startsWith('/api/v1/datasets/')) return { body: dataset(0, 'read') };
		if (method !== 'POST' || path !== '/api/v1/datasets') return { status: 404, body: { detail: 'Not Found' } };
		const name = String(body?.name);
		if (failOnce(name) && !failed.has(name)) {
			failed.add(name);
			return { status: 500, body: { detail: 'Internal Server Error' } };
		}
		if (made.has(name)) return { status: 409, body: { detail: `Dataset ${name} already exists` } };
		made.set(name, made.size + 1);
		return { status: 201, body: dataset(made.size, name) };
	};
	return made;
}

/** Datasets › Create of `names`, with Retry On Fail (n8n reads a Wait Between Tries of 0 as its default, 1 s). */
const createRun = (names: string[], settings: object = {}) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'create', name: '={{ $json.name }}' },
		inputItems: names.map((name) => ({ name })),
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10, ...settings },
	});

describe('Retry On Fail in a busy process: each node run keeps its own writes until its last try', () => {
	test('1,000 executions at once, each with a create refused once: every execution succeeds, each create made once', async () => {
		const executions = 1_000;
		const made = createService((name) => name.endsWith('_b'));
		const runs = await Promise.all(Array.from({ length: executions }, (_, k) => createRun([`e${k}_a`, `e${k}_b`])));
		expect(runs.filter((run) => run.error !== undefined)).toEqual([]);
		for (const [k, run] of runs.entries())
			expect(run.items.map((item) => item.json.name)).toEqual([`e${k}_a`, `e${k}_b`]);
		expect(made.size).toBe(2 * executions);
		const sent = countBy(creates().map((request) => request.body?.name));
		// Each first create once; each second one twice (refused, then made).
		for (let k = 0; k < executions; k++) {
			expect([k, sent.get(`e${k}_a`)]).toEqual([k, 1]);
			expect([k, sent.get(`e${k}_b`)]).toEqual([k, 2]);
		}
		// Nothing outlives the executions: their last tries succeeded.
		expect(writtenHeld()).toEqual({ runs: 0, bytes: 0 });
	}, 180_000);

	test('a retry waiting 2 s while 120 read-only node runs go: its first create is sent once', async () => {
		const made = createService((name) => name === 'slow_b');
		const waiting = createRun(['slow_a', 'slow_b'], { waitBetweenTries: 2000 });
		const reads = Array.from({ length: 120 }, (_, i) =>
			harness.runNode({
				type: TYPES.datasets,
				parameters: { resource: 'dataset', operation: 'get', datasetId: byId(uuid(i)) },
				settings: { retryOnFail: true },
			}),
		);
		const [created] = await Promise.all([waiting, ...reads]);
		expect(created.error).toBeUndefined();
		expect([...made.keys()].sort()).toEqual(['slow_a', 'slow_b']);
		expect(creates().filter((request) => request.body?.name === 'slow_a')).toHaveLength(1);
		expect(writtenHeld().runs).toBe(0);
	});

	test('after a large run of writes has finished, a new execution still keeps its own (nothing shared to exhaust)', async () => {
		WRITTEN.bytesPerProcess = 512 * 1024;
		const made = createService((name) => name === 'late_b');
		// 1,000 creates of about 1 KB answers each finish: more than the process bound, all released at the end.
		const big = await createRun(Array.from({ length: 1_000 }, (_, i) => `big_${i}_${'x'.repeat(900)}`));
		expect(big.error).toBeUndefined();
		expect(writtenHeld()).toEqual({ runs: 0, bytes: 0 });
		const late = await createRun(['late_a', 'late_b']);
		expect(late.error).toBeUndefined();
		expect(creates().filter((request) => request.body?.name === 'late_a')).toHaveLength(1);
		expect(made.has('late_b')).toBe(true);
	}, 60_000);

	test('a memory past its bound says so: the retry does not send again what it may have sent', async () => {
		WRITTEN.entriesPerRun = 2;
		createService((name) => name === 'full_d');
		const { error } = await createRun(['full_a', 'full_b', 'full_c', 'full_d']);
		expect(error?.message).toMatch(/may or may not have been carried out/);
		expect(error?.description).toMatch(/memory of earlier tries was full \(2 writes of this node run\)/);
		// Kept ones answered from memory, the forgotten one not sent again: each of the first three once.
		const sent = countBy(creates().map((request) => request.body?.name));
		for (const name of ['full_a', 'full_b', 'full_c']) expect([name, sent.get(name)]).toEqual([name, 1]);
		expect(writtenHeld().runs).toBe(0);
	});

	test('the last try that fails releases the memory; read-only runs never make one', async () => {
		createService((name) => name.startsWith('always'));
		server.answer = ({ method }) =>
			method === 'POST' ? { status: 500, body: { detail: 'Internal Server Error' } } : { body: dataset(0, 'read') };
		const { error } = await createRun(['always_a'], { maxTries: 2 });
		expect(error).toBeDefined();
		expect(writtenHeld().runs).toBe(0);
		const read = harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId(uuid(1)) },
			settings: { retryOnFail: true },
		});
		await read;
		expect(writtenHeld().runs).toBe(0);
	});
});

test('a cancel at 10,000 items under Continue On Fail: no item starts after it, the node returns within 1 s', async () => {
	server.answer = ({ path }) => ({ body: dataset(Number.parseInt(path.slice(-4), 16), 'read'), afterMs: 300 });
	// When the client starts each request (Node's own channel, before a byte is written).
	const started: number[] = [];
	const onStart = () => started.push(Date.now());
	diagnostics.subscribe('http.client.request.start', onStart);
	const stop = new AbortController();
	const running = harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId('={{ $json.id }}') },
		inputItems: Array.from({ length: 10_000 }, (_, i) => ({ id: uuid(i) })),
		settings: { onError: 'continueErrorOutput' },
		cancelSignal: stop.signal,
	});
	try {
		while (server.asked.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));
		const cancelledAt = Date.now();
		stop.abort();
		const { run } = await running;
		expect(run.status).toBe('canceled');
		// Within 1 s on a quiet machine (and beside other suites); 1.4 s was seen under CI's whole run with two n8n
		// instances on 2 cores. Without the stop on cancel the pool went on for 6.5–16 s.
		expect(Date.now() - cancelledAt).toBeLessThan(2000);
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(started.filter((at) => at > cancelledAt)).toEqual([]);
		expect(new Set(server.asked.map((request) => request.path)).size).toBe(server.asked.length);
	} finally {
		diagnostics.unsubscribe('http.client.request.start', onStart);
	}
}, 60_000);

describe('text no address can carry (half of a character) is refused before sending, naming the field and the item', () => {
	const cut = 'Beach 🌊'.slice(0, -1);
	/** Through an expression, as a value cut by an earlier node arrives (a literal never reaches the node: n8n's editor). */
	const expr = `={{ ${JSON.stringify(cut)} }}`;
	const cases: Array<[string, string, INodeParameters, RegExp]> = [
		[
			'Datasets › Get Many, Name Pattern',
			TYPES.datasets,
			{ resource: 'dataset', operation: 'getMany', filters: { namePattern: cut } },
			/"name_pattern"/,
		],
		[
			'Datasets › Get, dataset by name',
			TYPES.datasets,
			{ resource: 'dataset', operation: 'get', datasetId: byName(expr) },
			/"name_pattern"/,
		],
		[
			'Datasets › Get, dataset by ID',
			TYPES.datasets,
			{ resource: 'dataset', operation: 'get', datasetId: byId(`={{ ${JSON.stringify(`${uuid(1)}\ud83c`)} }}`) },
			/Dataset/,
		],
		[
			'Users › Get Many, Search',
			TYPES.administration,
			{ resource: 'user', operation: 'getMany', filters: { search: cut } },
			/"query"/,
		],
		[
			'Person › Get by Names',
			TYPES.celebrity,
			{ resource: 'person', operation: 'getByNames', namesOrAliases: `Ava, ${cut}` },
			/"person_names_or_aliases"/,
		],
		[
			'Connection › Get, by name',
			TYPES.connections,
			{ resource: 'connection', operation: 'get', connection: byName(expr) },
			/"/,
		],
	];
	test.each(cases)('%s', async (_, type, parameters, field) => {
		server.answer = () => ({ body: { data: [], meta: { page: { total: 0 } } } });
		const { error, items } = await harness.runNode({
			type,
			parameters,
			inputItems: [{ n: 0 }, { n: 1 }],
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const [itemIndex, item] of items.entries()) {
			expect(String(item.json.error)).toMatch(field);
			expect(String(item.json.error)).not.toMatch(/URI malformed/);
			expect(String(item.json.error)).toMatch(new RegExp(`item ${itemIndex}\\b|half of a character`));
			expect(item.pairedItem).toEqual({ item: itemIndex });
		}
		// Nothing reached the service but the login.
		expect(
			server.asked.filter((request) => !request.path.includes('login') && !request.path.includes('token')),
		).toEqual([]);
	});
});
