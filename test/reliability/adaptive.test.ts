/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Dev-only: loopback servers that are healthy, throttled or queueing on purpose. */
/* The item loop finds the service's pace (issues 33 and 40), through n8n's engine against loopback servers: the
 * wiring of the limit to real answers. It rises on a healthy server, falls on 429s and on round trips that grow,
 * never passes the ceiling, and output keeps input order and pairing throughout. How well the limit judges a service
 * (its queue kept short, answer times that vary by item, a busy client, a gateway) is simulated on a simulated clock
 * in test/transport/limit.test.ts, so that it does not depend on a quiet machine. */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { PARALLEL, RETRY } from '../../nodes/shared/transport';
import { ADAPTIVE } from '../../nodes/shared/transport/limit';
import { createHarness, type Harness } from '../harness/engine';
import { byId } from '../support/locators';
import { json, startHostile, type HostileServer } from './hostile/server';

const TYPE = 'n8n-nodes-media-analysis.mediaAnalysisDatasets';
const ACCESS = 'adaptive-access-token-Zr4Kw9Pq';

let harness: Harness;
let api: HostileServer;
const saved = { ...RETRY };

beforeAll(() => {
	harness = createHarness({
		nodeTypes: { [TYPE]: new MediaAnalysisDatasets() },
		credentialTypes: [new MediaAnalysisApi()],
	});
});
afterAll(() => harness.dispose());
beforeEach(async () => {
	api = await startHostile(ACCESS);
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: api.url,
		authentication: 'personalToken',
		personalToken: 'adaptive-personal-token',
	});
});
afterEach(async () => {
	Object.assign(RETRY, saved);
	await api.close();
});

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const idOf = (path: string) => /\/api\/v1\/datasets\/([^/?]+)/.exec(path)?.[1] ?? '';

/**
 * A service that works `capacity` requests at a time, each `ms` (the others wait in its queue, first come first
 * served), behind a gateway that lets `perSecond` through in any rolling second (the others get 429, Retry-After 1).
 * Counts the requests open at once (queued ones included), the most, and the 429s.
 */
function service({
	ms,
	capacity = Infinity,
	perSecond = Infinity,
	stated = false,
}: {
	ms: number;
	capacity?: number;
	perSecond?: number;
	stated?: boolean;
}) {
	const counts = { open: 0, most: 0, refused: 0, answered: 0, openSeen: [] as number[], refusedAt: [] as number[] };
	const admitted: number[] = [];
	let working = 0;
	const queue: Array<() => void> = [];
	const work = (done: () => void) => {
		working++;
		setTimeout(() => {
			working--;
			queue.shift()?.();
			done();
		}, ms);
	};
	api.handle = (_req, res, seen) => {
		const now = Date.now();
		while (admitted.length && admitted[0] <= now - 1000) admitted.shift();
		if (admitted.length >= perSecond) {
			counts.refused++;
			counts.refusedAt.push(now);
			return json(
				res,
				429,
				{ detail: 'Too Many Requests' },
				{ 'retry-after': '1', ...(stated ? { 'ratelimit-policy': `${perSecond};w=1` } : {}) },
			);
		}
		admitted.push(now);
		counts.open++;
		counts.most = Math.max(counts.most, counts.open);
		counts.openSeen.push(counts.open);
		const id = idOf(seen.path);
		const answer = () => {
			counts.open--;
			counts.answered++;
			json(res, 200, { id, name: `dataset_${id.slice(-4)}` });
		};
		if (working < capacity) work(answer);
		else queue.push(() => work(answer));
	};
	return counts;
}

const getMany = (count: number, extra: IDataObject = {}) =>
	harness.runNode({
		type: TYPE,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId('={{ $json.id }}'), ...extra },
		inputItems: Array.from({ length: count }, (_, i) => ({ id: uuid(i) })),
	});

/** Every item answered, in input order, each paired to its own. */
function expectInOrder(items: Array<{ json: IDataObject; pairedItem?: unknown }>, count: number) {
	expect(items.map((item) => item.json.id)).toEqual(Array.from({ length: count }, (_, i) => uuid(i)));
	expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: count }, (_, i) => ({ item: i })));
}

describe("the limit finds the service's pace", () => {
	test('rises on a healthy service, past where it starts, and never passes the default ceiling', async () => {
		// Round trips long against n8n's own work per request, so this machine's CPU is not what limits it.
		const counts = service({ ms: 100 });
		const { error, items } = await getMany(400);
		expect(error).toBeUndefined();
		expectInOrder(items, 400);
		expect(counts.most).toBeGreaterThan(2 * ADAPTIVE.initial);
		expect(counts.most).toBeLessThanOrEqual(PARALLEL.default);
	});

	test('never passes Requests in Parallel; reaches it below where the limit starts, and grows past its start above', async () => {
		// Below where the limit starts, Requests in Parallel is the limit from the first request; above it, the limit
		// passes where it starts within its first answers (slow start adds one for each), however slow this machine is.
		for (const [ceiling, count] of [
			[1, 20],
			[4, 40],
			[20, 300],
		]) {
			const counts = service({ ms: 100 });
			const { error, items } = await getMany(count, { requestOptions: { parallelRequests: ceiling } });
			expect(error).toBeUndefined();
			expectInOrder(items, count);
			expect(counts.most).toBeLessThanOrEqual(ceiling);
			expect(counts.most).toBeGreaterThanOrEqual(Math.min(ceiling, ADAPTIVE.initial + 1));
		}
	});

	test('falls when round trips grow: a service working 8 at a time is not flooded', async () => {
		const counts = service({ ms: 100, capacity: 8 });
		const { error, items } = await getMany(300);
		expect(error).toBeUndefined();
		expectInOrder(items, 300);
		// Round trips grow with its queue: past its start (which may overshoot), the limit settles well below the
		// ceiling and keeps the service busy. The bounds are loose: this proves that the answers' round trips reach
		// the limit through the engine; how close it keeps to the capacity is simulated in limit.test.ts. Each request
		// takes 100 ms, long against n8n's own work per request, so that a busy machine's CPU does not read as a queue.
		const later = counts.openSeen.slice(counts.openSeen.length / 2);
		const average = later.reduce((sum, open) => sum + open, 0) / later.length;
		expect(average).toBeLessThan(0.75 * PARALLEL.default);
		// Not collapsed: a busy machine's own delay per answer can make the service's need look a little under its
		// capacity, never a fraction of it.
		expect(average).toBeGreaterThanOrEqual(4);
	});

	test("keeps to a gateway's rate after its 429s: few refused, no item failed", async () => {
		const counts = service({ ms: 20, perSecond: 60 });
		const started = Date.now();
		const { error, items } = await getMany(240);
		const seconds = (Date.now() - started) / 1000;
		expect(error).toBeUndefined();
		expectInOrder(items, 240);
		// 240 requests at 60 a second take 4 s at best.
		expect(seconds).toBeGreaterThan(3);
		// A gateway that does not state its rate is found by its first refusals: what was in flight when its window
		// filled is refused (never more than the ceiling). After that window, the learnt pace keeps refusals rare.
		const firstWindow = counts.refusedAt.filter((at) => at <= counts.refusedAt[0] + 1000).length;
		expect(firstWindow).toBeLessThanOrEqual(PARALLEL.default);
		const late = counts.refusedAt.length - firstWindow;
		expect(late / (counts.answered + counts.refused)).toBeLessThanOrEqual(0.05);
	});

	test('keeps to the rate a gateway states in RateLimit-Policy: fewer refused still', async () => {
		const counts = service({ ms: 20, perSecond: 60, stated: true });
		const { error, items } = await getMany(240);
		expect(error).toBeUndefined();
		expectInOrder(items, 240);
		// The first window's burst is refused before the gateway has said anything; once it has (and its window has
		// passed), the pace keeps under its rate: hardly anything more is refused, however loaded this machine is.
		const settled = counts.refusedAt[0] + 2000;
		const late = counts.refusedAt.filter((at) => at > settled).length;
		expect(late / (counts.answered + counts.refused)).toBeLessThanOrEqual(0.05);
	});
});
