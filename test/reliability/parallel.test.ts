/* Per-item operations side by side (issue 25), through n8n's engine against loopback servers that answer with delays
 * and in random order: the in-flight bound, order and pairing, Continue On Fail, the first failure stopping the node,
 * one shared back-off after a 429, and waits that overlap. */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { parallelRequestsProperties } from '../../nodes/shared/router';
import { PARALLEL } from '../../nodes/shared/transport';
import { Pace } from '../../nodes/shared/transport/pace';
import { TYPES } from '../nodes/setup';
import { idOf, later, useHostileBed, uuid } from './hostile/bed';
import { json } from './hostile/server';
import { byId } from '../support/locators';

const { harness, api } = useHostileBed({
	nodes: { datasets: new MediaAnalysisDatasets(), ingestion: new MediaAnalysisIngestion() },
	access: 'parallel-access-token-Hq8Zt3Lm',
	personalToken: 'parallel-personal-token',
	retry: { baseDelayMs: 50 },
});

/** Answers each dataset read after `delay(id)` ms, counting how many are open at once. */
function slowDatasets(delay: (id: string) => number, status: (id: string) => number = () => 200) {
	const counts = { open: 0, most: 0 };
	api.handle = (_req, res, seen) => {
		counts.open++;
		counts.most = Math.max(counts.most, counts.open);
		const id = idOf(seen.path);
		later(delay(id), () => {
			counts.open--;
			const code = status(id);
			json(
				res,
				code,
				code === 200 ? { id, name: `dataset_${id.slice(-4)}` } : { detail: code === 404 ? 'Dataset not found' : 'no' },
			);
		});
	};
	return counts;
}

const getMany = (count: number, extra: IDataObject = {}, continueOnFail = false) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId('={{ $json.id }}'), ...extra },
		inputItems: Array.from({ length: count }, (_, i) => ({ id: uuid(i) })),
		continueOnFail,
	});

describe('requests in flight', () => {
	test("the parameter's default (a literal, for the lint) is PARALLEL.default, the one the transport uses", () => {
		const [requestOptions] = parallelRequestsProperties({
			dataset: {
				get: { option: { name: 'Get', description: 'Get', action: 'Get' }, description: [], execute: async () => ({}) },
			},
		});
		expect(requestOptions.options).toEqual([
			expect.objectContaining({ name: 'parallelRequests', default: PARALLEL.default }),
		]);
	});

	test.each([
		Number.NaN,
		Number.POSITIVE_INFINITY,
		Number.NEGATIVE_INFINITY,
		undefined as unknown as number,
		'8' as unknown as number,
	])('the transport itself refuses %p as Requests in Parallel (a wait on "in flight < NaN" never ends)', (limit) => {
		expect(() => new Pace(limit)).toThrow(RangeError);
	});

	test.each([
		[1, 1],
		[3, 3],
		[8, 8],
	])('Requests in Parallel %s: at most %i requests in flight, and that many are reached', async (parallel, most) => {
		const counts = slowDatasets(() => 40);
		const { error, items } = await getMany(20, { requestOptions: { parallelRequests: parallel } });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(counts.most).toBe(most);
	});

	test('by default every item of a run under the default is in flight at once, from the first request', async () => {
		// Answers take 500 ms: long against the time a busy machine takes to start 20 requests.
		const counts = slowDatasets(() => 500);
		const { error, items } = await getMany(20);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(counts.most).toBe(20);
		expect(counts.most).toBeLessThanOrEqual(PARALLEL.default);
	});

	test("Already in Dataset: the lookups go side by side under the run's limit, like every request", async () => {
		const counts = { open: 0, most: 0 };
		const posted: IDataObject[] = [];
		const path = (i: number) => `https://cdn.example.com/held/${i}.jpg`;
		api.handle = (_req, res, seen) => {
			if (seen.path.includes('/assets/status')) {
				counts.open++;
				counts.most = Math.max(counts.most, counts.open);
				const sent = String((JSON.parse(seen.body) as IDataObject).source_path);
				const i = Number(/(\d+)\.jpg$/.exec(sent)?.[1]);
				// Even paths are held; odd ones only as the start of a longer path (the filter is a prefix).
				const held = i % 2 === 0 ? sent : `${sent}.old`;
				const record = { asset_id: uuid(i), dataset_id: uuid(0), source_path: held, status: 'completed' };
				return later(40, () => {
					counts.open--;
					json(res, 200, { meta: { page: { total: 1 } }, data: [record] });
				});
			}
			if (seen.method === 'POST') {
				posted.push(JSON.parse(seen.body) as IDataObject);
				return json(res, 200, { id: '65f0a1b2c3d4e5f6a7b8c000', status: 'pending', details: { assets: [] } });
			}
			json(res, 200, { id: uuid(0), name: 'held', allowed_asset_types: ['image'] });
		};
		const { error, items } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: {
				resource: 'job',
				operation: 'createFromImages',
				datasetId: byId(uuid(0)),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
			},
			inputItems: Array.from({ length: 20 }, (_, i) => ({ url: path(i) })),
		});
		expect(error).toBeUndefined();
		// The gate: side by side from the first lookup (at least 8 of the 20 at once); never past the ceiling.
		expect(counts.most).toBeGreaterThanOrEqual(8);
		expect(counts.most).toBeLessThanOrEqual(PARALLEL.default);
		expect(items.map((item) => item.json.ingestion)).toEqual(
			Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'skipped' : 'created')),
		);
		expect(posted.map((body) => (body.images as IDataObject[]).map((image) => image.source_path))).toEqual([
			Array.from({ length: 10 }, (_, i) => path(2 * i + 1)),
		]);
	});

	test('answers in random order: output in input order, each item paired to its own', async () => {
		const delays = Array.from({ length: 30 }, () => Math.floor(Math.random() * 40));
		slowDatasets((id) => delays[Number(id.slice(-12))]);
		const { error, items } = await getMany(30);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(Array.from({ length: 30 }, (_, i) => uuid(i)));
		expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: 30 }, (_, i) => ({ item: i })));
	});
});

describe('failures', () => {
	test('Continue On Fail: each failed item is an error item in its place, the others answered', async () => {
		slowDatasets(
			() => Math.floor(Math.random() * 30),
			(id) => (['3', '7', '8'].includes(String(Number(id.slice(-12)))) ? 404 : 200),
		);
		const { error, items } = await getMany(12, {}, true);
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.json.error ? 'error' : item.json.id))).toEqual(
			Array.from({ length: 12 }, (_, i) => ([3, 7, 8].includes(i) ? 'error' : uuid(i))),
		);
		expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: 12 }, (_, i) => ({ item: i })));
	});

	test('without it, the first failure stops the node naming its item, and no request starts after it', async () => {
		let failedAt = Number.POSITIVE_INFINITY;
		slowDatasets(
			// Late enough that the 8 requests started before it (Requests in Parallel 8) have all arrived (test/reliability/stop-at-failure.test.ts waits for them exactly).
			(id) => (Number(id.slice(-12)) === 2 ? 40 : 200),
			(id) => {
				if (Number(id.slice(-12)) !== 2) return 200;
				failedAt = Date.now();
				return 404;
			},
		);
		const { error } = await getMany(40, { requestOptions: { parallelRequests: 8 } });
		expect(error?.message).toBe('Dataset not found');
		expect(error?.context?.itemIndex).toBe(2);
		const reads = api.seen.filter((seen) => seen.path.startsWith('/api/v1/datasets/'));
		expect(reads.filter((seen) => seen.at > failedAt)).toEqual([]);
		expect(reads.length).toBeLessThan(40);
	});
});

describe('the service asks to slow down', () => {
	test('a 429 with Retry-After pauses every request of the node, not only its own; every item then succeeds', async () => {
		// The first FIRST items (Requests in Parallel) start before any answer; the first of them is refused with Retry-After: 1. The
		// node pauses every request for 1 s from the moment it reads the 429 (pace.ts), which is after the server sent
		// it on the same clock: so a request that starts after it arrives 1,000 ms or more after the 429 went out. The
		// other first requests may arrive at any time (a busy machine delays them); their answers free places that the
		// later items must not take inside the pause. No bound here depends on the machine's speed.
		const FIRST = 8;
		const items = FIRST + 2;
		let refused: { id: string; at: number } | undefined;
		api.handle = (_req, res, seen) => {
			const id = idOf(seen.path);
			if (!refused) {
				refused = { id, at: Date.now() };
				return json(res, 429, { detail: 'Too Many Requests' }, { 'retry-after': '1' });
			}
			later(20, () => json(res, 200, { id, name: 'after_pause' }));
		};
		const { error, items: output } = await getMany(items, { requestOptions: { parallelRequests: FIRST } });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(items);
		const pausedFrom = refused!.at;
		const reads = api.seen.filter((seen) => seen.path.startsWith('/api/v1/datasets/'));
		expect(reads).toHaveLength(items + 1);
		const index = (seen: { path: string }) => Number(idOf(seen.path).slice(-12));
		// Started after the 429: the refused item's second request, and every item beyond the first ones.
		const later429 = reads.filter(
			(seen, at) =>
				index(seen) >= FIRST ||
				(idOf(seen.path) === refused!.id && at > reads.findIndex((first) => first.path === seen.path)),
		);
		expect(later429).toHaveLength(items - FIRST + 1);
		expect(
			later429.filter((seen) => seen.at < pausedFrom + 1000).map((seen) => [index(seen), seen.at - pausedFrom]),
		).toEqual([]);
	});
});

describe('waits', () => {
	test('items that wait for their job wait side by side: every job is polled before the first one finishes', async () => {
		const created: string[] = [];
		const finishAfterPolls = 4;
		const polls = new Map<string, number>();
		const order: string[] = [];
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST') {
				const id = `65f0a1b2c3d4e5f6a7b8c${String(created.length).padStart(3, '0')}`;
				created.push(id);
				return json(res, 200, { id, status: 'pending', dataset_id: uuid(0), details: { assets: [] } });
			}
			const id = /\/jobs\/([0-9a-f]{24})/.exec(seen.path)?.[1] ?? '';
			const count = (polls.get(id) ?? 0) + 1;
			polls.set(id, count);
			order.push(`${id}:${count >= finishAfterPolls ? 'completed' : 'in_progress'}`);
			json(res, 200, {
				id,
				status: count >= finishAfterPolls ? 'completed' : 'in_progress',
				dataset_id: uuid(0),
				details: { assets: [] },
			});
		};
		const { error, items } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: {
				resource: 'job',
				operation: 'createFromImages',
				existingAssets: 'ingest',
				datasetId: byId(uuid(0)),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				options: { combineItems: false }, // a job per item, so there are jobs to wait for side by side
				waitForCompletion: true,
				pollInterval: 0.1,
				waitTimeout: 30,
			},
			inputItems: Array.from({ length: 4 }, (_, i) => ({ url: `https://cdn.example.com/wait/${i}.jpg` })),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(4);
		expect(created).toHaveLength(4);
		const firstDone = order.findIndex((entry) => entry.endsWith(':completed'));
		const polledBefore = new Set(order.slice(0, firstDone).map((entry) => entry.split(':')[0]));
		expect(polledBefore).toEqual(new Set(created));
	});
});
