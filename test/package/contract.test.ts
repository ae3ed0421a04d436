/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the nodes' endpoint table and the sandbox's handlers are one contract, the vendor document's. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { ENCODERS } from '../../nodes/MediaAnalysisDatasets/actions/dataset/fields';
import { SUNSET_ENCODER } from '../../nodes/MediaAnalysisDatasets/actions/fields';
import { ENDPOINTS } from '../../nodes/shared/endpoints';
import { SUNSET_ENCODER as SANDBOX_SUNSET_ENCODER, VISUAL_ENCODER_NAMES } from '../../sandbox/encoders';
import { operations, schemas } from '../../sandbox/generated/schemas';
import { apiRoutes } from '../../sandbox/routes';
import { ADMIN_PREFIX, adminRoutes } from '../../sandbox/routes/admin';

const root = resolve(__dirname, '../..');

/** Sandbox routes the vendor document does not have, each with the reason the sandbox has it. */
const CONTROL_ROUTES = `every route under ${ADMIN_PREFIX}: the sandbox's own controls (reset, tokens, clock, faults, the chat model's script) for tests and people; not logged, no token`;
const OUTSIDE_THE_DOCUMENT: Record<string, string> = {
	'POST /api/v0/login': 'login is not in the document (NOTES.md, "Hosts and login"); the credential calls it',
	'GET /sandbox-storage/query-results/{file}':
		'the presigned file a query results link points to: object storage, not the service',
	'GET /model/v1/models':
		"the scripted OpenAI-compatible chat model of the AI examples (sandbox/model.ts), n8n's AI Agent lists it",
	'POST /model/v1/chat/completions':
		'the scripted chat model of the AI examples (sandbox/model.ts): the AI Agent calls the nodes as tools through it',
};

/** The operationId of an entry of the nodes' table: its key, or the entry's `operationId` where the key is a readable name. */
const tableIds = Object.entries(ENDPOINTS as Record<string, { operationId?: unknown }>).map(([key, entry]) =>
	typeof entry.operationId === 'string' ? entry.operationId : key,
);
const handled = apiRoutes.filter((route) => route.operationId !== undefined);
const handlerIds = handled.map((route) => route.operationId as string);
const documented = new Map(
	Object.entries(operations).map(([id, operation]) => [`${operation.method} ${operation.path}`, id]),
);
const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe("the nodes' endpoint table and the sandbox's handlers cover each other", () => {
	test('every endpoint a node calls has a sandbox handler', () => {
		expect(tableIds.filter((id) => !handlerIds.includes(id))).toEqual([]);
	});

	test('every sandbox handler is an endpoint a node calls', () => {
		expect(handlerIds.filter((id) => !tableIds.includes(id))).toEqual([]);
	});

	test('one handler per operationId, at the method and path the document gives it', () => {
		expect(handlerIds.filter((id, index) => handlerIds.indexOf(id) !== index)).toEqual([]);
		const moved = handled.filter((route) => {
			const operation = operations[route.operationId as keyof typeof operations];
			return route.method !== operation.method || route.path !== operation.path;
		});
		expect(moved.map(keyOf)).toEqual([]);
	});

	test('a route at a documented method and path is registered by its operationId (operation())', () => {
		const unnamed = apiRoutes.filter((route) => route.operationId === undefined && documented.has(keyOf(route)));
		expect(unnamed.map((route) => `${keyOf(route)} is ${documented.get(keyOf(route))}`)).toEqual([]);
	});

	test('the routes outside the document are exactly the listed ones, each with its reason', () => {
		const outside = apiRoutes.filter((route) => route.operationId === undefined).map(keyOf);
		expect(outside.sort()).toEqual(Object.keys(OUTSIDE_THE_DOCUMENT).sort());
		for (const key of outside) expect(documented.has(key)).toBe(false);
	});

	test(`control routes are outside the document: ${CONTROL_ROUTES}`, () => {
		expect(adminRoutes.length).toBeGreaterThan(0);
		const misplaced = adminRoutes.filter(
			(route) =>
				!route.path.startsWith(ADMIN_PREFIX) || route.operationId !== undefined || documented.has(keyOf(route)),
		);
		expect(misplaced.map(keyOf)).toEqual([]);
		expect(apiRoutes.filter((route) => route.path.startsWith(ADMIN_PREFIX)).map(keyOf)).toEqual([]);
	});
});

describe('the encoder list', () => {
	const documentEnum = schemas['datasets:VisualEncoderNameEnum'].options;

	test("the node's list with its sunset encoder is the document's enum", () => {
		expect([...ENCODERS, SUNSET_ENCODER.name].sort()).toEqual([...documentEnum].sort());
	});

	test("the sandbox's list is the document's enum, with the same sunset encoder", () => {
		expect(VISUAL_ENCODER_NAMES).toEqual(documentEnum);
		expect(SANDBOX_SUNSET_ENCODER).toBe(SUNSET_ENCODER.name);
	});
});

test('no hand-written copy of a vendor schema in the sandbox: object schemas only for what the document lacks', () => {
	/** Files that may build zod objects: the generated contract, and routes outside the document (control, login, chat model). */
	const allowed = [
		'sandbox/generated/schemas.ts',
		'sandbox/routes/admin.ts',
		'sandbox/routes/login.ts',
		'sandbox/model.ts',
	];
	const files = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
			entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
		);
	const copies = files(join(root, 'sandbox'))
		.map((file) => relative(root, file))
		.filter((file) => !allowed.includes(file) && /\bz\.object\(/.test(readFileSync(join(root, file), 'utf8')));
	expect(copies).toEqual([]);
});
