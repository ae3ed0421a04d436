/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import {
	jobsList,
	offsetLimit,
	offsetLimitCamelCase,
	offsetLimitLinks,
	pagePerPage,
	searchBody,
	skipLimit,
} from '../../nodes/shared/pageStyles';
import { paginate } from '../../nodes/shared/transport/pagination';
import { TransportRun as Run, type PageStyle } from '../../nodes/shared/transport';
import { createHarness, type Harness } from '../harness/engine';

/* ---------------------------------------------------------------------------------------------
 * A tiny fake service: one collection per pagination family, each answered in that family's shape.
 * ------------------------------------------------------------------------------------------- */

const STYLES = {
	skipLimit,
	offsetLimit,
	offsetLimitCamelCase,
	offsetLimitLinks,
	pagePerPage,
	jobsList,
	searchBody,
} satisfies Record<string, PageStyle>;

type Family = keyof typeof STYLES;
const FAMILIES = Object.keys(STYLES) as Family[];
/** Families whose answers say whether another page follows (a total, `has_next_page` or `links.next`). */
const TELLS_THE_END: Family[] = ['skipLimit', 'offsetLimit', 'offsetLimitCamelCase', 'offsetLimitLinks', 'pagePerPage'];
const REPORTS_TOTAL: Family[] = ['skipLimit', 'offsetLimit', 'offsetLimitCamelCase'];

const MAX_PAGE = 100;

interface PageRequest {
	method: string;
	family: string;
	query: Record<string, string>;
	body?: IDataObject;
}

interface FakeService {
	url: string;
	/** Page requests received, login excluded. */
	requests: PageRequest[];
	logins: number;
	/** Number of records in every collection. */
	records: number;
	/** Largest page the service really returns (it caps silently). */
	cap: number;
	close(): Promise<void>;
}

const recordId = (index: number) => `r-${String(index).padStart(3, '0')}`;
const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => recordId(from + i));

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function send(res: ServerResponse, status: number, payload: unknown) {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(payload));
}

function pageOf(service: FakeService, family: Family, query: Record<string, string>, body: IDataObject) {
	const total = service.records;
	const all = ids(total).map((id) => ({ id }));
	const source: IDataObject = family === 'searchBody' ? body : query;
	const asked = Number(family === 'pagePerPage' ? source.per_page : source.limit);
	const size = Math.min(asked, service.cap, MAX_PAGE);
	if (family === 'pagePerPage') {
		const page = Number(source.page);
		const offset = (page - 1) * size;
		return {
			meta: { page: { page, per_page: size } },
			has_next_page: offset + size < total,
			data: all.slice(offset, offset + size),
			sort: [{ field: 'id', direction: 'asc' }],
		};
	}
	const offset = Number(family === 'skipLimit' ? source.skip : source.offset);
	const data = all.slice(offset, offset + size);
	const currentPage = Math.floor(offset / size) + 1;
	const lastPage = Math.max(1, Math.ceil(total / size));
	switch (family) {
		case 'skipLimit':
		case 'offsetLimit':
			if (family === 'offsetLimit' && total === 0) return { data: [] };
			return { meta: { page: { current_page: currentPage, last_page: lastPage, limit: size, offset, total } }, data };
		case 'offsetLimitCamelCase':
			return { meta: { page: { currentPage, lastPage, limit: size, offset, total } }, data };
		case 'offsetLimitLinks': {
			const link = (at: number) => `/${family}?offset=${at}&limit=${size}`;
			return {
				meta: {
					page: { current_page: currentPage, limit: size, offset },
					links: {
						current: link(offset),
						previous: offset > 0 ? link(Math.max(0, offset - size)) : null,
						next: offset + size < total ? link(offset + size) : null,
					},
				},
				data,
			};
		}
		case 'jobsList':
			return { jobs: data };
		case 'searchBody':
			return { data };
	}
}

async function startFakeService(): Promise<FakeService> {
	const service = { requests: [], logins: 0, records: 0, cap: MAX_PAGE } as unknown as FakeService;
	const server: Server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const text = await readBody(req);
			if (req.method === 'POST' && url.pathname === '/api/v0/login') {
				service.logins++;
				if (!req.headers.authorization?.startsWith('Bearer ')) return send(res, 401, { detail: 'Not authenticated' });
				return send(res, 200, { access_token: 'access-token', token_type: 'Bearer', expires_in: 3600 });
			}
			if (req.headers.authorization !== 'Bearer access-token') return send(res, 401, { detail: 'Not authenticated' });
			const family = url.pathname.slice(1) as Family;
			if (!(family in STYLES)) return send(res, 404, { detail: 'Not Found' });
			const query = Object.fromEntries(url.searchParams.entries());
			const body = text ? (JSON.parse(text) as IDataObject) : undefined;
			service.requests.push({ method: req.method ?? '', family, query, body });
			return send(res, 200, pageOf(service, family, query, body ?? {}));
		})().catch((error: Error) => send(res, 500, { detail: error.message }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	service.close = async () => await new Promise<void>((resolve) => server.close(() => resolve()));
	return service;
}

/* ---------------------------------------------------------------------------------------------
 * A fixture node that lists one family's collection through `paginate`.
 * ------------------------------------------------------------------------------------------- */

const NODE_TYPE = 'n8n-nodes-media-analysis.paginationFixture';

const paginationFixture: INodeType = {
	description: {
		displayName: 'Pagination Fixture',
		name: 'paginationFixture',
		group: ['transform'],
		version: 1,
		description: 'Lists a collection of the fake service through the shared paginator',
		defaults: { name: 'Pagination Fixture' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: [
			{
				displayName: 'Family',
				name: 'family',
				type: 'options',
				options: FAMILIES.map((family) => ({ name: family, value: family })),
				default: 'skipLimit',
			},
			{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false },
			{ displayName: 'Limit', name: 'limit', type: 'number', typeOptions: { minValue: 1 }, default: 50 },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const family = this.getNodeParameter('family', 0) as Family;
		const returnAll = this.getNodeParameter('returnAll', 0) as boolean;
		const limit = this.getNodeParameter('limit', 0) as number;
		const post = family === 'searchBody';
		const records = await paginate(
			new Run(this),
			{ method: post ? 'POST' : 'GET', path: `/${family}`, idempotent: true },
			STYLES[family],
			{ returnAll, limit },
		);
		return [records.map((json) => ({ json, pairedItem: { item: 0 } }))];
	},
};

/* ---------------------------------------------------------------------------------------------
 * The tests.
 * ------------------------------------------------------------------------------------------- */

let service: FakeService;
let harness: Harness;

beforeAll(async () => {
	service = await startFakeService();
	harness = createHarness({
		nodeTypes: { [NODE_TYPE]: paginationFixture },
		credentialTypes: [new MediaAnalysisApi()],
	});
});
afterAll(async () => {
	harness?.dispose();
	await service?.close();
});
beforeEach(() => {
	service.requests = [];
	service.logins = 0;
	service.cap = MAX_PAGE;
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: service.url,
		authentication: 'personalToken',
		personalToken: 'personal-token',
		accessToken: '',
	});
});

async function list(family: Family, records: number, limits: { returnAll: boolean; limit?: number }) {
	service.records = records;
	const { items, error } = await harness.runNode({
		type: NODE_TYPE,
		parameters: { family, returnAll: limits.returnAll, limit: limits.limit ?? 50 },
	});
	expect(error).toBeUndefined();
	return items.map((item) => item.json.id as string);
}

/** What each page request asked for: `[position, size]`, position being an offset or a 1-based page number. */
function asked(family: Family): Array<[number, number]> {
	return service.requests.map((request) => {
		expect(request.family).toBe(family);
		if (family === 'searchBody') {
			expect(request.method).toBe('POST');
			expect(request.query).toEqual({});
			return [Number(request.body?.offset), Number(request.body?.limit)];
		}
		expect(request.method).toBe('GET');
		expect(request.body).toBeUndefined();
		const { query } = request;
		if (family === 'pagePerPage') {
			expect(Object.keys(query).sort()).toEqual(['page', 'per_page']);
			return [Number(query.page), Number(query.per_page)];
		}
		const offsetKey = family === 'skipLimit' ? 'skip' : 'offset';
		expect(Object.keys(query).sort()).toEqual([offsetKey, 'limit'].sort());
		return [Number(query[offsetKey]), Number(query.limit)];
	});
}

/** The requests expected for pages of `size` starting at the first one. */
/** Offset lists in the query overlap each page with the last entry of the one before (a list that shifts is seen). */
const OVERLAPPING: Family[] = ['skipLimit', 'offsetLimit', 'offsetLimitCamelCase', 'offsetLimitLinks', 'jobsList'];

/**
 * The pages a read asks for. Page-numbered lists cannot overlap: after each page but the first, the last record of
 * the page before is read again alone (page `(n - 1) × size`, per_page 1), to see whether the list moved.
 */
function expectedPages(family: Family, count: number, size: number): Array<[number, number]> {
	const step = OVERLAPPING.includes(family) && size > 1 ? size - 1 : size;
	if (family !== 'pagePerPage') return Array.from({ length: count }, (_, i) => [i * step, size]);
	return Array.from(
		{ length: count },
		(_, i): Array<[number, number]> =>
			i === 0 || size === 1
				? [[i + 1, size]]
				: [
						[i + 1, size],
						[i * size, 1],
					],
	).flat();
}

describe.each(FAMILIES)('paginate over %s', (family) => {
	test('Return All over 250 records returns each record once, in order, from pages of 100', async () => {
		expect(await list(family, 250, { returnAll: true })).toEqual(ids(250));
		expect(asked(family)).toEqual(expectedPages(family, 3, 100));
		expect(service.logins).toBe(1);
	});

	test('Return All over exactly 200 records stops after the full last page', async () => {
		expect(await list(family, 200, { returnAll: true })).toEqual(ids(200));
		// Without an end marker the only way to know is one more (empty) page.
		// Overlapping pages bring 99 new records each: 200 take three.
		const pages = TELLS_THE_END.includes(family) && !OVERLAPPING.includes(family) ? 2 : 3;
		expect(asked(family)).toEqual(expectedPages(family, pages, 100));
	});

	test('Limit 130 returns 130 records and stops after 2 requests', async () => {
		expect(await list(family, 250, { returnAll: false, limit: 130 })).toEqual(ids(130));
		// The page size stays 100 on the second page: page 2 of a smaller size would hold other records.
		expect(asked(family)).toEqual(expectedPages(family, 2, 100));
	});

	test('Limit 5 asks for a page of 5', async () => {
		expect(await list(family, 250, { returnAll: false, limit: 5 })).toEqual(ids(5));
		expect(asked(family)).toEqual(expectedPages(family, 1, 5));
	});

	test('an empty collection returns no items after one request', async () => {
		expect(await list(family, 0, { returnAll: true })).toEqual([]);
		expect(asked(family)).toEqual(expectedPages(family, 1, 100));
	});
});

describe('page/per_page', () => {
	test('the page size never changes between pages', async () => {
		for (const [records, limits] of [
			[250, { returnAll: true }],
			[250, { returnAll: false, limit: 130 }],
			[250, { returnAll: false, limit: 250 }],
			[1000, { returnAll: false, limit: 399 }],
		] as const) {
			service.requests = [];
			const limit = 'limit' in limits ? limits.limit : records;
			expect(await list('pagePerPage', records, limits)).toEqual(ids(limit));
			// The one-record reads that check the page before are not pages of the walk.
			const walked = asked('pagePerPage').filter(([, size]) => size !== 1);
			expect(new Set(walked.map(([, size]) => size))).toEqual(new Set([100]));
			expect(walked.map(([page]) => page)).toEqual(Array.from({ length: Math.ceil(limit / 100) }, (_, i) => i + 1));
		}
	});
});

describe.each(REPORTS_TOTAL)('%s when the service silently caps pages at 50', (family) => {
	test('Return All still returns every record exactly once', async () => {
		service.cap = 50;
		expect(await list(family, 250, { returnAll: true })).toEqual(ids(250));
		// Each page after the first starts at the last entry of the one before: 49 new records a page.
		expect(asked(family)).toEqual([0, 49, 98, 147, 196, 245].map((offset) => [offset, 100]));
	});

	test('a Limit above the cap still returns exactly that many', async () => {
		service.cap = 50;
		expect(await list(family, 250, { returnAll: false, limit: 130 })).toEqual(ids(130));
		expect(asked(family)).toEqual([0, 49, 98].map((offset) => [offset, 100]));
	});
});
