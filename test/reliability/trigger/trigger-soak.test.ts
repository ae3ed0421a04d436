/**
 * Soak: 10,000 jobs over 50 polls against a jobs list that lags, shifts and loses records (list-server.ts): some
 * jobs and some of their end statuses show up late (after newer ones, up to 20 s after their time), records at the
 * head are deleted between two page reads, and random records already read are deleted between page reads too;
 * some polls come five minutes after the one before.
 * Every job must give exactly one Job Created and, when its end was listed, exactly one end event: 0 lost, 0
 * repeated. n8n keeps the workflow loaded between polls and restarts every 10 polls from the static data its
 * database holds. Random but seeded, and no sleeps: the test moves n8n's clock and the service's.
 */
import type { IDataObject } from 'n8n-workflow';

import { generator } from '../../../sandbox/faults';

import { LOOK_BACK_MS } from '../../../nodes/MediaAnalysisIngestionTrigger/events';
import { usePollClock } from '../../support/poll-clock';
import { type ListedJob, TRIGGER_TYPE, useTriggerBed } from './list-server';

const TYPE = TRIGGER_TYPE;
const PARAMETERS = { events: ['jobCreated', 'jobCompleted', 'jobFailed'] };
const POLLS = 50;
const JOBS_PER_POLL = 200;
const INTERVAL_MS = 30_000;
const MAX_LAG_MS = 20_000;

const bed = useTriggerBed();
const pollClock = usePollClock();

interface End {
	job: ListedJob;
	status: 'completed' | 'failed';
	time: number;
	/** When the list starts showing the end (service clock). */
	visibleAt: number;
}

const SEED = 1;

test(`10,000 jobs over 50 polls with late, shifted and deleted records (seed ${SEED}): 0 lost, 0 repeated`, async () => {
	const seed = SEED;
	const next = generator(seed);
	const between = (low: number, high: number) => low + Math.floor(next() * (high - low));
	bed.service.now = Date.now() - 1000;
	bed.service.jobs = [];
	bed.service.requests = [];
	bed.harness.credentials.set('mediaAnalysisApi', {
		baseUrl: bed.service.url,
		authentication: 'personalToken',
		personalToken: 'personal',
		accessToken: '',
	});
	const later = (ms: number) => {
		bed.service.now += ms;
		pollClock.advance(ms);
	};

	let serial = 0;
	const ends: End[] = [];
	const expected = new Map<string, number>(); // "<event>:<job id>" → 1
	const emitted = new Map<string, number>();
	/** The view of each job the service last answered (status and time), to delete only records already read. */
	const answered = new Map<string, string>();
	const view = (job: ListedJob) => `${job.status}|${job.updated}`;
	const remove = (gone: ListedJob[]) => {
		const set = new Set(gone);
		bed.service.jobs = bed.service.jobs.filter((job) => !set.has(job));
		for (let i = ends.length - 1; i >= 0; i--) if (set.has(ends[i].job)) ends.splice(i, 1);
	};
	let deletedAtHead = 0;
	let deletedElsewhere = 0;
	bed.service.afterPage = (request, served) => {
		const page = served as ListedJob[];
		for (const job of page) answered.set(job.id, view(job));
		if (request.offset === 0 && next() < 0.4) {
			const head = page.slice(0, between(1, 13)); // read just now, then deleted before the next page
			deletedAtHead += head.length;
			remove(head);
		}
		if (next() < 0.3) {
			const read = bed.service.jobs.filter((job) => answered.get(job.id) === view(job) && next() < 0.01);
			deletedElsewhere += read.length;
			remove(read);
		}
	};
	let polls = 0;
	let saved: IDataObject = {};
	const poll = async () => {
		const session = `soak-${seed}-${Math.floor(polls++ / 10)}`; // a restart every 10 polls
		const result = await bed.harness.runPoll({ type: TYPE, parameters: PARAMETERS, staticData: saved, session });
		saved = result.saved as IDataObject;
		for (const item of result.items?.[0] ?? []) {
			const id = String(item.json.id);
			for (const event of item.json.events as string[])
				emitted.set(`${event}:${id}`, (emitted.get(`${event}:${id}`) ?? 0) + 1);
		}
	};
	/** The ends whose time has come to be listed; a job not yet listed itself waits for it. */
	const applyEnds = () => {
		for (let i = ends.length - 1; i >= 0; i--) {
			const end = ends[i];
			if (end.visibleAt > bed.service.now || (end.job.visibleAt ?? 0) > bed.service.now) continue;
			Object.assign(end.job, { status: end.status, updated: end.time });
			expected.set(`${end.status === 'completed' ? 'jobCompleted' : 'jobFailed'}:${end.job.id}`, 1);
			ends.splice(i, 1);
		}
	};

	for (let i = 0; i < 100; i++) {
		bed.service.jobs.push({
			id: `before-${i}`,
			dataset_id: 'd',
			status: 'completed',
			created: bed.service.now - 600_000 + i,
			updated: bed.service.now - 600_000 + i,
		});
	}
	await poll();
	for (let round = 0; round < POLLS; round++) {
		const from = bed.service.now;
		// Every tenth poll comes after five minutes (n8n was down): its read spans far more than the window.
		later(round % 10 === 9 ? 5 * 60_000 : between(INTERVAL_MS / 2, INTERVAL_MS * 1.5));
		for (let i = 0; i < JOBS_PER_POLL; i++) {
			const created = between(from + 1, bed.service.now + 1);
			const job: ListedJob = {
				id: `s${seed}-${(++serial).toString(16).padStart(6, '0')}`,
				dataset_id: 'd',
				status: 'pending',
				created,
				updated: created,
			};
			if (next() < 0.1) job.visibleAt = created + between(2_000, MAX_LAG_MS);
			bed.service.jobs.push(job);
			expected.set(`jobCreated:${job.id}`, 1);
			const time = created + between(5_000, 90_000);
			ends.push({
				job,
				status: next() < 0.8 ? 'completed' : 'failed',
				time,
				visibleAt: next() < 0.1 ? time + between(2_000, MAX_LAG_MS) : time,
			});
		}
		applyEnds();
		await poll();
	}
	// Let every end and late record show, then poll until the look-back window has closed.
	for (let round = 0; round < 4; round++) {
		later(LOOK_BACK_MS);
		applyEnds();
		await poll();
	}

	expect(serial).toBe(POLLS * JOBS_PER_POLL);
	expect(ends).toEqual([]);
	expect(deletedAtHead).toBeGreaterThan(100);
	expect(deletedElsewhere).toBeGreaterThan(100);
	const lost = [...expected.keys()].filter((key) => !emitted.has(key));
	const repeated = [...emitted].filter(([, count]) => count > 1).map(([key]) => key);
	const unexpected = [...emitted.keys()].filter((key) => !expected.has(key));
	expect({ lost, repeated, unexpected }).toEqual({ lost: [], repeated: [], unexpected: [] });
	expect(expected.size).toBeGreaterThan(POLLS * JOBS_PER_POLL * 1.8);
}, 60_000);
