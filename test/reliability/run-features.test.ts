/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Dev-only: a loopback service that answers late, cuts connections and changes its lists on purpose. */
/**
 * n8n's own execution features around one node run, as node settings through n8n-core's WorkflowExecute against a
 * loopback service that misbehaves on purpose: Continue (using error output), Retry On Fail (n8n calls `execute`
 * again with all items), a cancel during a long Retry-After, a list that changes while it is read, a filter too long
 * for a request line, many items through the bounded pool, and requests that start work.
 */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisCelebrityDetection } from '../../nodes/MediaAnalysisCelebrityDetection/MediaAnalysisCelebrityDetection.node';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisSearch } from '../../nodes/MediaAnalysisSearch/MediaAnalysisSearch.node';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useAnswers, useHostileBed, uuid } from './hostile/bed';

const { harness, api } = useHostileBed({
	nodes: {
		celebrity: new MediaAnalysisCelebrityDetection(),
		datasets: new MediaAnalysisDatasets(),
		ingestion: new MediaAnalysisIngestion(),
		search: new MediaAnalysisSearch(),
	},
	access: 'access',
	personalToken: 'personal',
	retry: { baseDelayMs: 10 },
});

const server = useAnswers(api);

/** Through n8n's engine: order and pairing at a size where the pool matters (100,000: test/nodes/itemRunner.test.ts, bench). */
const N_ITEMS = 2_000;
const dataset = (i: number) => ({ id: uuid(i), name: `set_${i}`, status: 'active', encoder: 'multimodal-tx-large3' });
const creates = () =>
	server.asked.filter((request) => request.method === 'POST' && request.path === '/api/v1/datasets');

describe('On Error → Continue (using error output)', () => {
	test('each refused item goes to the error output, paired, with its message; the others to the success output', async () => {
		server.answer = ({ path }) =>
			path.endsWith(uuid(1)) || path.endsWith(uuid(3))
				? { status: 404, body: { detail: 'Dataset not found' } }
				: { body: dataset(Number(path.slice(-1))) };
		const { run, error } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId('={{ $json.id }}') },
			inputItems: [0, 1, 2, 3].map((i) => ({ id: uuid(i) })),
			settings: { onError: 'continueErrorOutput' },
		});
		expect(error).toBeUndefined();
		const success = run.outputOf('Media Analysis Datasets', 0);
		const failed = run.outputOf('Media Analysis Datasets', 1);
		expect(success.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[uuid(0), { item: 0 }],
			[uuid(2), { item: 2 }],
		]);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 3 }]);
		expect(failed[0].json.error).toMatch(/Dataset not found/);
	});

	test('Continue (using regular output) keeps the error JSON on the one output', async () => {
		const { items } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId(uuid(7)) },
			settings: { onError: 'continueRegularOutput' },
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ error: expect.stringMatching(/not found/i), description: expect.any(String) });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('Retry On Fail: n8n runs execute again with all items', () => {
	const createDatasets = (settings: object, count = 4) =>
		harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'create', name: '={{ $json.name }}' },
			inputItems: Array.from({ length: count }, (_, i) => ({ name: `set_${i}` })),
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0, ...settings },
		});
	/** Creates that answer; the one named `failing` answers 500 the first time only; a name made twice is a 409. */
	const service = (failing: string) => {
		const made = new Map<string, number>();
		let failed = false;
		server.answer = ({ method, path, body }) => {
			if (method !== 'POST' || path !== '/api/v1/datasets') return { status: 404 };
			const name = String(body?.name);
			if (name === failing && !failed) {
				failed = true;
				return { status: 500, body: { detail: 'Internal Server Error' } };
			}
			if (made.has(name)) return { status: 409, body: { detail: `Dataset ${name} already exists` } };
			made.set(name, made.size + 1);
			return { status: 201, body: { ...dataset(made.size), name } };
		};
		return made;
	};

	test('a create the first try made is not sent again: its answer is the output', async () => {
		const made = service('set_0');
		const { items, error } = await createDatasets({});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['set_0', 'set_1', 'set_2', 'set_3']);
		expect([...made.keys()].sort()).toEqual(['set_0', 'set_1', 'set_2', 'set_3']);
		// Each name sent once, and the refused one once more.
		const sent = creates().map((request) => request.body?.name);
		expect(sent.filter((name) => name === 'set_0')).toHaveLength(2);
		for (const name of ['set_1', 'set_2', 'set_3']) expect(sent.filter((n) => n === name).length).toBeLessThan(2);
	});

	test('with Continue On Fail as well (n8n retries while the first item is an error), each name is created once', async () => {
		const made = service('set_0');
		const { items } = await createDatasets({ onError: 'continueRegularOutput' });
		expect(items.map((item) => item.json.name)).toEqual(['set_0', 'set_1', 'set_2', 'set_3']);
		expect(creates()).toHaveLength(5);
		expect(made.size).toBe(4);
	});

	test('a create whose answer an earlier try lost is not sent blindly again', async () => {
		server.answer = ({ method }) =>
			method === 'POST' ? { drop: true } : { body: { meta: { page: { total: 0 } }, data: [] } };
		const { error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'asset', operation: 'delete', datasetId: byId(uuid(1)), identifiers: 'a.jpg' },
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(error?.message).toMatch(/may or may not have been carried out|No answer came back/);
		// One try sent it; the two retries did not send it again.
		expect(server.asked.filter((request) => request.method === 'POST')).toHaveLength(1);
	});
});

describe('every wait ends on cancel', () => {
	test('cancelled while items wait out a 429 with a long Retry-After: the node ends without waiting it out', async () => {
		server.answer = () => ({ status: 429, body: { detail: 'Too Many Requests' }, headers: { 'retry-after': '20' } });
		const stop = new AbortController();
		const running = harness.runNode({
			type: TYPES.datasets,
			parameters: {
				resource: 'dataset',
				operation: 'get',
				datasetId: byId('={{ $json.id }}'),
				requestOptions: { parallelRequests: 8 },
			},
			inputItems: Array.from({ length: 60 }, (_, i) => ({ id: uuid(i) })),
			cancelSignal: stop.signal,
		});
		while (server.asked.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		const cancelledAt = Date.now();
		stop.abort();
		const { run } = await running;
		expect(run.status).not.toBe('success');
		// Without the cancel every item would wait 20 s before its next attempt.
		expect(Date.now() - cancelledAt).toBeLessThan(10_000);
		// No request started after the cancel: only the first attempts of the first items (Requests in Parallel 8).
		await new Promise((resolve) => setTimeout(resolve, 300));
		const paths = server.asked.map((request) => request.path);
		expect(new Set(paths).size).toBe(paths.length);
		expect(paths.length).toBeLessThanOrEqual(8);
	});
});

describe('a list read while it changes', () => {
	const listDatasets = () =>
		harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'getMany', returnAll: true },
		});
	/** A list of datasets served in skip/limit pages, changed by `change` after the first page is served. */
	const changingList = (count: number, change: (list: IDataObject[]) => void) => {
		const list: IDataObject[] = Array.from({ length: count }, (_, i) => dataset(i));
		let pagesServed = 0;
		server.answer = ({ query }) => {
			const skip = Number(query.get('skip') ?? 0);
			const limit = Number(query.get('limit') ?? 100);
			const page = list.slice(skip, skip + limit);
			if (++pagesServed === 1) change(list);
			return { body: { meta: { page: { total: list.length } }, data: page } };
		};
		return list;
	};

	test('records created meanwhile at the front are not output twice', async () => {
		const list = changingList(250, (records) =>
			records.unshift(...Array.from({ length: 50 }, (_, i) => dataset(1000 + i))),
		);
		const { items, error } = await listDatasets();
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const record of list.filter((r) => !String(r.id).endsWith('1000'))) {
			if (Number(String(record.id).slice(-4)) < 1000) expect(ids).toContain(record.id);
		}
	});

	test('records deleted meanwhile from the first page lose no other record', async () => {
		const list = changingList(250, (records) => records.splice(0, 10));
		const { items, error } = await listDatasets();
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		// Every record still listed at the end was output.
		for (const record of list) expect(ids).toContain(record.id);
	});

	test('a page-numbered list: records removed meanwhile from the first page lose no other record', async () => {
		const persons: IDataObject[] = Array.from({ length: 250 }, (_, i) => ({ id: uuid(i), name: `Person ${i}` }));
		let pagesServed = 0;
		server.answer = ({ query }) => {
			const page = Number(query.get('page') ?? 1);
			const size = Number(query.get('per_page') ?? 100);
			const data = persons.slice((page - 1) * size, page * size);
			const body = { data, meta: { has_next_page: page * size < persons.length } };
			if (++pagesServed === 1) persons.splice(0, 10);
			return { body };
		};
		const { items, error } = await harness.runNode({
			type: TYPES.celebrity,
			parameters: { resource: 'person', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const person of persons) expect(ids).toContain(person.id);
	});

	test('a list that keeps shifting ends in an error that says records may be missing', async () => {
		// Each page served, 30 records leave the front and 30 new ones come at the end: the read never catches up.
		const list: IDataObject[] = Array.from({ length: 500 }, (_, i) => dataset(i));
		let next = 500;
		server.answer = ({ query }) => {
			const skip = Number(query.get('skip') ?? 0);
			const page = list.slice(skip, skip + 100);
			list.splice(0, 30);
			for (let i = 0; i < 30; i++) list.push(dataset(next++));
			return { body: { meta: { page: { total: list.length } }, data: page } };
		};
		const { error } = await listDatasets();
		expect(error?.message).toMatch(/kept changing while it was read.*some may be missing/);
	});
});

describe('a filter too long for a request line', () => {
	test('is refused before sending, naming the filter and how many values fit', async () => {
		const ids = Array.from({ length: 400 }, (_, i) => uuid(i)).join(',');
		const { error } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'getMany', returnAll: true, filters: { datasetIds: ids } },
		});
		expect(error?.message).toMatch(
			/was not sent: the "dataset_ids" filter holds 400 values, \d+\.\d KB in the address/,
		);
		const fit = Number(/About (\d+) values of this length fit/.exec(String(error?.description))?.[1]);
		expect(fit).toBeGreaterThan(50);
		expect(fit).toBeLessThan(400);
		expect(server.asked).toHaveLength(0);
	});

	test('a filter that fits is sent whole', async () => {
		server.answer = () => ({ body: { meta: { page: { total: 0 } }, data: [] } });
		const ids = Array.from({ length: 50 }, (_, i) => uuid(i)).join(',');
		const { error } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'getMany', returnAll: true, filters: { datasetIds: ids } },
		});
		expect(error).toBeUndefined();
		expect(server.asked[0].query.getAll('dataset_ids')).toHaveLength(50);
	});

	test('a 414 from a gateway is named', async () => {
		server.answer = () => ({ status: 414, body: { detail: 'URI Too Long' } });
		const { error } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId(uuid(1)) },
		});
		expect(error?.message).toMatch(/address of the request was too long/);
	});
});

describe('many items through the bounded pool', () => {
	test('2,000 items finish in order, paired, with no more requests in flight than the ceiling', async () => {
		let inFlight = 0;
		let most = 0;
		server.answer = ({ path }) => {
			inFlight++;
			most = Math.max(most, inFlight);
			setTimeout(() => inFlight--, 0);
			return { body: dataset(Number(path.slice(-1))) };
		};
		const { items, error } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId(uuid(1)) },
			inputItems: Array.from({ length: N_ITEMS }, (_, i) => ({ i })),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(N_ITEMS);
		expect(items.every((item, i) => item.json.id === uuid(1) && (item.pairedItem as { item: number }).item === i)).toBe(
			true,
		);
		expect(most).toBeLessThanOrEqual(100);
	}, 120_000);
});

describe('requests that start work', () => {
	test('Delete Assets is not sent again after a cut connection (it starts a job)', async () => {
		server.answer = ({ method }) => (method === 'POST' ? { drop: true } : { status: 404 });
		const { error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'asset', operation: 'delete', datasetId: byId(uuid(1)), identifiers: 'a.jpg' },
		});
		expect(error?.message).toMatch(/may or may not have been carried out|No answer came back/);
		expect(server.asked.filter((request) => request.method === 'POST')).toHaveLength(1);
	});
});
