/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Dev-only: loopback servers that answer late, early and out of order on purpose. */
/* A failure without Continue On Fail (issue 30, item 1), through n8n's engine against a loopback service: no request
 * of the run starts after the failing answer, the items already under way are waited for, and the node's error says
 * what every other item did (finished with the ID of what it made, failed too, or not sent), so nothing the service
 * made is unseen. Datasets › Create, where a re-run of what finished would duplicate it. */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { TYPES } from '../nodes/setup';
import { later, useHostileBed, uuid } from './hostile/bed';
import { json } from './hostile/server';

const { harness, api } = useHostileBed({
	nodes: { datasets: new MediaAnalysisDatasets() },
	access: 'stop-access-token-Vb3Kq9Tz',
	personalToken: 'stop-personal-token',
	retry: { baseDelayMs: 20 },
});

interface Service {
	/** When the failing answer was written. */
	failedAt: number;
	/** Item index → the id of the dataset the service made for it. */
	created: Map<number, string>;
	/** Item indexes whose create reached the service. */
	arrived: Set<number>;
}

/**
 * Creates each dataset after `delay(item)` ms; item `failing` is answered 409 (its name is taken), once `arrivals`
 * creates have arrived. With `arrivals`, no other answer is written from then until just after the failing one, so
 * no place frees and nothing new starts in between: a create that arrives after the failing answer was started after
 * it (those started before have `delay(failing)` ms to arrive).
 */
function datasetService(failing: number, delay: (item: number) => number, arrivals = 0): Service {
	const service: Service = { failedAt: Number.POSITIVE_INFINITY, created: new Map(), arrived: new Set() };
	let failure: (() => void) | undefined;
	const held: Array<() => void> = [];
	let holding = false;
	const failWhenDue = () => {
		if (failure && service.arrived.size >= arrivals) {
			const fail = failure;
			holding = arrivals > 0;
			later(delay(failing), () => {
				fail();
				holding = false;
				later(20, () => held.splice(0).forEach((answer) => answer()));
			});
		}
		if (service.arrived.size >= arrivals) failure = undefined;
	};
	api.handle = (_req, res, seen) => {
		const item = Number(/ds_(\d+)/.exec(seen.body)?.[1]);
		service.arrived.add(item);
		if (item === failing) {
			failure = () => {
				service.failedAt = Date.now();
				json(res, 409, { detail: `A dataset named ds_${item} already exists` });
			};
		} else {
			const answer = () => {
				service.created.set(item, uuid(item));
				json(res, 200, { id: uuid(item), name: `ds_${item}`, status: 'ready' });
			};
			later(delay(item), () => (holding ? held.push(answer) : answer()));
		}
		failWhenDue();
	};
	return service;
}

const createMany = (count: number, parallel: number) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: {
			resource: 'dataset',
			operation: 'create',
			name: '={{ $json.name }}',
			encoderName: 'resnet-50',
			requestOptions: { parallelRequests: parallel },
		},
		inputItems: Array.from({ length: count }, (_, i) => ({ name: `ds_${i}` })) as IDataObject[],
	});

const creates = () => api.seen.filter((seen) => seen.method === 'POST' && seen.path === '/api/v1/datasets');

/** "3–5, 9" as the error writes item ranges. */
function ranges(indexes: number[]): string {
	const spans: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		let end = start;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		spans.push(end === start ? `${indexes[start]}` : `${indexes[start]}–${indexes[end]}`);
		start = end + 1;
	}
	return spans.join(', ');
}

/** Everything the service made is named in the error (the first 20 by ID), every item that reached nothing is said not sent. */
function expectEveryItemAccounted(description: string, service: Service, count: number, failing: number): void {
	const finished = [...service.created.keys()].sort((a, b) => a - b);
	for (const item of finished.slice(0, 20))
		expect(description).toContain(`item ${item}: ID ${service.created.get(item)}`);
	if (finished.length > 20) expect(description).toContain(`; and ${finished.length - 20} more)`);
	if (finished.length > 0)
		expect(description).toContain(
			`${finished.length === 1 ? 'Item' : 'Items'} ${ranges(finished)} finished before the node stopped`,
		);
	const notSent = Array.from({ length: count }, (_, i) => i).filter((i) => i !== failing && !service.arrived.has(i));
	if (notSent.length > 0)
		expect(description).toContain(
			`${notSent.length === 1 ? 'Item' : 'Items'} ${ranges(notSent)} ${notSent.length === 1 ? 'was' : 'were'} not sent.`,
		);
	else expect(description).not.toContain('not sent');
}

describe('a failure without Continue On Fail: nothing starts after it, nothing made goes unseen', () => {
	test.each([
		// [items, Requests in Parallel, failing item]
		[6, 1, 0],
		[6, 1, 3],
		[20, 8, 0],
		[20, 8, 5],
		[12, 50, 0],
		[60, 50, 30],
	])(
		'%i items at Requests in Parallel %i, item %i answered 409 first: zero requests after it',
		async (count, parallel, failing) => {
			// The failing answer comes fast and the others slowly, so the failing request is the one that frees a place.
			const service = datasetService(failing, (item) => (item === failing ? 50 : 300), Math.min(count, parallel));
			const { error } = await createMany(count, parallel);
			expect(error?.context?.itemIndex).toBe(failing);
			expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('409');
			expect(creates().filter((seen) => seen.at > service.failedAt)).toEqual([]);
			// The items under way were waited for: every answer the service gave is in, none pending.
			expect(service.created.size).toBe(service.arrived.size - 1);
			expectEveryItemAccounted(String(error?.description), service, count, failing);
			if (service.created.size > 0)
				expect(String(error?.description)).toMatch(/check the service before running it again/);
		},
	);

	test.each([
		[40, 8, 10],
		[40, 8, 0],
		[30, 50, 17],
	])(
		'answers in 0–3 ms, %i items at %i in parallel, item %i fails: what the service made is all named',
		async (count, parallel, failing) => {
			const service = datasetService(failing, () => Math.floor(Math.random() * 4));
			const { error } = await createMany(count, parallel);
			expect(error?.context?.itemIndex).toBe(failing);
			const arrivedWhenDone = creates().length;
			expect(service.created.size).toBe(service.arrived.size - 1);
			expectEveryItemAccounted(String(error?.description), service, count, failing);
			// Nothing was still on its way once the node had stopped.
			await new Promise((resolve) => setTimeout(resolve, 100));
			expect(creates()).toHaveLength(arrivedWhenDone);
		},
	);

	test('answers slower than the failure at the back of the line: a middle item fails last, every other item is named', async () => {
		const service = datasetService(4, (item) => (item === 4 ? 120 : 10));
		const { error } = await createMany(8, 8);
		expect(error?.context?.itemIndex).toBe(4);
		expect(service.created.size).toBe(7);
		expectEveryItemAccounted(String(error?.description), service, 8, 4);
	});

	test('a long list names 20 IDs and counts the rest', async () => {
		datasetService(45, (item) => (item === 45 ? 60 : 1));
		const { error } = await createMany(46, 50);
		const description = String(error?.description);
		expect(description).toContain('Items 0–44 finished before the node stopped');
		expect(description.match(/item \d+: ID /g)).toHaveLength(20);
		expect(description).toContain('; and 25 more)');
	});

	test('with Continue On Fail the run goes on as before: every item answered, the failing one an error item', async () => {
		datasetService(2, () => 5);
		const { error, items } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'create', name: '={{ $json.name }}', encoderName: 'resnet-50' },
			inputItems: Array.from({ length: 5 }, (_, i) => ({ name: `ds_${i}` })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.json.error ? 'error' : 'ok'))).toEqual(['ok', 'ok', 'error', 'ok', 'ok']);
		expect(creates()).toHaveLength(5);
	});
});
