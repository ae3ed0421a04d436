/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the endpoint table covers the service spec's seed endpoints and names only documented ones. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Status, Concept, DatasetResponse, GetOneIngestJobResponse } from '../../nodes/shared/schemas.generated';
import {
	ENDPOINTS,
	endpointOf,
	endpointPath,
	endpointRequest,
	listEndpoint,
	type PagedEndpointId,
	type RecordOf,
} from '../../nodes/shared/endpoints';
import type { PageStyle } from '../../nodes/shared/transport';
import { sampleIdNote } from '../../nodes/shared/notFound';
import { skipLimit } from '../../nodes/shared/pageStyles';

const root = resolve(__dirname, '../..');
const specFile = resolve(root, process.env.MEDIA_ANALYSIS_SPEC ?? '../shared/api/service-spec.md');
const seedFile = join(root, 'api/seed-endpoints.json');
const facts = JSON.parse(readFileSync(join(root, 'api/openapi.facts.json'), 'utf8')) as {
	paths: Record<string, Record<string, { operationId?: string }>>;
};

/** "METHOD path" of every endpoint the spec's Endpoints part lists (the ad-segment table gives its path once). */
function seedEndpoints(spec: string): string[] {
	const part = spec.slice(spec.indexOf('## Endpoints'), spec.indexOf('### Removed'));
	const rows = [...part.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/api\/\S+) \|/gm)].map(
		([, method, path]) => `${method} ${path}`,
	);
	const adBase = /Path base: (\/api\/\S+?ad-segments)/.exec(part)?.[1];
	const adRows = adBase
		? [...part.matchAll(/^\| (GET|POST|DELETE) \| (?:none|Video)/gm)].map(([, method]) => `${method} ${adBase}`)
		: [];
	return [...rows, ...adRows].sort();
}

const seeds = JSON.parse(readFileSync(seedFile, 'utf8')) as string[];
const table = (Object.keys(ENDPOINTS) as Array<keyof typeof ENDPOINTS>).map((id) => {
	const { operationId, method, path } = endpointOf(id);
	return { id, operationId, key: `${method} ${path}` };
});

describe('endpoint table (nodes/shared/endpoints.ts)', () => {
	test('api/seed-endpoints.json is what the service spec lists (checked where the spec is at hand)', () => {
		expect(seeds.length).toBeGreaterThan(50);
		if (existsSync(specFile)) expect(seedEndpoints(readFileSync(specFile, 'utf8'))).toEqual(seeds);
	});

	test('every seed endpoint has an entry', () => {
		const keys = new Set(table.map((entry) => entry.key));
		expect(seeds.filter((seed) => !keys.has(seed))).toEqual([]);
	});

	test('every entry is in api/openapi.facts.json under its operationId', () => {
		const missing = table.filter(({ operationId, key }) => {
			const [method, path] = key.split(' ');
			return facts.paths[path]?.[method.toLowerCase()]?.operationId !== operationId;
		});
		expect(missing).toEqual([]);
	});

	test('a call fills the path one segment per value and takes policy, 404 subject and answer from the table', () => {
		expect(endpointPath('datasets.get', { dataset_id: 'a/b' })).toBe('/api/v1/datasets/a%2Fb');
		expect(endpointRequest('datasets.delete', { params: { dataset_id: 'x' }, itemIndex: 2 })).toEqual({
			method: 'DELETE',
			path: '/api/v1/datasets/x',
			idempotent: false,
			resourceLabel: 'Dataset',
			answer: 'object',
			itemIndex: 2,
			notFoundNote: sampleIdNote,
		});
		expect(endpointRequest('datasets.get').answer).toEqual({ id: 'id' });
		expect(endpointRequest('datasets.list').answer).toBe(skipLimit);
		expect(() => endpointRequest('ingestion.createIngestJobFromImages')).toThrow(/recover/);
		expect(listEndpoint('datasets.list')[1]).toBe(skipLimit);
		// @ts-expect-error the encoders come in one answer: not a paged list, so the type refuses it too
		expect(() => listEndpoint('datasets.listEncoders')).toThrow(/not a paged list/);
	});

	test("each list's page style reads its list where it says it is (listAt, which types the records)", () => {
		const paged = Object.entries(ENDPOINTS).flatMap(([id, entry]) =>
			'pages' in entry && entry.pages ? [[id, entry.pages] as const] : [],
		);
		expect(paged.length).toBeGreaterThan(20);
		const answerWith = (style: PageStyle, list: unknown[]) =>
			style.listAt.reduceRight<unknown>((inner, key) => ({ [key]: inner }), list) as Record<string, unknown>;
		for (const [id, style] of paged) {
			const list = [{ id }, { id: `${id}-2` }];
			expect([id, style.items(answerWith(style, list) as never)]).toEqual([id, list]);
		}
	});
});

/** A list's records as RecordOf types them: never `never`, never `any`. */
type Typed<K extends PagedEndpointId> = [RecordOf<K>] extends [never]
	? never
	: 0 extends 1 & RecordOf<K>
		? never
		: RecordOf<K>;
const typed: Record<string, true> = {
	every: true satisfies {
		[K in PagedEndpointId]: [Typed<K>] extends [never] ? K : never;
	}[PagedEndpointId] extends never
		? true
		: false,
	records: true satisfies RecordOf<'datasets.list'> extends DatasetResponse ? true : false,
	concepts: true satisfies RecordOf<'concepts.list'> extends Concept ? true : false,
	jobs: true satisfies RecordOf<'ingestion.getIngestJobs'> extends GetOneIngestJobResponse ? true : false,
	jobAssets: true satisfies RecordOf<'ingestion.getJobStatus'> extends Status ? true : false,
	assetStatuses: true satisfies RecordOf<'ingestion.getDatasetAssetsStatus'> extends Status ? true : false,
};

describe('records of a paged list are typed from the table (RecordOf)', () => {
	test('each list reads as its documented entry type (checked when the tests compile)', () => {
		expect(Object.values(typed).every(Boolean)).toBe(true);
	});
});

/** Operations of the vendor document no node sends, each with its reason (docs/internals.md, "No GET with a body"). */
const NOT_SENT: Record<string, string> = {
	'celebrities.identifyCelebritiesInExternalImage':
		"takes its image only as a GET body, which n8n's core removes: Celebrity Identify ingests the image, reads persons-in-image and deletes the asset instead",
};

describe('the vendor document is reachable (issue 27)', () => {
	const documented = Object.values(facts.paths).flatMap((methods) =>
		Object.values(methods).map((operation) => operation.operationId ?? ''),
	);
	const sources = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
			entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
		);
	const nodeCode = sources(join(root, 'nodes'))
		.filter((file) => !/endpoints\.ts$|\.generated\.ts$/.test(file))
		.map((file) => readFileSync(file, 'utf8'))
		.join('\n');

	/** The table's readable key of each operationId. */
	const keyOf = new Map(table.map(({ id, operationId }) => [operationId as string, id]));

	test('118 operations, every one in the endpoint table', () => {
		expect(documented).toHaveLength(118);
		expect(documented.filter((operationId) => !keyOf.has(operationId))).toEqual([]);
	});

	test('117 of them are sent by a node operation (by their key in the table); only the listed exception is not, with its reason', () => {
		const keys = documented.map((operationId) => keyOf.get(operationId) ?? operationId);
		const sent = keys.filter((key) => nodeCode.includes(`'${key}'`));
		expect(sent).toHaveLength(117);
		expect(keys.filter((key) => !sent.includes(key))).toEqual(Object.keys(NOT_SENT));
	});

	// Six operationIds are plain words (create, get, list, update, delete, chat) that also name n8n operations and
	// resources; the hyphenated ones cannot be anything but an operationId.
	test('call sites name endpoints by their readable key, never by an operationId', () => {
		const hyphenated = documented.filter((operationId) => operationId.includes('-'));
		expect(hyphenated.length).toBeGreaterThan(100);
		expect(hyphenated.filter((operationId) => nodeCode.includes(`'${operationId}'`))).toEqual([]);
	});
});
