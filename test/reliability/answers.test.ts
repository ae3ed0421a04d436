/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * Answers that are not what an operation reads (issue 23), for every entry of the endpoint table: the real nodes
 * through n8n's engine, the sandbox behind a loopback proxy that answers the one endpoint under test with what a
 * misbehaving service or gateway sends (`{"detail": …}` with 200/201/202, null, [], a text, lists holding null and plain
 * values), everything else as the sandbox does. Each run ends in a clear error naming the endpoint or a valid output:
 * never a TypeError, never an item made of something that is not a JSON object; "any JSON" answers are accepted.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { checkAnswer } from '../../nodes/shared/transport/check';
import type { FieldRule } from '../../nodes/shared/transport/types';
import { ENDPOINTS, endpointOf, type EndpointId } from '../../nodes/shared/endpoints';
import type { ApiContext } from '../../nodes/shared/transport';
import { jobStatusPages, offsetLimit } from '../../nodes/shared/pageStyles';
import type { RunNodeResult } from '../harness/engine';
import { TYPES, useTestBed } from '../nodes/setup';
import { byId } from '../support/locators';
import {
	asErrorPattern,
	call,
	CALLERS,
	type Caller,
	called,
	checked,
	DETAIL,
	entryOf,
	type Hostile,
	IMAGES,
	json,
	requiredRules,
	UUID4,
	WRONG,
} from './answer-cases';

const bed = useTestBed();

/** The table entry a request is for: among those whose template matches, the one with the fewest placeholders. */
function entryFor(method: string, path: string): EndpointId | undefined {
	const matches = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => {
		const entry = entryOf(id);
		const pattern = new RegExp(`^${entry.path.replace(/\{\w+\}/g, '[^/]+')}$`);
		return entry.method === method && pattern.test(path);
	});
	const holes = (id: EndpointId) => (entryOf(id).path.match(/\{/g) ?? []).length;
	return matches.sort((a, b) => holes(a) - holes(b))[0];
}

let proxy: Server;
/** The endpoint under test and what it answers; its first `passing` requests reach the sandbox. */
let target: { id: EndpointId; answer: Hostile; hits: number; passing: number } | undefined;

beforeAll(async () => {
	proxy = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const path = (req.url ?? '/').split('?')[0];
			if (target && entryFor(req.method ?? '', path) === target.id && target.passing-- <= 0) {
				target.hits++;
				res.writeHead(target.answer.status, { 'content-type': 'application/json' }).end(target.answer.text);
				return;
			}
			const upstream = new URL(bed.sandbox.url);
			const out = forward(
				{ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			out.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
	proxy.closeAllConnections();
	await new Promise<void>((resolve) => proxy.close(() => resolve()));
});
beforeEach(() => {
	target = undefined;
	bed.useCredential('personalToken', { baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
});

async function runAgainst(
	id: EndpointId,
	answer: Hostile,
	{
		caller = CALLERS[id] as Caller,
		passing,
		items,
		continueOnFail,
	}: { caller?: Caller; passing?: number; items?: IDataObject[]; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	target = { id, answer, hits: 0, passing: passing ?? 0 };
	const result = await bed.harness.runNode({
		type: TYPES[caller.node],
		parameters: caller.parameters,
		inputItems: items,
		continueOnFail,
	});
	// The operation reached the endpoint under test: what follows is about its answer, not about an earlier step.
	expect({ reached: target.hits > 0, error: result.error?.message }).toEqual({
		reached: true,
		error: result.error?.message,
	});
	return result;
}

const JUNK_TEXT = 'junk-text';
const JUNK = ['junk-array', 'junk-object'];
/** A list as a misbehaving service sends it: null and plain values around one record (or string). */
const junkList = (rule: FieldRule | 'page'): unknown[] =>
	rule === 'strings'
		? [null, 7, { junk: JUNK[1] }, [JUNK[0]], 'kept']
		: rule === 'array'
			? [1, 2]
			: [null, 1, JUNK_TEXT, [JUNK[0]], { marker: 'kept', id: UUID4, name: 'kept' }];

/** An answer holding what the entry reads, its lists full of entries that are not records. */
function junkAnswer(id: EndpointId): unknown {
	const entry = entryOf(id);
	if (entry.pages === jobStatusPages) return { data: { status: 'completed', assets: { data: junkList('page') } } };
	if (entry.pages)
		return {
			data: junkList('page'),
			jobs: junkList('page'),
			results: junkList('page'),
			users: junkList('page'),
			user_invitations: junkList('page'),
		};
	if (entry.answer === 'records') return junkList('records');
	if (typeof entry.answer !== 'object') return { marker: 'kept' };
	const answer: IDataObject = { marker: 'kept' };
	for (const [field, rule] of Object.entries(entry.answer)) {
		answer[field] =
			rule === 'created' || rule === 'id'
				? 'kept-0001'
				: rule === 'object' || rule === 'object?'
					? { marker: 'kept' }
					: junkList(rule);
	}
	return answer;
}

const CRASH =
	/Cannot read prop|is not a function|is not iterable|Cannot destructure|Cannot convert|Maximum call stack|\$error/;

/** Never a TypeError, never an item that is not a JSON object. */
function expectClean({ items, error }: RunNodeResult): void {
	expect(`${error?.name ?? ''}: ${error?.message ?? ''}`).not.toMatch(CRASH);
	expect(error?.name ?? 'NodeApiError').toMatch(/^Node(Api|Operation)Error$/);
	for (const item of items as INodeExecutionData[]) {
		expect(typeof item.json === 'object' && item.json !== null && !Array.isArray(item.json)).toBe(true);
	}
}

describe('every endpoint of the table, answered what its operation cannot read', () => {
	describe.each(called)('%s', (id) => {
		// What the check refuses is decided without a run (answers-check.test.ts; the wiring from every kind of entry to
		// the node's error is proven below). What it lets through, the operation then reads: that goes through the engine.
		test('lists holding null and plain values, and every wrong answer the check lets through: no item is made of them', async () => {
			const passing = [];
			for (const [, answer] of WRONG) if ('passed' in (await checked(id, answer))) passing.push(answer);
			for (const answer of passing) {
				const result = await runAgainst(id, answer);
				expectClean(result);
				if (entryOf(id).answer === 'any') expect(result.error).toBeUndefined();
			}
			const result = await runAgainst(id, json(200, junkAnswer(id)));
			expectClean(result);
			const shown = JSON.stringify(result.items);
			for (const junk of [JUNK_TEXT, ...JUNK])
				expect({ junk, found: shown.includes(junk) ? shown : '' }).toEqual({ junk, found: '' });
		});
	});
});

/** One entry of each kind the check knows (a page style, an answer spec), as the table groups them. */
const kindOf = (id: EndpointId) => {
	const entry = endpointOf(id);
	return entry.pages ? `pages at ${entry.pages.listAt.join('.')} (${entry.pages.place})` : JSON.stringify(entry.answer);
};
// "Any" JSON is never refused: every wrong answer goes through the engine for it (above).
const oneOfEachKind = [...new Map(called.map((id) => [kindOf(id), id])).entries()].filter(
	([, id]) => entryOf(id).answer !== 'any',
);

describe("the check's refusal is the node's error, for every kind of entry (the wiring of the pure check above)", () => {
	test('every kind of entry is here', () => {
		expect(oneOfEachKind.length).toBeGreaterThan(20);
	});

	test.each(oneOfEachKind)("%s (%s): the node fails with the check's own message, and no item", async (_kind, id) => {
		const answer = entryOf(id).answer === 'records' ? json(200, { detail: 'no list' }) : json(200, 42);
		const verdict = await checked(id, answer);
		expect(verdict).toEqual({ refused: expect.any(String) });
		const result = await runAgainst(id, answer);
		expectClean(result);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(asErrorPattern((verdict as { refused: string }).refused));
	});
});

describe('creates need the ID of what they created', () => {
	const creates = called.filter((id) => requiredRules(entryOf(id).answer).some(([, rule]) => rule === 'created'));

	test.each(creates.flatMap((id) => [200, 201, 202].map((status) => [id, status] as const)))(
		'%s answered %i {"detail"} fails, naming the ID',
		async (id, status) => {
			const field = requiredRules(entryOf(id).answer).find(([, rule]) => rule === 'created')![0];
			const { error, items } = await runAgainst(id, json(status, DETAIL));
			expect(items).toEqual([]);
			const path = entryOf(id).path.replace(/\{\w+\}/g, '[^/ ]+');
			expect(error?.message).toMatch(
				new RegExp(
					`^The Media Analysis Service answered POST ${path} without an ID for what it created \\(the answer was an object with the keys detail, with no "${field}"\\)$`,
				),
			);
			expect(error?.description).toMatch(/It may have been created all the same/);
		},
	);

	test.each([
		['an empty text', '', 'a text of 0 characters'],
		['blanks', '  ', 'a text of 2 characters'],
		['a number', 42, 'a number'],
		['null', null, 'null'],
	])('a create whose ID is %s fails, saying what it was', async (_case, value, shown) => {
		const { error, items } = await runAgainst('datasets.create', json(201, { id: value, name: 'probe_set' }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The Media Analysis Service answered POST /api/v1/datasets without an ID for what it created (the answer was an object with the keys id, name, whose "id" is ${shown})`,
		);
	});

	test('the error names the item whose create was answered so; with Continue On Fail the other items flow on', async () => {
		const id = 'datasets.create';
		// One at a time: which item's request reaches the server first is then known (side by side it is not).
		const caller = call('datasets', 'dataset', 'create', {
			name: '={{ $json.name }}',
			encoderName: 'resnet-50',
			requestOptions: { parallelRequests: 1 },
		});
		const items = [{ name: 'probe_one' }, { name: 'probe_two' }];
		const stopped = await runAgainst(id, json(201, DETAIL), { caller, passing: 1, items });
		expect(stopped.error?.message).toMatch(
			/answered POST \/api\/v1\/datasets without an ID for what it created .*with no "id"/,
		);
		expect(stopped.error?.context?.itemIndex).toBe(1);

		const flowing = await runAgainst(id, json(201, DETAIL), {
			caller,
			passing: 1,
			items: [{ name: 'probe_three' }, { name: 'probe_four' }],
			continueOnFail: true,
		});
		expect(flowing.error).toBeUndefined();
		expect(flowing.items.map((item) => [item.json.name ?? null, typeof item.json.error, item.pairedItem])).toEqual([
			['probe_three', 'undefined', { item: 0 }],
			[null, 'string', { item: 1 }],
		]);
	});

	test('at least every create of the table is here', () => {
		expect(creates).toEqual(
			expect.arrayContaining([
				'concepts.create',
				'connections.createConnection',
				'datasets.create',
				'queries.createQuery',
				'ingestion.createIngestJobFromImages',
				'ingestion.createIngestJobForMetadata',
			]),
		);
	});
});

describe('answers the contract allows', () => {
	test.each([
		['null', json(200, null)],
		['a text', json(200, 'deleted')],
		['an empty body', { status: 200, text: '' }],
		['{"detail"}', json(200, DETAIL)],
	])('Concept Delete answered %s succeeds as {deleted: true}', async (_case, answer) => {
		const { error, items } = await runAgainst('concepts.delete', answer);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ deleted: true, id: SEED_CONCEPT_IDS.beach });
	});

	test('Concept Delete answered null: the concept was deleted, the item says so without a response', async () => {
		const { items } = await runAgainst('concepts.delete', json(200, null));
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: SEED_CONCEPT_IDS.beach }]);
	});

	test('Label Get Candidates answered {"data": [null, 1, "x", {…}]} gives one item, the record', async () => {
		const { error, items } = await runAgainst(
			'concepts.getLabelCandidates',
			json(200, { data: [null, 1, 'x', { imageId: UUID4 }] }),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ imageId: UUID4 }]);
	});

	test('an asset status answered {"data": []} (the document\'s empty answer) says there is none, clearly', async () => {
		const { error } = await runAgainst('ingestion.getImageAssetStatus', json(200, { data: [] }));
		expect(error?.message).toBe(`No ingestion status for image ${UUID4}`);
	});
});

describe('a paged endpoint read in one request (Celebrity Identify) is checked as a page', () => {
	const url = 'https://photos.example.com/party/one.jpg';
	const identify = call('celebrity', 'image', 'identify', {
		datasetId: byId(IMAGES),
		imageUrl: url,
		options: { pollInterval: 0.1, waitTimeout: 20 },
	});
	beforeEach(() => {
		bed.sandbox.store.datasets.get(IMAGES)!.config.celebrity_detection_enabled = true;
		bed.sandbox.store.ingestion.setStepMs(20);
	});

	test('asset statuses holding null and plain values: the record among them is read', async () => {
		const answer = json(200, { data: [null, 1, 'x', { source_path: url, status: 'in_progress', asset_id: UUID4 }] });
		const result = await runAgainst('ingestion.getDatasetAssetsStatus', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(
			`The dataset already holds the image at ${url}, with status in_progress; it was left as it is`,
		);
	});

	test('a job status whose assets hold null and plain values ends in the clear ingestion error', async () => {
		const answer = json(200, { data: { status: 'completed', assets: { data: [null, 7, 'x'] } } });
		const result = await runAgainst('ingestion.getJobStatus', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(`The service could not ingest the image at ${url}: unknown`);
	});

	test('a job status without its page is a clear error naming the endpoint', async () => {
		const result = await runAgainst('ingestion.getJobStatus', json(200, { data: 'done' }), { caller: identify });
		expectClean(result);
		expect(result.error?.message).toMatch(
			/^The Media Analysis Service answered GET \/api\/v1\/ingestion\/jobs\/[0-9a-f]{24}\/status without the list of records it should hold/,
		);
	});
});

test('a long page read in one request is cleaned in place without exhausting the stack', async () => {
	const warnings: string[] = [];
	const context = {
		getNode: () => ({ name: 'Probe' }),
		logger: { warn: (line: string) => warnings.push(line) },
	} as unknown as ApiContext;
	const list: unknown[] = Array.from({ length: 300_000 }, (_, index) => (index % 3 === 0 ? null : { index }));
	const answer = { data: list };
	const checked = await checkAnswer(
		context,
		{ method: 'POST', path: '/api/v1/probe', answer: offsetLimit },
		{ body: { kind: 'json', value: answer }, status: 200, contentType: 'application/json' },
		async () => (value) => value,
	);
	expect(checked).toEqual({ answer, listed: 300_000 });
	expect(answer.data).toBe(list);
	expect(list).toHaveLength(200_000);
	expect(list.every((entry) => typeof entry === 'object' && entry !== null)).toBe(true);
	expect(warnings).toEqual([expect.stringMatching(/listed 100000 entries that are not records/)]);
});
