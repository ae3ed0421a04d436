/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Dev-only: a loopback service that misbehaves in several ways at once, as a real one on a bad day. */
/* A user's run, not one fault at a time: 1,000 input items through Datasets › Get with Requests in Parallel at its
 * most, against a service that answers out of order, late, never, too much, in the wrong shape and "not found" — all
 * in the same run. What the user must get: every item once, in input order, paired to its input; every good item its
 * dataset; every bad item an error that says what happened; a cancel halfway that ends the run at once and starts no
 * request after it. */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { ANSWER_LIMITS } from '../../nodes/shared/http/answers';
import { PARALLEL, RETRY } from '../../nodes/shared/transport';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useHostileBed, useLimits, uuid } from './hostile/bed';
import { gzipBomb, gzipped, json } from './hostile/server';

const ITEMS = 1000;
const { harness, api } = useHostileBed({
	nodes: { datasets: new MediaAnalysisDatasets() },
	access: 'trial-access-token-Vb7Qm2Kx',
	personalToken: 'trial-personal-token',
	// A silent service is given up on within 20 s here, not minutes. The silent item waits all of it, so it sets the
	// test's length; less failed a good item under load on 2 cores (5 s did, for the huge answer's read; 10 s did
	// once in a full run beside the queue-mode end-to-end suite, where this file took 84 s instead of 12).
	retry: { baseDelayMs: 20, attemptTimeoutMs: 20_000, requestTimeoutMs: 20_000 },
});
// The huge answer is refused at the cap whatever the cap: 2 MB read before the refusal, not 64 MB of CPU work (the cap
// itself is tested in test/reliability/answer-budget.test.ts and hostile/).
useLimits(ANSWER_LIMITS, { apiBytes: 2 * 1024 * 1024 });

const indexOf = (path: string) => Number(/\/api\/v1\/datasets\/[0-9a-f-]*?(\d{12})/.exec(path)?.[1] ?? -1);

/** What the bad day does to one item; every other item is answered after a random delay of up to 30 ms. */
const BAD: Record<number, { kind: string; error: RegExp }> = {
	17: { kind: 'not found', error: /^Dataset not found/ },
	230: { kind: 'not found', error: /^Dataset not found/ },
	311: { kind: 'silent', error: /did not answer within/ },
	404: { kind: 'huge', error: /more than \d+ MB/ },
	555: { kind: 'array', error: /array/ },
	666: { kind: 'no id', error: /without an ID|ID/ },
	999: { kind: 'not found', error: /^Dataset not found/ },
};

function badDay() {
	const bomb = gzipBomb(512);
	api.handle = (_req, res, seen) => {
		const i = indexOf(seen.path);
		const bad = BAD[i]?.kind;
		if (bad === 'silent') return; // never answered
		const delay = i === 42 ? 1200 : Math.floor(Math.random() * 30); // one answer very late
		setTimeout(() => {
			if (res.destroyed) return;
			if (bad === 'not found') return json(res, 404, { detail: 'Dataset not found' });
			if (bad === 'huge') return gzipped(res, 200, bomb);
			if (bad === 'array') return json(res, 200, [null, 1]);
			if (bad === 'no id') return json(res, 200, { detail: 'ok' });
			json(res, 200, { id: uuid(i), name: `dataset_${i}` });
		}, delay);
	};
}

const getAll = ({
	items = ITEMS,
	...extra
}: { continueOnFail?: boolean; cancelSignal?: AbortSignal; items?: number } = {}) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: {
			resource: 'dataset',
			operation: 'get',
			datasetId: byId('={{ $json.id }}'),
			requestOptions: { parallelRequests: PARALLEL.max },
		},
		inputItems: Array.from({ length: items }, (_, i): IDataObject => ({ id: uuid(i) })),
		...extra,
	});

test('1,000 items on a bad day: every item once, in order, paired; good ones read, bad ones say why', async () => {
	badDay();
	const { error, items } = await getAll({ continueOnFail: true });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(ITEMS);
	expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: ITEMS }, (_, i) => ({ item: i })));
	items.forEach((item, i) => {
		const bad = BAD[i];
		if (bad === undefined) {
			expect(item.json).toEqual(expect.objectContaining({ id: uuid(i), name: `dataset_${i}` }));
		} else {
			expect({ i, error: item.json.error }).toEqual({ i, error: expect.stringMatching(bad.error) });
			expect(item.json.id).toBeUndefined();
		}
	});
	// Nothing the service sent back as a token or a secret reached an item.
	expect(JSON.stringify(items)).not.toContain('trial-access-token');
	// The in-flight bound held: never more than the ceiling at once, logins aside.
	const reads = api.seen.filter((seen) => seen.path.startsWith('/api/v1/datasets/'));
	expect(reads.length).toBeGreaterThanOrEqual(ITEMS);
	expect(api.seen.filter((seen) => seen.path === '/api/v0/login')).toHaveLength(1);
}, 60_000);

test('the same bad day without Continue On Fail: the first failure ends the run and names what the others did', async () => {
	badDay();
	const { error } = await getAll();
	expect(error?.message).toMatch(/^Dataset not found/);
	expect(error?.context?.itemIndex).toBe(17);
	// The items in flight at the failure are listed, not hidden.
	expect(String(error?.description ?? '')).toMatch(/item/i);
}, 60_000);

test('a cancel halfway ends the run at once, and no request starts after it', async () => {
	let answered = 0;
	const stop = new AbortController();
	let cancelledAt = Number.POSITIVE_INFINITY;
	let seenAtCancel = 0;
	api.handle = (_req, res, seen) => {
		const i = indexOf(seen.path);
		setTimeout(
			() => {
				if (res.destroyed) return;
				json(res, 200, { id: uuid(i), name: `dataset_${i}` });
				if (++answered === ITEMS / 2) {
					cancelledAt = Date.now();
					seenAtCancel = api.seen.length;
					stop.abort();
				}
			},
			5 + Math.floor(Math.random() * 20),
		);
	};
	const started = Date.now();
	const { run, error } = await getAll({ cancelSignal: stop.signal });
	expect(run.status).not.toBe('success');
	// What was in flight at the cancel says so: not "could not reach the service", which would send the user to the
	// credential for nothing.
	expect(error?.message).toMatch(/^Stopped GET \/api\/v1\/datasets\/\S+: the execution was cancelled$/);
	expect(String(error?.description)).not.toMatch(/Could not reach|Base URL/);
	expect(Date.now() - cancelledAt).toBeLessThan(2000);
	expect(Date.now() - started).toBeLessThan(30_000);
	// Requests already on their way may still arrive (a busy machine delays them); nothing starts after the cancel. A
	// request arriving later was started before it, while at most PARALLEL.max were in flight, and a request ends in
	// flight only once its answer was sent (ITEMS / 2 of them by then): so at most PARALLEL.max + ITEMS / 2 requests
	// were started before the cancel, whatever the machine's speed, and no more may ever arrive.
	const reads = api.seen.filter((seen) => seen.path.startsWith('/api/v1/datasets/'));
	expect(reads.length).toBeLessThanOrEqual(PARALLEL.max + ITEMS / 2);
	expect(seenAtCancel).toBeGreaterThanOrEqual(ITEMS / 2);
}, 60_000);

test('a service that never answers: the error names the longest wait, not the sliver left for the last try', async () => {
	Object.assign(RETRY, { attemptTimeoutMs: 400, requestTimeoutMs: 1000 });
	api.handle = () => undefined;
	const { items } = await getAll({ continueOnFail: true, items: 3 });
	expect(items.map((item) => item.json.error)).toEqual(
		Array.from({ length: 3 }, () => expect.stringMatching(/did not answer within 0\.4 seconds$/)),
	);
}, 30_000);
