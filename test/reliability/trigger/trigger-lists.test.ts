/**
 * The trigger against lists that behave as an eventually consistent store's do (list-server.ts, on 127.0.0.1):
 * records that show up after newer ones, records deleted above the next page between two page reads, ids that name
 * built-in members of JavaScript objects, datasets created and deleted from poll to poll. The real node runs through
 * n8n-core's PollContext with its static data carried from poll to poll as n8n saves it (JSON), and the test moves
 * n8n's clock and the service's together instead of sleeping. Every event exactly once, the saved state bounded.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MAX_DATASETS } from '../../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { LOOK_BACK_MS } from '../../../nodes/MediaAnalysisIngestionTrigger/events';
import { PAGE_OVERLAP } from '../../../nodes/MediaAnalysisIngestionTrigger/scan';
import { usePollClock } from '../../support/poll-clock';
import { type ListedAsset, type ListedJob, TRIGGER_TYPE, useTriggerBed } from './list-server';
import { byId } from '../../support/locators';

const TYPE = TRIGGER_TYPE;
const DATASET = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const JOBS_PATH = '/api/v1/ingestion/jobs';
const DATASETS_PATH = '/api/v1/datasets';

const bed = useTriggerBed();
let staticData: IDataObject;
const pollClock = usePollClock();

beforeEach(() => {
	bed.service.now = Date.now() - 1000;
	bed.service.jobs = [];
	bed.service.datasets = [];
	bed.service.assets = new Map();
	bed.service.afterPage = undefined;
	bed.service.requests = [];
	staticData = {};
	bed.harness.credentials.set('mediaAnalysisApi', {
		baseUrl: bed.service.url,
		authentication: 'personalToken',
		personalToken: 'personal',
		accessToken: '',
	});
});

/** Time passes for the service and for n8n alike. */
const later = (ms: number) => {
	bed.service.now += ms;
	pollClock.advance(ms);
};

const JOBS: INodeParameters = { events: ['jobCreated', 'jobCompleted', 'jobStatusChanged'] };
const assetsOf = (datasetId: string = DATASET): INodeParameters => ({
	events: ['assetCompleted', 'assetFailed', 'assetStatusChanged'],
	datasetId: byId(datasetId),
});
const EVERY_DATASET: INodeParameters = { events: ['assetCompleted'] };

/** One poll through n8n's engine; the static data goes to the next poll as n8n stores it. */
async function poll(parameters: INodeParameters = JOBS) {
	const before = bed.service.requests.length;
	const result = await bed.harness.runPoll({ type: TYPE, parameters, staticData });
	staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
	const items = (result.items?.[0] ?? []).map((item) => item.json);
	return { items, requests: bed.service.requests.slice(before) };
}
/** One entry per item: its events and the id of its job or asset. */
const keys = (items: IDataObject[]) =>
	items.map((item) => `${(item.events as string[]).join('+')}:${String(item.id ?? item.asset_id)}`);

let serial = 0;
const jobId = () => (++serial).toString(16).padStart(24, '0');
/** A job created `ago` ms before the service's now, listed from `visibleIn` ms from now (a lagging replica). */
function addJob(
	ago: number,
	{ status = 'pending', visibleIn, id = jobId() }: { status?: string; visibleIn?: number; id?: string } = {},
) {
	const job: ListedJob = {
		id,
		dataset_id: DATASET,
		status,
		created: bed.service.now - ago,
		updated: bed.service.now - ago,
	};
	if (visibleIn !== undefined) job.visibleAt = bed.service.now + visibleIn;
	bed.service.jobs.push(job);
	return job;
}
/** Deletes the `count` newest listed jobs after the first page of the next read of `path`. */
function deleteHeadAfterFirstPage(count: number, path = JOBS_PATH) {
	let done = false;
	bed.service.afterPage = (request) => {
		if (done || request.path !== path || request.offset !== 0) return;
		done = true;
		const newest = bed.service.jobs
			.filter((job) => (job.visibleAt ?? 0) <= bed.service.now)
			.sort((a, b) => b.updated - a.updated)
			.slice(0, count);
		bed.service.jobs = bed.service.jobs.filter((job) => !newest.includes(job));
	};
}
/** How many times each id was emitted with `event`. */
function tally(into: Map<string, number>, items: IDataObject[], event: string) {
	for (const item of items) {
		if (!(item.events as string[]).includes(event)) continue;
		const id = String(item.id ?? item.asset_id);
		into.set(id, (into.get(id) ?? 0) + 1);
	}
}

describe('records that show up after newer ones (replica lag)', () => {
	test('a job created 2 s before the newest, listed one poll later, fires once', async () => {
		addJob(600_000, { status: 'completed' });
		expect((await poll()).items).toEqual([]);
		later(30_000);
		const newest = addJob(0);
		const late = addJob(2_000, { visibleIn: 10_000 });
		expect(keys((await poll()).items)).toEqual([`jobCreated:${newest.id}`]);
		later(30_000);
		expect(keys((await poll()).items)).toEqual([`jobCreated:${late.id}`]);
		for (const step of [30_000, LOOK_BACK_MS, LOOK_BACK_MS]) {
			later(step);
			expect((await poll()).items).toEqual([]);
		}
	});

	test('a late job behind more than a page of newer ones fires once, and none of them twice', async () => {
		expect((await poll()).items).toEqual([]);
		later(30_000);
		const burst = Array.from({ length: 150 }, (_, i) => addJob(150 - i)); // 1 ms apart, the newest last
		const late = addJob(2_000, { visibleIn: 5_000 });
		const counts = new Map<string, number>();
		tally(counts, (await poll()).items, 'jobCreated');
		later(30_000);
		const next = await poll();
		expect(keys(next.items)).toEqual([`jobCreated:${late.id}`]);
		expect(next.requests.map((request) => request.offset)).toEqual([0, 95]); // down to the window's floor
		tally(counts, next.items, 'jobCreated');
		later(LOOK_BACK_MS);
		tally(counts, (await poll()).items, 'jobCreated');
		expect(counts.size).toBe(151);
		expect([...counts.values()].every((count) => count === 1)).toBe(true);
		expect([...burst, late].every((job) => counts.has(job.id))).toBe(true);
	});

	test('a known job whose completion is listed late fires Job Completed once, with its previous status', async () => {
		const job = addJob(5_000, { status: 'in_progress' });
		await poll();
		later(20_000);
		const newer = addJob(0);
		const completedAt = bed.service.now - 2_000; // before `newer`, but the replica answering the next read lacks it
		expect(keys((await poll()).items)).toEqual([`jobCreated:${newer.id}`]);
		Object.assign(job, { status: 'completed', updated: completedAt });
		later(30_000);
		const second = await poll();
		expect(keys(second.items)).toEqual([`jobCompleted+jobStatusChanged:${job.id}`]);
		expect(second.items[0]).toMatchObject({ previous_status: 'in_progress', status: 'completed' });
		later(LOOK_BACK_MS);
		expect((await poll()).items).toEqual([]);
	});

	test('a late asset status in a watched dataset fires once', async () => {
		const assets: ListedAsset[] = [{ asset_id: 'a-1', status: 'completed', time: bed.service.now - 100_000 }];
		bed.service.assets.set(DATASET, assets);
		await poll(assetsOf());
		later(30_000);
		assets.push({ asset_id: 'a-2', status: 'completed', time: bed.service.now });
		assets.push({
			asset_id: 'a-3',
			status: 'error',
			time: bed.service.now - 3_000,
			visibleAt: bed.service.now + 20_000,
		});
		expect(keys((await poll(assetsOf())).items)).toEqual(['assetCompleted+assetStatusChanged:a-2']);
		later(30_000);
		expect(keys((await poll(assetsOf())).items)).toEqual(['assetFailed+assetStatusChanged:a-3']);
		later(LOOK_BACK_MS);
		expect((await poll(assetsOf())).items).toEqual([]);
	});

	test('a job listed more than the window after its time is not emitted (the documented bound), and nothing fires twice', async () => {
		await poll();
		later(30_000);
		const newest = addJob(0);
		const tooLate = addJob(LOOK_BACK_MS + 5_000, { visibleIn: 10_000 });
		expect(keys((await poll()).items)).toEqual([`jobCreated:${newest.id}`]);
		later(30_000);
		expect((await poll()).items).toEqual([]);
		expect(bed.service.jobs).toContain(tooLate);
	});

	test('once the cursor has stood still for the window, a quiet poll reads one page again', async () => {
		await poll();
		later(30_000);
		for (let i = 0; i < 250; i++) addJob(250 - i);
		expect((await poll()).items).toHaveLength(250);
		later(30_000);
		expect((await poll()).requests).toHaveLength(3); // the window: 250 jobs of its last minute, read again
		later(30_000);
		expect((await poll()).requests).toHaveLength(3); // still within a minute of the cursor's move by the previous poll
		later(30_000);
		expect((await poll()).requests).toHaveLength(1);
		later(30_000);
		expect((await poll()).requests).toHaveLength(1);
	});
});

describe('a record deleted at the head between two page reads', () => {
	test.each([1, 3, PAGE_OVERLAP - 1])(
		'%i deleted after page 1: the records that moved up are read on page 2, each fires once',
		async (deleted) => {
			await poll();
			later(30_000);
			const jobs = Array.from({ length: 250 }, (_, i) => addJob(250 - i));
			deleteHeadAfterFirstPage(deleted);
			const counts = new Map<string, number>();
			const first = await poll();
			tally(counts, first.items, 'jobCreated');
			expect(counts.size).toBe(250); // in this very poll
			for (const step of [30_000, LOOK_BACK_MS, LOOK_BACK_MS]) {
				later(step);
				tally(counts, (await poll()).items, 'jobCreated');
			}
			expect(jobs.every((job) => counts.get(job.id) === 1)).toBe(true);
		},
	);

	test.each([PAGE_OVERLAP + 1, 20, 99])(
		'%i deleted after page 1 (more than the overlap): the records that moved up fire in the next poll, once',
		async (deleted) => {
			await poll();
			later(30_000);
			const jobs = Array.from({ length: 250 }, (_, i) => addJob(250 - i));
			deleteHeadAfterFirstPage(deleted);
			const counts = new Map<string, number>();
			tally(counts, (await poll()).items, 'jobCreated');
			expect(counts.size).toBeLessThan(250);
			later(30_000);
			tally(counts, (await poll()).items, 'jobCreated');
			expect(counts.size).toBe(250);
			for (const step of [LOOK_BACK_MS, LOOK_BACK_MS]) {
				later(step);
				tally(counts, (await poll()).items, 'jobCreated');
			}
			expect(jobs.every((job) => counts.get(job.id) === 1)).toBe(true);
		},
	);

	test('the records that moved up fire in the next poll even when that poll reads far less than the one before', async () => {
		addJob(60_000, { status: 'completed' });
		await poll();
		later(10 * 60_000); // the trigger was off for ten minutes: this read spans far more than the window
		const jobs = Array.from({ length: 300 }, (_, i) => addJob((300 - i) * 2_000)); // 2 s apart over ten minutes
		deleteHeadAfterFirstPage(30);
		const counts = new Map<string, number>();
		tally(counts, (await poll()).items, 'jobCreated');
		later(30_000);
		tally(counts, (await poll()).items, 'jobCreated');
		expect(jobs.every((job) => counts.get(job.id) === 1)).toBe(true);
	});

	test('deletions between every page of a long read: each record fires once, in that poll or the next', async () => {
		await poll();
		later(30_000);
		const jobs = Array.from({ length: 600 }, (_, i) => addJob(600 - i));
		let read = 0;
		bed.service.afterPage = (request) => {
			if (request.path !== JOBS_PATH || read++ > 6) return;
			const head = bed.service.jobs.sort((a, b) => b.updated - a.updated).slice(0, read % 2 === 0 ? 2 : 12);
			bed.service.jobs = bed.service.jobs.filter((job) => !head.includes(job));
		};
		const counts = new Map<string, number>();
		tally(counts, (await poll()).items, 'jobCreated');
		later(30_000);
		tally(counts, (await poll()).items, 'jobCreated');
		expect(jobs.every((job) => counts.get(job.id) === 1)).toBe(true);
	});

	test("an asset deleted at the head of a dataset's asset statuses between page reads: each asset fires once", async () => {
		const assets = [{ asset_id: 'old', status: 'completed', time: bed.service.now - 100_000 }];
		bed.service.assets.set(DATASET, assets);
		await poll(assetsOf());
		later(30_000);
		for (let i = 0; i < 180; i++)
			assets.push({ asset_id: `a-${i}`, status: 'completed', time: bed.service.now - 180 + i });
		let done = false;
		bed.service.afterPage = (request) => {
			if (done || request.method !== 'POST') return;
			done = true;
			assets.sort((a, b) => b.time - a.time).splice(0, 8);
		};
		const counts = new Map<string, number>();
		tally(counts, (await poll(assetsOf())).items, 'assetCompleted');
		later(30_000);
		tally(counts, (await poll(assetsOf())).items, 'assetCompleted');
		expect(counts.size).toBe(180);
		expect([...counts.values()].every((count) => count === 1)).toBe(true);
	});
});

describe('ids and statuses that name built-in members of JavaScript objects', () => {
	const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__dataChanged'];

	test.each(NAMES)('a job with the id "%s" fires once per change, and later polls keep working', async (name) => {
		addJob(60_000, { status: 'completed' });
		await poll();
		later(10_000);
		const job = addJob(0, { id: name, status: 'in_progress' });
		expect(keys((await poll()).items)).toEqual([`jobCreated+jobStatusChanged:${name}`]);
		later(10_000);
		expect((await poll()).items).toEqual([]);
		Object.assign(job, { status: 'completed', updated: bed.service.now });
		later(10_000);
		const done = await poll();
		expect(keys(done.items)).toEqual([`jobCompleted+jobStatusChanged:${name}`]);
		expect(done.items[0]).toMatchObject({ previous_status: 'in_progress' });
		for (const step of [LOOK_BACK_MS, LOOK_BACK_MS]) {
			later(step);
			expect((await poll()).items).toEqual([]);
		}
		expect(bed.harness.logs.join('\n')).not.toMatch(/unreadable/);
	});

	test('asset ids named after built-in members, in one dataset, each fire once', async () => {
		const assets = [{ asset_id: 'first', status: 'completed', time: bed.service.now - 100_000 }];
		bed.service.assets.set(DATASET, assets);
		await poll(assetsOf());
		later(10_000);
		for (const [i, name] of NAMES.entries())
			assets.push({ asset_id: name, status: 'completed', time: bed.service.now - i });
		expect(keys((await poll(assetsOf())).items).sort()).toEqual(
			NAMES.map((name) => `assetCompleted+assetStatusChanged:${name}`).sort(),
		);
		for (const step of [10_000, LOOK_BACK_MS, LOOK_BACK_MS]) {
			later(step);
			expect((await poll(assetsOf())).items).toEqual([]);
		}
	});

	test('statuses named after built-in members are plain statuses: one status change each, no end event', async () => {
		await poll({ events: ['jobStatusChanged', 'jobCompleted'] });
		later(10_000);
		const jobs = ['constructor', 'toString', '__proto__'].map((status, i) => addJob(i, { status }));
		const { items } = await poll({ events: ['jobStatusChanged', 'jobCompleted'] });
		expect(keys(items).sort()).toEqual(jobs.map((job) => `jobStatusChanged:${job.id}`).sort());
		later(LOOK_BACK_MS);
		expect((await poll({ events: ['jobStatusChanged', 'jobCompleted'] })).items).toEqual([]);
	});
});

describe('datasets created and deleted over time', () => {
	const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
	/** `count` new datasets with two ready assets each, listed newest first. */
	function createDatasets(from: number, count: number) {
		const created = Array.from({ length: count }, (_, i) => ({
			id: uuid(from + i),
			name: `set_${from + i}`,
			status: 'active',
		}));
		for (const dataset of created) {
			bed.service.assets.set(dataset.id, [
				{ asset_id: `${dataset.id}-a`, status: 'completed', time: bed.service.now - 2 },
				{ asset_id: `${dataset.id}-b`, status: 'completed', time: bed.service.now - 1 },
			]);
		}
		bed.service.datasets.unshift(...created.reverse());
		return created;
	}
	const scopeKeys = () => Object.keys((staticData.scopes ?? {}) as IDataObject).sort();
	const listedKeys = () =>
		bed.service.datasets
			.filter((dataset) => dataset.status === 'active')
			.map((dataset) => `assets:${dataset.id}`)
			.sort();

	test('40 new datasets a poll for 6 polls, the previous ones deleted: the state keeps the listed ones only, and stays the same size', async () => {
		createDatasets(0, 40);
		await poll(EVERY_DATASET);
		const sizes: number[] = [];
		const counts = new Map<string, number>();
		for (let round = 1; round <= 6; round++) {
			later(LOOK_BACK_MS);
			bed.service.datasets = [];
			createDatasets(round * 100, 40);
			const { items } = await poll(EVERY_DATASET);
			tally(counts, items, 'assetCompleted');
			expect(items).toHaveLength(80); // a dataset that appears while the trigger runs: all of its events are new
			expect(scopeKeys()).toEqual(listedKeys());
			sizes.push(JSON.stringify(staticData).length);
		}
		expect(counts.size).toBe(480);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.min(...sizes) * 1.05);
	});

	test('a dataset listed as deleting is dropped at once; one that vanished is kept until the list could no longer lag', async () => {
		const [a, b, c] = createDatasets(0, 3);
		await poll(EVERY_DATASET);
		later(LOOK_BACK_MS);
		await poll(EVERY_DATASET); // the three are no longer new
		bed.service.datasets.find((dataset) => dataset.id === a.id)!.status = 'deleting';
		bed.service.datasets = bed.service.datasets.filter((dataset) => dataset.id !== b.id);
		const [d] = createDatasets(10, 1);
		later(10_000);
		await poll(EVERY_DATASET);
		expect(scopeKeys()).toEqual([`assets:${c.id}`, `assets:${d.id}`].sort());
		bed.service.datasets = bed.service.datasets.filter((dataset) => dataset.id !== d.id); // d is younger than the window
		later(10_000);
		await poll(EVERY_DATASET);
		expect(scopeKeys()).toEqual([`assets:${c.id}`, `assets:${d.id}`].sort());
		later(LOOK_BACK_MS);
		await poll(EVERY_DATASET);
		expect(scopeKeys()).toEqual([`assets:${c.id}`]);
	});

	test('a new dataset a lagging list leaves out for a poll comes back without its events again', async () => {
		createDatasets(0, 2);
		await poll(EVERY_DATASET);
		later(10_000);
		const [fresh] = createDatasets(5, 1);
		expect((await poll(EVERY_DATASET)).items).toHaveLength(2);
		const listed = bed.service.datasets.find((dataset) => dataset.id === fresh.id)!;
		listed.visibleAt = bed.service.now + 15_000; // a replica that does not have it yet answers the next read
		later(10_000);
		expect((await poll(EVERY_DATASET)).items).toEqual([]);
		expect(scopeKeys()).toContain(`assets:${fresh.id}`);
		later(10_000);
		expect((await poll(EVERY_DATASET)).items).toEqual([]);
	});

	test.each([2, 30])(
		'%i datasets deleted at the head of the datasets list between its page reads: no dataset that stays starts afresh',
		async (deleted) => {
			createDatasets(0, 250);
			await poll(EVERY_DATASET);
			later(LOOK_BACK_MS);
			await poll(EVERY_DATASET);
			let done = false;
			bed.service.afterPage = (request) => {
				if (done || request.path !== DATASETS_PATH || request.offset !== 0) return;
				done = true;
				bed.service.datasets.splice(0, deleted);
			};
			later(LOOK_BACK_MS);
			expect((await poll(EVERY_DATASET)).items).toEqual([]);
			later(LOOK_BACK_MS);
			expect((await poll(EVERY_DATASET)).items).toEqual([]); // had a scope been dropped, its assets would fire again
			expect(scopeKeys()).toEqual(listedKeys());
		},
		// About 5 s alone (250 datasets, five polls); over 30 s once in a whole `npm test` beside the end-to-end files.
		120_000,
	);

	test(`more than ${MAX_DATASETS} datasets with every dataset watched is a clear error naming the bound`, async () => {
		createDatasets(0, MAX_DATASETS + 1);
		await expect(bed.harness.runPoll({ type: TYPE, parameters: EVERY_DATASET, staticData })).rejects.toThrow(
			new RegExp(`The account lists ${MAX_DATASETS + 1} datasets; the trigger watches at most ${MAX_DATASETS}`),
		);
	});
});
