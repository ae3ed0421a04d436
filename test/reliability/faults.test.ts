/* Reliability through n8n's engine with the sandbox's faults switched on: nothing lost, nothing repeated. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { stableUuid } from '../../sandbox/assets/model';
import type { FaultPlan } from '../../sandbox/server';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { LIMIT } from '../../nodes/shared/transport/limit';
import { RECOVERY, RETRY } from '../../nodes/shared/transport/request';
import { TYPES, useTestBed } from '../nodes/setup';
import { accessToken, send } from '../sandbox/helpers';
import { byId } from '../support/locators';
import { useLimits } from './hostile/bed';

const bed = useTestBed();

// The sandbox lists a job as soon as it makes it: a short look for a lost create's job is enough here.
useLimits(RECOVERY, { windowMs: 300, firstGapMs: 100 });
// What these tests check is that every fault is retried or recovered, nothing lost and nothing repeated, not how long
// the back-off waits: 10 ms doubling instead of 500 ms (nextDelay and its cap are tested in test/transport/). The
// attempts stay 5, so a request that meets five faults in a row still fails as it would with the shipped delays.
useLimits(RETRY, { baseDelayMs: 10 });
// Nor how a 429 paces the rest (test/transport/limit.test.ts): a poll sends a few requests, and the pace a 429 sets
// from them would space its next ones a second apart.
useLimits(LIMIT, { slowestPace: 100 });

/** About one request in ten meets a fault: 5xx, 429 bursts, drops before and after processing, token revocation. */
const TEN_PERCENT: FaultPlan = {
	errorRate: 0.04,
	rateLimitRate: 0.02,
	rateLimitBurst: 2,
	retryAfterSeconds: 0,
	dropBeforeRate: 0.02,
	dropAfterRate: 0.02,
	revokeTokensEvery: 41,
	seed: 11,
};

function addDatasets(count: number): string[] {
	const template = bed.sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages);
	if (!template) throw new Error('seed dataset missing');
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = stableUuid(`reliability-dataset-${i}`);
		bed.sandbox.store.datasets.set(id, {
			...template,
			id,
			name: `bulk_${String(i).padStart(5, '0')}`,
			createdAt: template.createdAt + i,
		});
		ids.push(id);
	}
	return ids;
}

test('Return All over 5,000 datasets under 10% faults returns every record exactly once', async () => {
	const added = addDatasets(5000);
	bed.sandbox.setFaults(TEN_PERCENT);
	const { items, error } = await bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'getMany', returnAll: true },
	});
	const injected = bed.sandbox.clearFaults();
	expect(error).toBeUndefined();
	const ids = items.map((item) => String(item.json.id));
	expect(new Set(ids).size).toBe(ids.length);
	const returned = new Set(ids);
	expect(added.filter((id) => !returned.has(id))).toEqual([]);
	expect(ids).toHaveLength(5003); // and the three active seed datasets
	expect(injected.status + injected.rateLimit + injected.dropBefore + injected.dropAfter).toBeGreaterThan(0);
}, 120_000);

test('the trigger emits 1,000 events exactly once under 10% faults', async () => {
	const dataset = byId(SEED_DATASET_IDS.demoImages);
	const parameters = { events: ['assetCompleted'], datasetId: dataset };
	const stepMs = 1000;
	bed.sandbox.clock.freeze();
	bed.sandbox.store.ingestion.setStepMs(stepMs);
	let token = await accessToken(bed.sandbox);
	let staticData: IDataObject = {};
	const counts = new Map<string, number>();
	const poll = async () => {
		const result = await bed.harness.runPoll({ type: TYPES.trigger, parameters, staticData });
		staticData = result.staticData;
		for (const item of result.items?.[0] ?? []) {
			const id = String(item.json.asset_id);
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
	};
	await poll();
	bed.sandbox.setFaults({ ...TEN_PERCENT, paths: ['/api/v1/ingestion/jobs', `/api/v1/ingestion/datasets/`] });
	for (let round = 0; round < 20; round++) {
		const reply = await send(bed.sandbox.url, 'POST', '/api/v1/ingestion/images', {
			token,
			json: {
				dataset_id: SEED_DATASET_IDS.demoImages,
				images: Array.from({ length: 50 }, (_, i) => ({
					source_path: `https://media.example.com/faulty-${round}-${i}.jpg`,
				})),
			},
		}).catch(() => undefined);
		// The test's own job creation may find its token revoked by the fault plan: log in again and repeat the round.
		if (reply?.status === 401) token = await accessToken(bed.sandbox);
		if (reply?.status !== 200) {
			round--;
			continue;
		}
		bed.sandbox.clock.advance(stepMs * 0.75);
		await poll();
		bed.sandbox.clock.advance(stepMs * 0.75);
		await poll();
	}
	bed.sandbox.clock.advance(stepMs * 5);
	await poll();
	await poll();
	const injected = bed.sandbox.clearFaults();
	const completed = [...bed.sandbox.store.assets.values()].filter(
		(asset) =>
			asset.datasetId === SEED_DATASET_IDS.demoImages &&
			asset.path.includes('/faulty-') &&
			asset.status === 'completed',
	);
	expect(completed).toHaveLength(1000);
	expect(counts.size).toBe(1000);
	expect([...counts.values()].every((count) => count === 1)).toBe(true);
	expect(injected.faultable).toBeGreaterThan(40);
	expect(injected.status + injected.rateLimit + injected.dropBefore + injected.dropAfter).toBeGreaterThan(0);
}, 120_000);

const ingestionJobs = () => [...bed.sandbox.store.ingestion.jobs.values()];
/** Ingestion › Create From Images into the demo images dataset. */
const ingest = (sourcePath: string, parameters: INodeParameters = {}, inputItems?: IDataObject[]) =>
	bed.harness.runNode({
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			existingAssets: 'ingest',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			images: { image: [{ sourcePath }] },
			...parameters,
		},
		inputItems,
	});

test('a 1,000-asset ingestion under 10% faults ingests every asset exactly once', async () => {
	const inputItems = Array.from({ length: 1000 }, (_, i) => ({ url: `https://cdn.example.com/reliable/${i}.jpg` }));
	bed.sandbox.setFaults(TEN_PERCENT);
	const { items, error } = await ingest('={{ $json.url }}', { options: { combineItems: true } }, inputItems);
	const injected = bed.sandbox.clearFaults();
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1000);
	const ingested = [...bed.sandbox.store.assets.values()].filter((asset) => asset.path.includes('/reliable/'));
	expect(ingested).toHaveLength(1000);
	expect(new Set(ingested.map((asset) => asset.path)).size).toBe(1000);
	expect(ingestionJobs()).toHaveLength(10);
	expect(injected.status + injected.rateLimit + injected.dropBefore + injected.dropAfter).toBeGreaterThan(0);
}, 120_000);

test('a create whose answer was lost is not sent blindly again: the node finds the job it created', async () => {
	bed.sandbox.setFaults({ dropAfterRate: 1, paths: ['/api/v1/ingestion/images'] });
	const { items, error } = await ingest('https://cdn.example.com/lost-answer.jpg');
	bed.sandbox.clearFaults();
	expect(error).toBeUndefined();
	const jobs = ingestionJobs();
	expect(jobs).toHaveLength(1);
	expect(items[0].json.ingest_job_id).toBe(jobs[0].id);
	const sent = bed.apiRequests().map((request) => `${request.method} ${request.path}`);
	// The dataset is read first (it must accept images), then the create, then the look for its job.
	expect(sent).toEqual([
		expect.stringMatching(/^GET \/api\/v1\/datasets\//),
		'POST /api/v1/ingestion/images',
		'GET /api/v1/ingestion/jobs',
	]);
});

test('a create that never reached the service is found missing on the job list and sent once more', async () => {
	bed.sandbox.setFaults({ dropBeforeRate: 1, maxFaults: 1, paths: ['/api/v1/ingestion/images'] });
	const { error } = await ingest('https://cdn.example.com/never-arrived.jpg');
	bed.sandbox.clearFaults();
	expect(error).toBeUndefined();
	expect(ingestionJobs()).toHaveLength(1);
	const sent = bed
		.apiRequests()
		.map((request) => `${request.method} ${request.path} ${request.fault ?? ''}`.trim())
		.filter((request) => !request.startsWith('GET /api/v1/datasets/')); // the asset type check before the create
	// Looked for over the whole window (the service may list a new job late), then sent once more.
	expect(sent[0]).toBe('POST /api/v1/ingestion/images drop-before');
	expect(sent.slice(1, -1).length).toBeGreaterThanOrEqual(2);
	expect(new Set(sent.slice(1, -1))).toEqual(new Set(['GET /api/v1/ingestion/jobs']));
	expect(sent[sent.length - 1]).toBe('POST /api/v1/ingestion/images');
});
