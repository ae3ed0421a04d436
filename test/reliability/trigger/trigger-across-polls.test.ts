/**
 * What lives across polls (docs/reliability.md, Across polls), through n8n-core's PollContext against the loopback
 * list server: one poll of a trigger at a time (n8n's legacy scheduling starts a poll on every tick, even while the
 * last one runs), a poll inside the time n8n gives it (`getPollBudgetMs()`, n8n 2.41), and a saved state that stays
 * under 128 KB and never makes a record it let go of new again. Polls of one `session` share one loaded workflow,
 * as polls of one active workflow do in n8n.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { pollsRunning } from '../../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { type ListedJob, TRIGGER_TYPE, useTriggerBed } from './list-server';

const bed = useTriggerBed();
const JOBS: INodeParameters = { events: ['jobCreated', 'jobCompleted', 'jobStatusChanged'] };
const STATE_LIMIT = 128 * 1024;

let serial = 0;
let session = '';
let saved: IDataObject = {};
beforeEach(() => {
	bed.service.now = Date.now() - 60_000;
	bed.service.jobs = [];
	bed.service.requests = [];
	bed.service.afterPage = undefined;
	bed.service.delayMs = undefined;
	session = `across-${++serial}`;
	saved = {};
	bed.harness.logs.length = 0;
	useService();
});
afterEach(() => expect(pollsRunning()).toBe(0));

function useService(baseUrl = bed.service.url) {
	bed.harness.credentials.set('mediaAnalysisApi', {
		baseUrl,
		authentication: 'personalToken',
		personalToken: 'personal',
		accessToken: '',
	});
}

/** One poll of the session's trigger; what n8n would have saved goes on to the session's next workflow. */
async function poll(options: { pollBudgetMs?: number | null; parameters?: INodeParameters } = {}) {
	const result = await bed.harness.runPoll({
		type: TRIGGER_TYPE,
		parameters: options.parameters ?? JOBS,
		staticData: saved,
		session,
		pollBudgetMs: options.pollBudgetMs,
	});
	saved = result.saved as IDataObject;
	return {
		items: (result.items?.[0] ?? []).map((item) => item.json),
		skipped: result.items === null,
		bytes: Buffer.byteLength(JSON.stringify(result.saved)),
	};
}

let jobSerial = 0;
/** `count` new pending jobs, the oldest first, one ms apart, ending just before the service's now. */
function addJobs(count: number): ListedJob[] {
	const jobs = Array.from({ length: count }, (_, i) => {
		const time = bed.service.now - count + i;
		return {
			id: (++jobSerial).toString(16).padStart(24, '0'),
			dataset_id: 'd',
			status: 'pending',
			created: time,
			updated: time,
		};
	});
	bed.service.jobs.push(...jobs);
	return jobs;
}

/** How many times each job was emitted with `event`, over every poll's items. */
function counts(items: IDataObject[], event: string): Map<string, number> {
	const seen = new Map<string, number>();
	for (const item of items) {
		if ((item.events as string[]).includes(event)) seen.set(String(item.id), (seen.get(String(item.id)) ?? 0) + 1);
	}
	return seen;
}
const exactlyOnce = (seen: Map<string, number>, jobs: ListedJob[]) => {
	expect(seen.size).toBe(jobs.length);
	expect(new Set(seen.keys())).toEqual(new Set(jobs.map((job) => job.id)));
	expect([...seen.values()].every((count) => count === 1)).toBe(true);
};
const warnings = (pattern: RegExp) => bed.harness.logs.filter((line) => line.startsWith('warn') && pattern.test(line));

describe('one poll of a trigger at a time', () => {
	test('two polls started together, and one started while the last reads its pages: 300 new jobs each, every Job Created once', async () => {
		await poll(); // activation: records where "now" is
		const first = addJobs(300);
		const together = await Promise.all([poll(), poll()]);
		expect(together.filter((result) => result.skipped)).toHaveLength(1);
		exactlyOnce(counts([...together[0].items, ...together[1].items], 'jobCreated'), first);
		expect(warnings(/skipped because the previous poll of the trigger is still running/)).toHaveLength(1);

		// n8n's next tick while the last poll waits for its second page.
		bed.service.now += 1000;
		const second = addJobs(300);
		bed.service.delayMs = 20;
		let overlapping: ReturnType<typeof poll> | undefined;
		bed.service.afterPage = (request) => {
			if (request.offset === 0 && !overlapping) overlapping = poll();
		};
		const slow = await poll();
		const late = await (overlapping as ReturnType<typeof poll>);
		expect(late.skipped).toBe(true);
		exactlyOnce(counts([...slow.items, ...late.items], 'jobCreated'), second);
		expect(warnings(/skipped because/)).toHaveLength(2);
		bed.service.afterPage = undefined;
		expect((await poll()).items).toEqual([]);
	});

	test('the guard is released when a poll fails, and holds nothing once polls end', async () => {
		await poll();
		const jobs = addJobs(5);
		useService(`${bed.service.url}/gone`); // every list answers 404
		await expect(poll()).rejects.toThrow();
		expect(pollsRunning()).toBe(0);
		useService();
		exactlyOnce(counts((await poll()).items, 'jobCreated'), jobs);
		// Many triggers at once (a workflow each): none waits for another, and none is left behind.
		const others = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				bed.harness.runPoll({ type: TRIGGER_TYPE, parameters: JOBS, session: `${session}-other-${i}` }),
			),
		);
		expect(others.every((result) => result.items === null)).toBe(true); // activations, none skipped
		expect(warnings(/skipped because/)).toEqual([]);
	});
});

describe("inside n8n's time budget for a poll", () => {
	test('reads stop at 3/4 of the budget; what was read is emitted and saved, the rest comes at the next poll, each once', async () => {
		await poll();
		const jobs = addJobs(1000); // ten pages
		bed.service.delayMs = 150;
		const started = Date.now();
		const cut = await poll({ pollBudgetMs: 1200 });
		expect(Date.now() - started).toBeLessThan(1200);
		expect(cut.items.length).toBeGreaterThan(0);
		expect(cut.items.length).toBeLessThan(1000);
		expect(warnings(/reached the time n8n gives a poll \(1 s\)/)).toHaveLength(1);
		bed.service.delayMs = undefined;
		const rest = await poll();
		exactlyOnce(counts([...cut.items, ...rest.items], 'jobCreated'), jobs);
		expect((await poll()).items).toEqual([]);
	});

	test('a request still in flight at the end of the reads is aborted: the poll ends in time, its state as it was', async () => {
		await poll();
		const jobs = addJobs(50);
		const before = JSON.stringify(saved);
		bed.service.delayMs = 3000;
		const started = Date.now();
		const cut = await poll({ pollBudgetMs: 1000 });
		expect(Date.now() - started).toBeLessThan(1000);
		expect(cut).toMatchObject({ items: [], skipped: true });
		expect(JSON.stringify(saved)).toBe(before);
		expect(warnings(/reached the time n8n gives a poll/)).toHaveLength(1);
		bed.service.delayMs = undefined;
		exactlyOnce(counts((await poll()).items, 'jobCreated'), jobs);
	});

	test('an activation the budget cut short is made again whole: nothing that existed before comes out as new', async () => {
		const existing = addJobs(400);
		bed.service.delayMs = 1000; // the first page is still on its way when the reads' time ends
		expect((await poll({ pollBudgetMs: 700 })).skipped).toBe(true);
		expect(warnings(/reached the time n8n gives a poll/)).toHaveLength(1);
		expect(saved.watching).toBeUndefined();
		bed.service.delayMs = undefined;
		expect((await poll()).items).toEqual([]); // the activation, whole
		existing[0].status = 'completed';
		existing[0].updated = bed.service.now;
		const fresh = addJobs(1);
		expect((await poll()).items.map((item) => `${(item.events as string[]).join('+')}:${String(item.id)}`)).toEqual([
			`jobCreated:${fresh[0].id}`,
			`jobCompleted+jobStatusChanged:${existing[0].id}`,
		]);
	});

	test('n8n 1.x gives no budget (no getPollBudgetMs): the poll reads everything', async () => {
		await poll({ pollBudgetMs: null });
		const jobs = addJobs(250);
		exactlyOnce(counts((await poll({ pollBudgetMs: null })).items, 'jobCreated'), jobs);
	});
});

describe('a saved state under 128 KB that never re-emits', () => {
	test('10,500 new jobs between two polls, then the oldest 500 start and finish: no Job Created again, each end once', async () => {
		await poll();
		const jobs = addJobs(10_500);
		const burst = await poll();
		exactlyOnce(counts(burst.items, 'jobCreated'), jobs);
		expect(burst.bytes).toBeLessThan(STATE_LIMIT);
		expect(warnings(/let go of the \d+ oldest jobs or assets/)).toHaveLength(1);

		const oldest = jobs.slice(0, 500);
		bed.service.now += 5000;
		for (const job of oldest) Object.assign(job, { status: 'in_progress', updated: bed.service.now });
		const started = await poll();
		expect(counts(started.items, 'jobCreated').size).toBe(0);
		expect(started.bytes).toBeLessThan(STATE_LIMIT);

		bed.service.now += 5000;
		for (const job of oldest) Object.assign(job, { status: 'completed', updated: bed.service.now });
		const finished = await poll();
		expect(counts(finished.items, 'jobCreated').size).toBe(0);
		exactlyOnce(counts(finished.items, 'jobCompleted'), oldest);
		expect(finished.bytes).toBeLessThan(STATE_LIMIT);
		expect((await poll()).items).toEqual([]);
	}, 60_000);

	test('a state saved by an earlier version (10,000 entities, over 500 KB) loads, shrinks under 128 KB, and re-emits nothing', async () => {
		const jobs = addJobs(10_000);
		const cursor = jobs[jobs.length - 1].updated;
		saved = {
			watching: JSON.stringify({ d: null, e: [...(JOBS.events as string[])].sort(), s: [] }),
			scopes: {
				'jobs:*': {
					cursor,
					since: jobs[0].created - 1,
					entities: jobs.map((job) => [job.id, job.status, job.updated]),
					floor: cursor - 60_000 + 1,
					movedAt: Date.now() - 1000,
				},
			},
		};
		expect(Buffer.byteLength(JSON.stringify(saved))).toBeGreaterThan(500 * 1024);
		const loaded = await poll();
		expect(loaded.items).toEqual([]);
		expect(loaded.bytes).toBeLessThan(STATE_LIMIT);
		bed.service.now += 5000;
		for (const job of jobs.slice(0, 100)) Object.assign(job, { status: 'failed', updated: bed.service.now });
		const failed = await poll({ parameters: JOBS });
		expect(counts(failed.items, 'jobCreated').size).toBe(0);
		expect(counts(failed.items, 'jobFailed').size).toBe(0); // not chosen: nothing but what was chosen
		expect(counts(failed.items, 'jobStatusChanged').size).toBe(100);
	}, 60_000);
});
