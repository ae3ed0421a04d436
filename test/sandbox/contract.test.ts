import { createClock } from '../../sandbox/clock';
import { fields, ge, operation, whole } from '../../sandbox/contract';
import { operations } from '../../sandbox/generated/schemas';
import { HttpError, jsonReply, type ParsedBody, Router } from '../../sandbox/http';
import type { RequestContext } from '../../sandbox/routes/route';
import { SandboxStore } from '../../sandbox/store';

const DATASET = '1b665e65-8768-48b3-8556-1791a5ae4b24';

/** A request as the pipeline hands it to a route (already routed and authenticated). */
function request(
	params: Record<string, string>,
	query: Record<string, string[]> = {},
	body: ParsedBody = { kind: 'none' },
): RequestContext {
	return {
		method: 'GET',
		path: '/',
		rawQuery: '',
		headers: {},
		store: new SandboxStore(),
		clock: createClock(),
		params,
		query,
		body,
	};
}

/** What the route answered, or the status and detail of the HTTP error it raised (a 422 for a request refused). */
async function run(route: ReturnType<typeof operation>, context: RequestContext) {
	return Promise.resolve(route.handle(context)).catch((error: unknown) =>
		error instanceof HttpError ? { status: error.status, body: error.detail } : Promise.reject(error),
	);
}

/** Answers what it was given, with a status the answer check leaves alone. */
const echo = (_context: RequestContext, input: unknown) => jsonReply(418, input);

describe('operation(): a route by operationId on the generated contract', () => {
	test('method and path come from the document', () => {
		const route = operation('get-dataset-config-api-v-1-datasets-dataset-id-config-get', echo);
		expect(route).toMatchObject({
			operationId: 'get-dataset-config-api-v-1-datasets-dataset-id-config-get',
			method: 'GET',
			path: '/api/v1/datasets/{dataset_id}/config',
			auth: 'access-token',
		});
	});

	test('path and query are read as FastAPI reads them (types, defaults, last value) before the handler runs', async () => {
		const route = operation('get-dataset-by-id-api-v-1-datasets-dataset-id-get', echo);
		const upper = DATASET.toUpperCase();
		expect(await run(route, request({ dataset_id: upper }, { include_deleted: ['no', 'yes'] }))).toMatchObject({
			body: { path: { dataset_id: DATASET }, query: { include_deleted: true } },
		});
		expect(await run(route, request({ dataset_id: 'nope' }, { include_deleted: ['maybe'] }))).toEqual({
			status: 422,
			body: [
				{
					loc: ['path', 'dataset_id'],
					msg: 'Input should be a valid UUID, unable to parse string as a UUID',
					type: 'uuid_parsing',
				},
				{
					loc: ['query', 'include_deleted'],
					msg: 'Input should be a valid boolean, unable to interpret input',
					type: 'bool_parsing',
				},
			],
		});
	});

	test('rules refine the generated schema and report as pydantic does', async () => {
		const route = operation(
			'get-datasets-api-v-1-datasets-get',
			{ query: (query) => whole(fields(query, { skip: [ge(0)] }), (q) => (q.limit === 7 ? 'not seven' : undefined)) },
			echo,
		);
		expect(await run(route, request({}, { skip: ['-1'] }))).toEqual({
			status: 422,
			body: [{ loc: ['query', 'skip'], msg: 'Input should be greater than or equal to 0', type: 'greater_than_equal' }],
		});
		expect(await run(route, request({}, { limit: ['7'] }))).toEqual({
			status: 422,
			body: [{ loc: ['query'], msg: 'Value error, not seven', type: 'value_error' }],
		});
	});

	test('a body is required unless its schema admits null (then absent reads as null) or a rule says how absence reads', async () => {
		const required = operation('create-dataset-api-v-1-datasets-post', echo);
		expect(await run(required, request({}))).toEqual({
			status: 422,
			body: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
		});

		const nullable = operation(
			'get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post',
			echo,
		);
		expect(await run(nullable, request({ dataset_id: DATASET }))).toMatchObject({
			body: { body: null, query: { offset: 0, limit: 100 } },
		});

		const defaults = operation(
			'test-connection-api-v-0-connections-connection-name-or-id-test-post',
			{ absentBody: {} },
			echo,
		);
		expect(await run(defaults, request({ connection_name_or_id: 'demo_s3' }))).toMatchObject({
			body: { body: { location: '/', update_state: true } },
		});
	});

	test("an answer that is not the document's is the sandbox's mistake: it fails instead of reaching a node", async () => {
		const id = 'get-dataset-config-api-v-1-datasets-dataset-id-config-get';
		const wrongShape = operation(id, () => jsonReply(200, { dataset_id: 'x', embedding_id: [] }));
		await expect(run(wrongShape, request({ dataset_id: DATASET }))).rejects.toThrow(
			`sandbox answer of ${id} does not match the document: dataset_id: Input should be a valid UUID, unable to parse string as a UUID; ` +
				'embedding_id: Input should be a valid dictionary or object to extract fields from',
		);
		const wrongStatus = operation(id, () => jsonReply(201, {}));
		await expect(run(wrongStatus, request({ dataset_id: DATASET }))).rejects.toThrow(
			`is a 201; the document says ${operations[id].status}`,
		);
		const errors = operation(id, () => jsonReply(404, { detail: 'Dataset not found' }));
		expect(await run(errors, request({ dataset_id: DATASET }))).toMatchObject({ status: 404 });
		const described = operation('delete-ad-segments', { alsoAnswers: [204] }, () => ({ status: 204 }));
		expect(await run(described, request({ dataset_id: DATASET, asset_identifier_value: 'x' }))).toEqual({
			status: 204,
		});
	});
});

test('the router prefers a literal segment to a parameter, whatever the order of the routes', () => {
	const routes = [
		{ method: 'GET' as const, path: '/a/{id}/result', name: 'by id' },
		{ method: 'GET' as const, path: '/a/-/result', name: 'preview' },
	];
	for (const order of [routes, [...routes].reverse()]) {
		const router = new Router(order);
		expect(router.lookup('GET', '/a/-/result')).toMatchObject({ kind: 'found', route: { name: 'preview' } });
		expect(router.lookup('GET', '/a/7/result')).toMatchObject({
			kind: 'found',
			route: { name: 'by id' },
			params: { id: '7' },
		});
	}
});
