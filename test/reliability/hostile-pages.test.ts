/**
 * Lists and the trigger against a service that misbehaves on purpose (plain node:http on 127.0.0.1): pages that
 * ignore their position, lists that never end, entries that are not records, answers without their list, records
 * dated in the future or listed out of order, and saved trigger state that cannot be read. The real nodes run
 * through n8n-core; each case ends in a clear error or a deliberate rule, never a TypeError or an endless loop.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MediaAnalysisCelebrityDetection } from '../../nodes/MediaAnalysisCelebrityDetection/MediaAnalysisCelebrityDetection.node';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { MediaAnalysisSearch } from '../../nodes/MediaAnalysisSearch/MediaAnalysisSearch.node';
import { MediaAnalysisIngestionTrigger } from '../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { PAGE_BOUNDS } from '../../nodes/shared/transport/pagination';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useHostileBed } from './hostile/bed';
import { json } from './hostile/server';

const DATASET = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

interface Asked {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
}
/** What the misbehaving service answers to one request (login excluded): a JSON value, sent with status 200. */
type Answer = (asked: Asked) => unknown;

const { harness, api } = useHostileBed({
	nodes: {
		datasets: new MediaAnalysisDatasets(),
		ingestion: new MediaAnalysisIngestion(),
		celebrity: new MediaAnalysisCelebrityDetection(),
		search: new MediaAnalysisSearch(),
		queries: new MediaAnalysisQueries(),
		trigger: new MediaAnalysisIngestionTrigger(),
	},
	access: 'access',
	personalToken: 'personal',
});
let answer: Answer;
let asked: Asked[];
beforeEach(() => {
	asked = [];
	answer = () => ({});
	api.handle = (_req, res, seen) => {
		const url = new URL(seen.path, api.url);
		const request: Asked = {
			method: seen.method,
			path: url.pathname,
			query: Object.fromEntries(url.searchParams.entries()),
			body: seen.body ? (JSON.parse(seen.body) as unknown) : undefined,
		};
		asked.push(request);
		json(res, 200, answer(request));
	};
});

const dataset = (i: number) => ({
	id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
	name: `set_${i}`,
	status: 'active',
});
const listDatasets = (parameters: INodeParameters = { returnAll: true }) =>
	harness.runNode({ type: TYPES.datasets, parameters: { resource: 'dataset', operation: 'getMany', ...parameters } });
const jobAt = (id: number, status: string, time: string) => ({
	id: id.toString(16).padStart(24, '0'),
	dataset_id: DATASET,
	status,
	job_type: 'assets',
	created_dt: time,
	updated_dt: time,
});
const at = (seconds: number) => new Date(Date.parse('2026-11-20T10:00:00Z') + seconds * 1000).toISOString();

describe('Return All that never ends', () => {
	test('a service that ignores `skip` and reports a total of 1e12 stops at the second page with a clear error', async () => {
		answer = () => ({ meta: { page: { total: 1e12 } }, data: Array.from({ length: 100 }, (_, i) => dataset(i)) });
		const { error } = await listDatasets();
		expect(error?.message).toMatch(
			/GET \/api\/v1\/datasets answered a page it had already sent \(asked for position 99\)/,
		);
		expect(asked).toHaveLength(2);
	});

	test('a page family that says has_next_page forever over the same page stops with a clear error', async () => {
		answer = () => ({
			meta: { page: { page: 1, per_page: 100 }, has_next_page: true },
			data: [{ id: 'p1', name: 'Ava' }],
		});
		const { error } = await harness.runNode({
			type: TYPES.celebrity,
			parameters: { resource: 'person', operation: 'getMany', returnAll: true },
		});
		expect(error?.message).toMatch(/answered a page it had already sent/);
		expect(asked).toHaveLength(2);
	});

	test('two pages answered in turn (A, B, A) are caught as well', async () => {
		let served = 0;
		answer = () => ({
			meta: { page: { total: 1e12 } },
			data: Array.from({ length: 100 }, (_, i) => dataset(served++ % 2 === 0 ? i : 1000 + i)),
		});
		const { error } = await listDatasets();
		// Page B does not follow page A (it neither starts with nor holds A's last record): read as a list that shifts,
		// stepped back and read again, until a page comes again where the read went on before.
		expect(error?.message).toMatch(/answered a page it had already sent|kept changing while it was read/);
		expect(asked.length).toBeLessThanOrEqual(2 * PAGE_BOUNDS.maxRereads + 2);
	});

	test(`a list with no end marker that keeps inventing records stops at the hard bound (${PAGE_BOUNDS.maxRecords} records)`, async () => {
		// Pages of 10,000 (the limit asked for is ignored) reach the record bound in 20 requests.
		answer = ({ query }) => ({
			jobs: Array.from({ length: 10_000 }, (_, i) => jobAt(Number(query.offset) + i, 'completed', at(0))),
		});
		const { error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'job', operation: 'getMany', returnAll: true },
		});
		expect(error?.message).toMatch(/Stopped reading GET \/api\/v1\/ingestion\/jobs after 20 pages \(200000 entries\)/);
		expect(error?.description).toMatch(/at most 2000 pages or 200000 records/);
		expect(asked).toHaveLength(20);
	}, 60_000);

	test('a list filtered page by page (Query IDs, read from unfiltered pages) stops at a repeated page too', async () => {
		answer = () => ({
			meta: { page: { limit: 100 }, links: { next: '/api/v1/queries?offset=100&limit=100' } },
			data: Array.from({ length: 100 }, (_, i) => ({ query_id: dataset(i).id, created_user_id: 'u' })),
		});
		const { error } = await harness.runNode({
			type: TYPES.queries,
			parameters: { resource: 'query', operation: 'getMany', returnAll: true, filters: { queryIds: DATASET } },
		});
		expect(error?.message).toMatch(/GET \/api\/v1\/queries answered a page it had already sent/);
		expect(asked).toHaveLength(2);
	});

	test('a search whose body offset is ignored stops at the second page', async () => {
		answer = () => ({ data: Array.from({ length: 100 }, (_, i) => ({ coactive_image_id: `img-${i}`, score: 0.5 })) });
		const { error } = await harness.runNode({
			type: TYPES.search,
			parameters: {
				resource: 'image',
				operation: 'searchByText',
				datasetId: byId(DATASET),
				textQuery: 'beach',
				returnAll: true,
			},
		});
		expect(error?.message).toMatch(/answered a page it had already sent/);
		expect(asked).toHaveLength(2);
	});
});

describe('entries that are not records, answers without their list', () => {
	test('null, numbers, texts and arrays in a list are skipped (never an item), and still count toward the offset', async () => {
		answer = ({ query }) =>
			Number(query.skip) === 0
				? { meta: { page: { total: 7 } }, data: [null, dataset(1), 5, 'x', [], dataset(2)] }
				: { meta: { page: { total: 7 } }, data: [dataset(3)] };
		const { items, error } = await listDatasets();
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['set_1', 'set_2', 'set_3']);
		expect(asked.map((request) => request.query.skip)).toEqual(['0', '6']);
		expect(harness.logs.join('\n')).toMatch(/listed 4 entries that are not records/);
	});

	test.each([
		['an object without the list', { detail: 'maintenance' }, /the answer was an object with the keys detail/],
		[
			'an object whose list is not an array',
			{ meta: {}, data: { id: 'x' } },
			/the answer was an object with the keys meta, data/,
		],
	])('a page that is %s is a clear error naming the endpoint, not an empty list', async (_label, body, shape) => {
		answer = () => body;
		const { items, error } = await listDatasets();
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^The Media Analysis Service answered GET \/api\/v1\/datasets without the list of records it should hold/,
		);
		expect(error?.message).toMatch(shape);
	});

	test.each([
		['null', null],
		['a number', 42],
		['an array', [dataset(1)]],
	])(
		'a page that is %s is a clear error naming the endpoint, never a TypeError or an empty list',
		async (_label, body) => {
			answer = () => body;
			const { items, error } = await listDatasets();
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/GET \/api\/v1\/datasets/);
			expect(error?.message).not.toMatch(/Cannot read|is not iterable|TypeError/);
		},
	);

	test('a "From list" search skips entries that are not records and refuses an answer without a list', async () => {
		answer = () => ({ meta: { page: { total: 3 } }, data: [null, dataset(7), 3] });
		const found = await harness.runListSearch({ type: TYPES.datasets, method: 'searchDatasets' });
		expect(found.results).toEqual([{ name: 'set_7', value: dataset(7).id }]);
		answer = () => ({ detail: 'nope' });
		await expect(harness.runListSearch({ type: TYPES.datasets, method: 'searchDatasets' })).rejects.toThrow(
			/answered GET \/api\/v1\/datasets without the list/,
		);
	});
});

describe('the trigger against odd records', () => {
	let staticData: IDataObject;
	beforeEach(() => {
		staticData = {};
	});
	const watchJobs: INodeParameters = { events: ['jobCreated', 'jobCompleted'] };
	async function poll(parameters: INodeParameters = watchJobs) {
		const before = asked.length;
		const result = await harness.runPoll({ type: TYPES.trigger, parameters, staticData });
		staticData = result.staticData;
		return { items: (result.items?.[0] ?? []).map((item) => item.json), requests: asked.length - before };
	}
	/** A jobs list answered newest first from `jobs`, honouring offset and limit. */
	const serve = (jobs: () => IDataObject[]) => {
		answer = ({ query }) => ({ jobs: jobs().slice(Number(query.offset), Number(query.offset) + Number(query.limit)) });
	};
	const ids = (items: IDataObject[]) =>
		items.map((item) => `${(item.events as string[]).join('+')}:${String(item.id).slice(-3)}`);

	test('activation against a jobs list that ignores `offset` reads one page, not the whole endless list', async () => {
		answer = () => ({ jobs: Array.from({ length: 100 }, (_, i) => jobAt(i + 1, 'completed', at(-i))) });
		expect((await poll()).items).toEqual([]);
		expect(asked).toHaveLength(1);
		expect((await poll()).requests).toBe(1);
	});

	test('null entries and records without an id or time in the jobs list are passed over, not a TypeError', async () => {
		let jobs: unknown[] = [jobAt(1, 'completed', at(0))];
		answer = () => ({ jobs });
		await poll();
		jobs = [null, 7, { id: 5 }, { status: 'completed' }, jobAt(2, 'completed', at(10)), jobAt(1, 'completed', at(0))];
		expect(ids((await poll()).items)).toEqual(['jobCompleted+jobCreated:002']);
	});

	test('a record dated in the future does not move the cursor past now and hide the events after it', async () => {
		const jobs: IDataObject[] = [jobAt(1, 'completed', at(0))];
		serve(() => jobs);
		await poll();
		jobs.unshift(jobAt(2, 'completed', '2099-01-01T00:00:00Z'));
		expect(ids((await poll()).items)).toEqual(['jobCompleted+jobCreated:002']);
		jobs.splice(1, 0, jobAt(3, 'completed', new Date().toISOString())); // after the last poll, by the clock
		expect(ids((await poll()).items)).toEqual(['jobCompleted+jobCreated:003']);
		expect((await poll()).items).toEqual([]);
		const quiet = await poll();
		expect(quiet).toEqual({ items: [], requests: 1 });
	});

	test('a list out of time order on one page is noticed: the completion behind an older record is emitted', async () => {
		const jobs: IDataObject[] = [jobAt(1, 'in_progress', at(0))];
		serve(() => jobs);
		await poll();
		// Newest first would put job 3 second; this service lists it after an older record.
		jobs.splice(
			0,
			jobs.length,
			jobAt(2, 'completed', at(30)),
			jobAt(4, 'completed', at(-60)),
			jobAt(3, 'completed', at(20)),
		);
		expect(ids((await poll()).items).sort()).toEqual(['jobCompleted+jobCreated:002', 'jobCompleted+jobCreated:003']);
		expect((staticData.scopes as Record<string, IDataObject>)['jobs:*'].disordered).toBe(true);
		expect((await poll()).items).toEqual([]);
		// Once the list is in order again, a whole read clears the flag.
		jobs.splice(
			0,
			jobs.length,
			jobAt(2, 'completed', at(30)),
			jobAt(3, 'completed', at(20)),
			jobAt(4, 'completed', at(-60)),
		);
		await poll();
		expect((staticData.scopes as Record<string, IDataObject>)['jobs:*'].disordered).toBeUndefined();
	});

	test('one job listed twice at the same time with two statuses is emitted once, not on every poll', async () => {
		const jobs: IDataObject[] = [jobAt(1, 'completed', at(0))];
		serve(() => jobs);
		await poll({ events: ['jobStatusChanged'] });
		jobs.splice(
			0,
			jobs.length,
			jobAt(2, 'in_progress', at(10)),
			jobAt(2, 'completed', at(10)),
			jobAt(1, 'completed', at(0)),
		);
		const first = await poll({ events: ['jobStatusChanged'] });
		expect(first.items.map((item) => item.status)).toEqual(['completed']);
		jobs.splice(0, 2, jobAt(2, 'completed', at(10)), jobAt(2, 'in_progress', at(10)));
		expect((await poll({ events: ['jobStatusChanged'] })).items).toEqual([]);
		jobs.splice(0, 2, jobAt(2, 'in_progress', at(10)));
		expect((await poll({ events: ['jobStatusChanged'] })).items).toEqual([]);
	});

	test.each([
		['scopes is a number', { scopes: 5 }],
		['a scope is null', { scopes: { 'jobs:*': null } }],
		['the cursor is text', { scopes: { 'jobs:*': { cursor: 'soon', since: null, entities: [] } } }],
		[
			'a recorded entry is not a triple',
			{ scopes: { 'jobs:*': { cursor: 1, since: 1, entities: [['a', 'completed']] } } },
		],
	])(
		'saved state that cannot be read (%s) is reset with a logged warning instead of failing every poll',
		async (_label, saved) => {
			const jobs: IDataObject[] = [jobAt(1, 'completed', at(0))];
			serve(() => jobs);
			await poll();
			staticData = { ...staticData, ...saved };
			const logged = harness.logs.length;
			expect((await poll()).items).toEqual([]);
			expect(harness.logs.slice(logged).join('\n')).toMatch(/saved state was unreadable and was reset/);
			jobs.unshift(jobAt(2, 'completed', at(10)));
			expect(ids((await poll()).items)).toEqual(['jobCompleted+jobCreated:002']);
		},
	);

	test('a Job Statuses filter that contradicts a chosen end event is refused before any request', async () => {
		await expect(
			harness.runPoll({
				type: TYPES.trigger,
				parameters: { events: ['jobCompleted', 'jobFailed'], jobStatuses: ['failed'] },
				staticData,
			}),
		).rejects.toThrow(/Job Statuses leaves out "completed", so the event jobCompleted can never fire/);
		expect(asked).toHaveLength(0);
	});
});
