import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { findConnection } from '../connections/model';
import { HttpError, jsonReply, type Reply } from '../http';
import {
	ACTIVE_STATUSES,
	compareQueries,
	hasCode,
	newRun,
	type QueryRecord,
	toCsv,
	toQueryResponse,
} from '../queries/model';
import { tableSchemas } from '../queries/tables';
import { validationError } from '../validation';
import { createQuery, exportQuery, listQueries, MAX_PAGE_SIZE, queryResults } from '../queries/contract';
import { operation } from '../contract';
import { linkedPageMeta, liveDataset, principalOf, type RequestContext, type RouteDefinition } from './route';

const BASE = '/api/v1/queries';
/** Where results links point: a stand-in for the object storage a real service would presign. */
export const RESULTS_FILE_PATH = '/sandbox-storage/query-results';
/** The name of the platform's own export target (the OpenAPI default of `connection_name`). */
const BUILT_IN_CONNECTION = 'coactive';
const LINK_KEY = 'sandbox-results-link-key';

export const queryRoutes: RouteDefinition[] = [
	operation('list-tables-api-v-1-datasets-dataset-id-tables-get', (context, { path }) =>
		jsonReply(200, { tables: tablesIn(context, path.dataset_id) }),
	),
	operation('get-table-api-v-1-datasets-dataset-id-tables-table-name-get', (context, { path }) => {
		const table = tablesIn(context, path.dataset_id).find((entry) => entry.name === path.table_name);
		// Assumed: an unknown table is a 404 (the document lists only 200 and 422).
		if (!table) throw new HttpError(404, `Table '${path.table_name}' not found`);
		return jsonReply(200, table);
	}),
	operation('create-query-api-v-1-queries-post', createQuery, (context, { body }) => {
		const dataset = liveDataset(context.store, body.dataset_id);
		if (body.embedding_id && body.embedding_id !== dataset.embeddingId) {
			throw new HttpError(400, `Embedding ${body.embedding_id} does not belong to dataset ${dataset.id}`);
		}
		if (body.check_validity && body.type === 'SQL') {
			// The sandbox's check_validity: the SQL must compile against the dataset's tables and only read them.
			const problem = context.store.queries.invalidity(dataset.id, body.query);
			if (problem) {
				throw validationError([
					{ loc: ['body', 'query'], msg: `Value error, the query is not valid SQL: ${problem}`, type: 'value_error' },
				]);
			}
		}
		const now = context.clock.now();
		const record: QueryRecord = {
			id: randomUUID(),
			datasetId: dataset.id,
			query: body.query,
			type: body.type,
			parameters: body.parameters ?? null,
			embeddingId: body.embedding_id ?? null,
			createdAt: now,
			createdBy: principalOf(context).userId,
			updatedAt: now,
			updatedBy: null,
			// Creating a query queues its first run.
			run: newRun(1, now, context.store.queries.timings),
		};
		context.store.queries.records.set(record.id, record);
		return jsonReply(201, respond(context, record, now));
	}),
	operation('list-queries-api-v-1-queries-get', listQueries, (context, { query, body }) => {
		const now = context.clock.now();
		const matching = [...context.store.queries.records.values()]
			.filter((record) => {
				if (query.status && context.store.queries.stateAt(record, now).status !== query.status) return false;
				if (query.dataset_id && record.datasetId !== query.dataset_id) return false;
				if (query.query_types && record.type !== query.query_types) return false;
				if (query.exclude_no_code && !hasCode(record)) return false;
				if (query.exclude_code && hasCode(record)) return false;
				if (body?.query_ids && !body.query_ids.includes(record.id)) return false;
				if (body?.user_ids && !body.user_ids.includes(record.createdBy)) return false;
				if (body?.exclude_user_ids?.includes(record.createdBy)) return false;
				return true;
			})
			.sort(compareQueries);
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		return jsonReply(200, {
			meta: linkedPageMeta(BASE, context, query.offset, limit, matching.length),
			data: matching.slice(query.offset, query.offset + limit).map((record) => respond(context, record, now)),
		});
	}),
	operation('get-query-api-v-1-queries-query-id-get', (context, { path }) =>
		jsonReply(200, respond(context, lookup(context, path.query_id), context.clock.now())),
	),
	operation('delete-query-api-v-1-queries-query-id-delete', (context, { path }) => {
		const record = lookup(context, path.query_id);
		const answer = respond(context, record, context.clock.now());
		context.store.queries.records.delete(record.id);
		return jsonReply(200, answer);
	}),
	operation('run-query-api-v-1-queries-query-id-run-post', (context, { path }) => {
		const record = lookup(context, path.query_id);
		const now = context.clock.now();
		const { status } = context.store.queries.stateAt(record, now);
		if (ACTIVE_STATUSES.includes(status)) {
			throw new HttpError(
				409,
				`Query ${record.id} is ${status}; stop it or wait for it to finish before running it again`,
			);
		}
		record.run = newRun(record.run.number + 1, now, context.store.queries.timings);
		touch(context, record, now);
		return jsonReply(201, respond(context, record, now));
	}),
	operation('stop-query-api-v-1-queries-query-id-stop-post', (context, { path }) => {
		const record = lookup(context, path.query_id);
		const now = context.clock.now();
		const { status } = context.store.queries.stateAt(record, now);
		if (status === 'Queued' || status === 'Running') {
			record.run.stopRequestedAt = now;
			touch(context, record, now);
		} else if (status !== 'Stopping') {
			throw new HttpError(409, `Query ${record.id} is ${status}; only a queued or running query can be stopped`);
		}
		return jsonReply(200, respond(context, record, now));
	}),
	operation('cancel-query-api-v-1-queries-query-id-cancel-post', (context, { path }) => {
		const record = lookup(context, path.query_id);
		const now = context.clock.now();
		const { status } = context.store.queries.stateAt(record, now);
		if (!ACTIVE_STATUSES.includes(status)) {
			throw new HttpError(
				409,
				`Query ${record.id} is ${status}; only a queued, running or stopping query can be cancelled`,
			);
		}
		record.run.cancelledAt = now;
		touch(context, record, now);
		return jsonReply(200, respond(context, record, now));
	}),
	operation('get-query-results-url-api-v-1-queries-query-id-results-get', queryResults, (context, { path, query }) => {
		const record = lookup(context, path.query_id);
		const now = context.clock.now();
		assertComplete(context, record, now, 'Its results are');
		const expires = Math.floor(now / 1000) + query.expiration_seconds;
		const disposition = query.url_format === 'download' ? 'attachment' : 'inline';
		const params = new URLSearchParams({
			run: String(record.run.number),
			expires: String(expires),
			disposition,
			signature: sign(record.id, record.run.number, expires, disposition),
		});
		const host = context.headers.host ?? '127.0.0.1';
		return jsonReply(200, {
			query_id: record.id,
			download_url: `http://${host}${RESULTS_FILE_PATH}/${record.id}.csv?${params.toString()}`,
		});
	}),
	operation('export-query-api-v-1-queries-query-id-exports-post', exportQuery, (context, { path, body }) => {
		const record = lookup(context, path.query_id);
		const now = context.clock.now();
		const state = assertComplete(context, record, now, 'It can be exported');
		const connectionName = body.connection_name ?? BUILT_IN_CONNECTION;
		if (connectionName !== BUILT_IN_CONNECTION) {
			const connection = findConnection(context.store, connectionName, now);
			if (!connection) throw new HttpError(404, `Connection '${connectionName}' not found`);
			if (connection.status !== 'ready') {
				throw new HttpError(409, `Connection '${connectionName}' is ${connection.status}; test it until it is ready`);
			}
		}
		const rows = state.outcome?.kind === 'complete' ? state.outcome.count : 0;
		const exportId = randomUUID();
		context.store.queries.exports.push({
			exportId,
			queryId: record.id,
			connectionName,
			exportType: body.export_type,
			targetBucket: body.target_bucket,
			targetPrefix: body.target_prefix,
			rows,
			at: now,
		});
		return jsonReply(200, {
			query_id: record.id,
			export_id: exportId,
			status: 'Queued',
			message: `Exporting ${rows} rows as ${body.export_type} to ${body.target_bucket}/${body.target_prefix} with connection '${connectionName}'`,
		});
	}),
	{
		// The results file behind a download link: no bearer token, the signature is the authorization.
		method: 'GET',
		path: `${RESULTS_FILE_PATH}/{file}`,
		auth: 'none',
		handle(context): Reply {
			const id = /^(.+)\.csv$/.exec(context.params.file ?? '')?.[1] ?? '';
			const read = (key: string) => {
				const values = context.query[key];
				return values?.[values.length - 1] ?? '';
			};
			const run = Number(read('run'));
			const expires = Number(read('expires'));
			const disposition = read('disposition');
			const record = context.store.queries.records.get(id);
			const expected = sign(id, run, expires, disposition);
			const given = Buffer.from(read('signature'));
			if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
				return textReply(403, 'SignatureDoesNotMatch: the link is not valid');
			}
			if (Math.floor(context.clock.now() / 1000) > expires) return textReply(403, 'AccessDenied: Request has expired');
			const state =
				record && record.run.number === run ? context.store.queries.stateAt(record, context.clock.now()) : undefined;
			if (!record || state?.outcome?.kind !== 'complete')
				return textReply(404, 'NoSuchKey: the results no longer exist');
			if (!state.outcome.rows) {
				return textReply(
					404,
					`NoSuchKey: the sandbox dropped the rows of this run to keep at most ${context.store.queries.maxKeptRows} result rows; run the query again`,
				);
			}
			return {
				status: 200,
				raw: toCsv(state.outcome.columns, state.outcome.rows),
				headers: {
					'content-type': 'text/csv; charset=utf-8',
					'content-disposition': `${disposition}; filename="${record.id}.csv"`,
				},
			};
		},
	},
];

function textReply(status: number, text: string): Reply {
	return { status, raw: text, headers: { 'content-type': 'text/plain; charset=utf-8' } };
}

function sign(id: string, run: number, expires: number, disposition: string): string {
	return createHmac('sha256', LINK_KEY).update(`${id}:${run}:${expires}:${disposition}`).digest('hex');
}

/** The tables a query over the dataset reads, with their columns (404 for an unknown or deleted dataset). */
function tablesIn(context: RequestContext, datasetId: string) {
	const dataset = liveDataset(context.store, datasetId);
	return tableSchemas(dataset.allowedAssetTypes, context.store.concepts, dataset.id);
}

function respond(context: RequestContext, record: QueryRecord, now: number) {
	return toQueryResponse(record, context.store.queries.stateAt(record, now));
}

function lookup(context: RequestContext, id: string): QueryRecord {
	const record = context.store.queries.records.get(id);
	if (!record) throw new HttpError(404, 'Query not found');
	return record;
}

function touch(context: RequestContext, record: QueryRecord, now: number): void {
	record.updatedAt = now;
	record.updatedBy = principalOf(context).userId;
}

/** Results and exports exist only for a complete run; 409 (this sandbox's choice) otherwise. */
function assertComplete(context: RequestContext, record: QueryRecord, now: number, what: string) {
	const state = context.store.queries.stateAt(record, now);
	if (state.status !== 'Complete') {
		throw new HttpError(409, `Query ${record.id} is ${state.status}. ${what} available once it is Complete.`);
	}
	return state;
}
