/* Dev-only: Datasets › Create whose answer is lost (issue 49, part 2), through n8n's engine, against the sandbox
 * behind a loopback proxy that cuts connections and answers 503 before or after the service made the dataset.
 * Names are unique: a lost answer is settled by the dataset that holds the name, never by a second create. */
import { RECORD_AGE } from '../../nodes/shared/recovery';
import { RECOVERY } from '../../nodes/shared/transport/request';
import { TYPES, useTestBed } from '../nodes/setup';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { useLimits } from './hostile/bed';

const bed = useTestBed();
let proxy: FaultProxy;
useLimits(RECOVERY, { windowMs: 600, firstGapMs: 100 });
useLimits(RECORD_AGE);

beforeEach(async () => {
	proxy = await startFaultProxy(bed.sandbox.url);
	bed.useCredential('personalToken', { baseUrl: proxy.url });
});
afterEach(async () => proxy.close());

const isCreate = (method: string, path: string) => method === 'POST' && path === '/api/v1/datasets';
const isList = (method: string, path: string) => method === 'GET' && path === '/api/v1/datasets';
/** Creates that reached the service (the proxy may have answered others itself). */
const served = () => bed.sandbox.requests.filter((request) => isCreate(request.method, request.path));
const sent = () => proxy.seen.filter((seen) => isCreate(seen.method, seen.path));
const named = (name: string) => [...bed.sandbox.store.datasets.values()].filter((dataset) => dataset.name === name);

const createDatasets = (names: string[], settings: object = {}, encoderName = 'resnet-50') =>
	bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'create', name: '={{ $json.name }}', encoderName },
		inputItems: names.map((name) => ({ name })),
		settings,
	});

describe('a create whose answer is lost comes out as the dataset it made', () => {
	test('the connection cut after the service made it: the dataset is found by its name, one create', async () => {
		proxy.inject(isCreate, { kind: 'drop-after' });
		const { items, error } = await createDatasets(['cut_after_create']);
		expect(error).toBeUndefined();
		expect(named('cut_after_create')).toHaveLength(1);
		expect(items.map((item) => [item.json.id, item.json.name])).toEqual([
			[named('cut_after_create')[0].id, 'cut_after_create'],
		]);
		expect(sent()).toHaveLength(1);
		expect(proxy.seen.filter((seen) => isList(seen.method, seen.path)).length).toBeGreaterThan(0);
	});

	test('503 once after the service made it: found, not sent again', async () => {
		proxy.inject(isCreate, { kind: 'status', status: 503, processed: true });
		const { items, error } = await createDatasets(['made_then_503']);
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(named('made_then_503')[0].id);
		expect(sent()).toHaveLength(1);
		expect(served()).toHaveLength(1);
	});

	test('503 once before the service saw it: not listed within the window, so sent once more; one dataset', async () => {
		proxy.inject(isCreate, { kind: 'status', status: 503 });
		const { items, error } = await createDatasets(['refused_503']);
		expect(error).toBeUndefined();
		expect(named('refused_503')).toHaveLength(1);
		expect(items[0].json.id).toBe(named('refused_503')[0].id);
		expect(sent()).toHaveLength(2);
		expect(served()).toHaveLength(1);
	});

	test('Stop Workflow (no Continue On Fail): one lost answer among several items no longer fails the run', async () => {
		const names = ['stop_a', 'stop_b', 'stop_c', 'stop_d'];
		proxy.inject(isCreate, { kind: 'drop-after' });
		const { items, error } = await createDatasets(names);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual(names.map((name, item) => [name, { item }]));
		for (const name of names) expect(named(name)).toHaveLength(1);
		expect(served()).toHaveLength(4);
	});
});

describe("Retry On Fail: a try that lost the answer, then n8n's retry", () => {
	/** The first try's look on the service fails (500), so it ends "may or may not"; n8n runs the node once more. */
	const retried = async (name: string, waitBetweenTries: number) => {
		proxy.inject(isList, { kind: 'status', status: 500 });
		const { items, error } = await createDatasets([name], { retryOnFail: true, maxTries: 2, waitBetweenTries });
		expect(error).toBeUndefined();
		expect(named(name)).toHaveLength(1);
		expect(items[0].json.id).toBe(named(name)[0].id);
	};

	test('the retry finds the dataset the first try made, judged from when that try sent it, and sends nothing', async () => {
		// The retry looks well past the window measured from its own start: the memory's time of the first send is what
		// makes the dataset its own.
		RECORD_AGE.windowMs = 1000;
		proxy.inject(isCreate, { kind: 'drop-after' });
		await retried('retried_lost', 2500);
		expect(sent()).toHaveLength(1);
	}, 20_000);

	test('the retry of a create the first try never delivered sends it once, after looking', async () => {
		proxy.inject(isCreate, { kind: 'drop-before' }, { kind: 'drop-before' });
		await retried('retried_unsent', 0);
		expect(served()).toHaveLength(1);
	});
});

describe("a name another dataset holds is never taken for this create's", () => {
	test("someone else's older dataset: the lost answer was the service's 409, which the create then gets again, at once", async () => {
		const before = await createDatasets(['taken_name'], {}, 'multimodal-tx-large3');
		expect(before.error).toBeUndefined();
		const theirs = named('taken_name')[0].id;
		bed.sandbox.clock.advance(10 * 60_000);
		RECOVERY.windowMs = 20_000;
		proxy.inject(isCreate, { kind: 'drop-after' });
		const startedAt = Date.now();
		const { items, error } = await createDatasets(['taken_name']);
		expect(items).toEqual([]);
		expect(error?.message).toBe("A dataset named 'taken_name' already exists");
		expect(error?.description).toMatch(/^Dataset names are unique/);
		expect(Date.now() - startedAt).toBeLessThan(RECOVERY.windowMs);
		expect(named('taken_name').map((dataset) => dataset.id)).toEqual([theirs]);
		// The first create (answered 409, the answer cut) and one more that gets the 409 itself.
		expect(served()).toHaveLength(3);
	});

	test('a dataset of that name made just now with other settings is not ours either: a 409, never its ID', async () => {
		const before = await createDatasets(['raced_name'], {}, 'multimodal-tx-large3');
		expect(before.error).toBeUndefined();
		proxy.inject(isCreate, { kind: 'drop-after' });
		const { items, error } = await createDatasets(['raced_name'], {}, 'resnet-50');
		expect(items).toEqual([]);
		expect(error?.message).toBe("A dataset named 'raced_name' already exists");
		expect(named('raced_name')).toHaveLength(1);
		expect(named('raced_name')[0].encoderName).toBe('multimodal-tx-large3');
	});

	test("a dataset whose name only contains this one (the service's name filter is a part) is not it", async () => {
		const before = await createDatasets(['long_prefix_name'], {}, 'resnet-50');
		expect(before.error).toBeUndefined();
		proxy.inject(isCreate, { kind: 'drop-after' });
		const { items, error } = await createDatasets(['prefix_name']);
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(named('prefix_name')[0].id);
		expect(named('prefix_name')).toHaveLength(1);
	});
});
