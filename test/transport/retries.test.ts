/* Dev-only: retries, back-off and the no-blind-repeat rule of the shared transport, over real HTTP. */
import { retryDelayMs } from '../../nodes/shared/transport';
import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { TYPES, useTestBed } from '../nodes/setup';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { byId, byName } from '../support/locators';

const bed = useTestBed();
let proxy: FaultProxy;

beforeEach(async () => {
	proxy = await startFaultProxy(bed.sandbox.url);
	bed.useCredential('personalToken', { baseUrl: proxy.url });
});
afterEach(async () => proxy.close());

const isGet = (method: string, path: string) => method === 'GET' && path.startsWith('/api/v1/datasets/');
const isCreate = (method: string, path: string) => method === 'POST' && path === '/api/v1/datasets';
const getDataset = () =>
	bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoImages) },
	});
const createDataset = (name: string) =>
	bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'create', name, encoderName: 'resnet-50' },
	});
const served = (match: (m: string, p: string) => boolean) =>
	bed.sandbox.requests.filter((r) => match(r.method, r.path));

test('a GET answered 503, 502 and 504 is retried until it succeeds', async () => {
	proxy.inject(
		isGet,
		{ kind: 'status', status: 503, retryAfter: '0' },
		{ kind: 'status', status: 502, retryAfter: '0' },
		{ kind: 'status', status: 504, retryAfter: '0' },
	);
	const { error, items } = await getDataset();
	expect(error).toBeUndefined();
	expect(items[0].json.id).toBe(SEED_DATASET_IDS.demoImages);
	expect(proxy.seen.filter((s) => isGet(s.method, s.path))).toHaveLength(4);
	expect(served(isGet)).toHaveLength(1);
});

test('a GET whose connection drops, before or after the service handled it, is retried', async () => {
	proxy.inject(isGet, { kind: 'drop-before' }, { kind: 'drop-after' });
	const { error } = await getDataset();
	expect(error).toBeUndefined();
	expect(served(isGet)).toHaveLength(2);
});

test('retries stop after five attempts with an error that says so', async () => {
	proxy.inject(isGet, ...Array.from({ length: 6 }, () => ({ kind: 'status' as const, status: 503, retryAfter: '0' })));
	const { error } = await getDataset();
	expect(error?.message).toBe('The Media Analysis Service failed to answer (status 503)');
	expect(error?.description).toMatch(/It was tried 5 times/);
	expect(proxy.seen.filter((s) => isGet(s.method, s.path))).toHaveLength(5);
});

test('Retry-After is honoured', async () => {
	proxy.inject(isGet, { kind: 'status', status: 429, retryAfter: '1' });
	const { error } = await getDataset();
	expect(error).toBeUndefined();
	const [first, second] = proxy.seen.filter((s) => isGet(s.method, s.path));
	expect(second.at - first.at).toBeGreaterThanOrEqual(950);
});

test('a Retry-After longer than the back-off cap fails at once instead of stalling the workflow', async () => {
	proxy.inject(isGet, { kind: 'status', status: 429, retryAfter: '3600' });
	const { error } = await getDataset();
	expect(error?.message).toBe('The Media Analysis Service is limiting how fast requests can be sent');
	expect(proxy.seen.filter((s) => isGet(s.method, s.path))).toHaveLength(1);
});

test('a POST refused with 429 is sent again, and creates exactly one dataset', async () => {
	proxy.inject(isCreate, { kind: 'status', status: 429, retryAfter: '0' });
	const { error, items } = await createDataset('after_429');
	expect(error).toBeUndefined();
	expect(items[0].json.name).toBe('after_429');
	expect(served(isCreate)).toHaveLength(1);
});

// A create the service offers no lookup for (a bucket scan; a lost Dataset Create is looked up by its unique name:
// test/reliability/dataset-create-recovery.test.ts).
const isBucketScan = (method: string, path: string) => method === 'POST' && path === '/api/v1/ingestion/buckets';
const scanBucket = () =>
	bed.harness.runNode({
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromBucket',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
			bucketPath: 's3://demo-media-bucket/',
		},
	});

test('a POST whose answer was lost is never repeated blindly', async () => {
	proxy.inject(isBucketScan, { kind: 'drop-after' });
	const { error } = await scanBucket();
	expect(error?.message).toBe(
		'No answer came back for POST /api/v1/ingestion/buckets; it may or may not have been carried out',
	);
	expect(error?.description).toMatch(/was not sent again/);
	expect(served(isBucketScan)).toHaveLength(1);
	expect([...bed.sandbox.store.ingestion.jobs.values()].filter((job) => job.jobType === 'bucket')).toHaveLength(1);
});

test('a POST answered 502 by a gateway is not repeated either', async () => {
	proxy.inject(isBucketScan, { kind: 'status', status: 502 });
	const { error } = await scanBucket();
	expect(error?.message).toMatch(/may or may not have been carried out/);
	expect(proxy.seen.filter((s) => isBucketScan(s.method, s.path))).toHaveLength(1);
});

test('back-off without Retry-After doubles from half a second up to the cap', () => {
	expect([1, 2, 3, 4].map((attempt) => retryDelayMs({ status: 503 }, attempt))).toEqual([500, 1000, 2000, 4000]);
	expect(retryDelayMs({ status: 503 }, 20)).toBe(30_000);
	expect(retryDelayMs({ status: 429, retryAfter: '7' }, 1)).toBe(7000);
	const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
	expect(retryDelayMs({ status: 429, retryAfter: inTwoSeconds }, 1)).toBeGreaterThan(500);
});

test('a Retry-After that is empty, negative, fractional, hexadecimal, unreadable or already past means the normal back-off', () => {
	const past = new Date(Date.now() - 60_000).toUTCString();
	for (const retryAfter of ['', ' ', '-5', '1.5', '0x10', 'soon', past]) {
		expect({ retryAfter, delay: retryDelayMs({ status: 503, retryAfter }, 2) }).toEqual({ retryAfter, delay: 1000 });
	}
	expect(retryDelayMs({ status: 503, retryAfter: '0' }, 2)).toBe(0);
});
