import { randomUUID } from 'node:crypto';
import { decodeToken, listBucket } from '../connections/bucket';
import { temporaryCredentials } from '../connections/credentials';
import {
	compareConnections,
	type ConnectionConfig,
	type ConnectionRecord,
	findConnection,
	settle,
	testOutcome,
	toConnectionResponse,
} from '../connections/model';
import {
	createConnection,
	listConnections,
	listWithConnection,
	MAX_KEYS,
	MAX_PAGE_SIZE,
	testConnection,
	updateConnection,
	variantOf,
} from '../connections/contract';
import { operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import type { SandboxStore } from '../store';
import { linkedPageMeta, type RequestContext, type RouteDefinition } from './route';

const BASE = '/api/v0/connections';

export const connectionRoutes: RouteDefinition[] = [
	operation('create-connection-api-v-0-connections-post', createConnection, (context, { body }) => {
		assertNameAvailable(context.store, body.name);
		const type = variantOf(body);
		if (!type) throw new HttpError(500, 'unreachable: variant checked by validation');
		const now = context.clock.now();
		const config = { type, ...(body.config as object) } as ConnectionConfig;
		if (config.type === 'aws_iam_role') config.bucket_name = config.bucket_name ?? null;
		const record: ConnectionRecord = {
			id: randomUUID(),
			name: body.name,
			description: body.description ?? null,
			config,
			status: 'pending',
			lastError: null,
			createdAt: now,
			updatedAt: now,
			credentialsIssued: 0,
		};
		// With a test location the service tests at once; without one the connection stays pending until it settles.
		if (body.test_location != null) {
			const outcome = testOutcome(config, body.test_location);
			record.status = outcome.status;
			record.lastError = outcome.error;
		}
		context.store.connections.records.set(record.id, record);
		return jsonReply(201, respond(context, record));
	}),
	// The id list arrives as an optional JSON body on this GET (null or absent: every connection).
	operation('list-connections-api-v-0-connections-get', listConnections, (context, { query, body: ids }) => {
		const { connections } = context.store;
		for (const record of connections.records.values()) settle(record, context.clock.now(), connections.settleMs);
		const matching = [...connections.records.values()]
			.filter(
				(record) =>
					(!query.status || record.status === query.status) &&
					(!query.connection_type || record.config.type === query.connection_type) &&
					(!ids || ids.includes(record.id)),
			)
			.sort(compareConnections);
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		const page = matching.slice(query.offset, query.offset + limit);
		return jsonReply(200, {
			meta: linkedPageMeta(BASE, context, query.offset, limit, matching.length),
			data: page.map((record) => respond(context, record)),
		});
	}),
	operation('get-connection-api-v-0-connections-connection-name-or-id-get', (context, { path }) =>
		jsonReply(200, respond(context, lookup(context, path.connection_name_or_id))),
	),
	operation(
		'update-connection-api-v-0-connections-connection-name-or-id-patch',
		updateConnection,
		(context, { path, body }) => {
			const record = lookup(context, path.connection_name_or_id);
			if (body.name !== record.name) assertNameAvailable(context.store, body.name);
			record.name = body.name;
			if (body.description !== undefined) record.description = body.description;
			record.updatedAt = context.clock.now();
			return jsonReply(200, respond(context, record));
		},
	),
	operation('delete-connection-api-v-0-connections-connection-name-or-id-delete', (context, { path }) => {
		const record = lookup(context, path.connection_name_or_id);
		context.store.connections.records.delete(record.id);
		return jsonReply(200, respond(context, record));
	}),
	operation(
		'get-connection-credentials-api-v-0-connections-connection-name-or-id-credentials-get',
		(context, { path }) => {
			const record = lookup(context, path.connection_name_or_id);
			if (record.config.type !== 'aws_iam_role') {
				throw new HttpError(
					400,
					`Connection '${record.name}' is of type ${record.config.type}; temporary credentials exist only for aws_iam_role connections`,
				);
			}
			assertReady(record);
			record.credentialsIssued++;
			return jsonReply(
				200,
				temporaryCredentials(record.id, record.credentialsIssued, record.config.session_ttl_seconds),
			);
		},
	),
	operation(
		'list-with-connection-api-v-0-connections-connection-name-or-id-list-post',
		listWithConnection,
		(context, { path, body }) => {
			const record = lookup(context, path.connection_name_or_id);
			const { config } = record;
			if (config.type !== 'aws_iam_role' || config.scope !== 's3') {
				throw new HttpError(
					400,
					`Connection '${record.name}' cannot list buckets: that needs an aws_iam_role connection with scope s3`,
				);
			}
			if (record.status === 'error') {
				throw new HttpError(
					400,
					`Connection '${record.name}' is in the error state: ${record.lastError ?? 'its last test failed'}`,
				);
			}
			if (config.bucket_name && config.bucket_name !== body.bucket) {
				throw new HttpError(
					400,
					`Connection '${record.name}' gives access to bucket '${config.bucket_name}' only, not '${body.bucket}'`,
				);
			}
			if (/broken/i.test(body.bucket)) {
				throw new HttpError(400, `Could not list bucket '${body.bucket}': access denied`);
			}
			if (body.continuation_token && decodeToken(body.continuation_token) === undefined) {
				throw new HttpError(400, 'The continuation token is not valid');
			}
			const page = listBucket(body.bucket, body.prefix, Math.min(body.max_keys, MAX_KEYS), body.continuation_token);
			return jsonReply(200, {
				bucket: body.bucket,
				prefix: body.prefix,
				keys: page.keys,
				common_prefixes: page.commonPrefixes,
				continuation_token: page.continuationToken,
			});
		},
	),
	// Every field has a default, so a request without a body tests '/' and updates the state.
	operation(
		'test-connection-api-v-0-connections-connection-name-or-id-test-post',
		testConnection,
		(context, { path, body }) => {
			const record = lookup(context, path.connection_name_or_id);
			const outcome = testOutcome(record.config, body.location);
			if (body.update_state) {
				record.status = outcome.status;
				record.lastError = outcome.error;
				record.updatedAt = context.clock.now();
			}
			return jsonReply(200, respond(context, record, outcome.status));
		},
	),
];

function respond(context: RequestContext, record: ConnectionRecord, status = record.status) {
	return toConnectionResponse(record, context.store.connections.echoSecrets, status);
}

function lookup(context: RequestContext, nameOrId: string): ConnectionRecord {
	const record = findConnection(context.store, nameOrId, context.clock.now());
	if (!record) throw new HttpError(404, `Connection '${nameOrId}' not found`);
	return record;
}

function assertReady(record: ConnectionRecord): void {
	if (record.status !== 'ready') {
		throw new HttpError(
			409,
			`Connection '${record.name}' is ${record.status}${record.lastError ? ` (${record.lastError})` : ''}; test it until it is ready`,
		);
	}
}

/** Names are unique in the organization; the status code for a clash is not published, 409 is this sandbox's choice. */
function assertNameAvailable(store: SandboxStore, name: string): void {
	if (findConnection(store, name)) throw new HttpError(409, `A connection named '${name}' already exists`);
}
