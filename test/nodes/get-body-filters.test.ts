/* Dev-only: the list filters the service reads from a GET body give, matched by the node, exactly what the body gives. */
import type { IDataObject } from 'n8n-workflow';

import { type ConnectionRecord, SEED_CONNECTION_IDS } from '../../sandbox/connections/model';
import { newRun, type QueryRecord, SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { DEMO_SYSTEM_USER_ID, DEMO_USER_ID } from '../../sandbox/seed';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { apiClient } from '../sandbox/helpers';
import { TYPES, useTestBed } from './setup';
import { byId } from '../support/locators';

const bed = useTestBed();
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const USERS = [DEMO_USER_ID, 'user-b', 'user-c'];

/** 250 connections of both types and every status, so lists span three pages of 100. */
function addConnections() {
	const base = Date.parse('2026-03-01T00:00:00Z');
	for (let i = 0; i < 250; i++) {
		const record: ConnectionRecord = {
			id: id(i),
			name: `bulk_${String(i).padStart(3, '0')}`,
			description: null,
			config:
				i % 2 === 0
					? { type: 'https_bearer', hostname: 'bulk.example.com', bearer_token: `bulk-token-${i}` }
					: {
							type: 'aws_iam_role',
							iam_role_arn: 'arn:aws:iam::123456789012:role/bulk',
							scope: 's3',
							bucket_name: null,
							session_ttl_seconds: 3600,
						},
			status: (['ready', 'pending', 'error'] as const)[i % 3],
			lastError: null,
			createdAt: base + i * 1000,
			updatedAt: base + i * 1000,
			credentialsIssued: 0,
		};
		bed.sandbox.store.connections.records.set(record.id, record);
	}
}

/** 250 queries by three users over two datasets. */
function addQueries() {
	const base = Date.parse('2026-05-01T00:00:00Z');
	for (let i = 0; i < 250; i++) {
		const record: QueryRecord = {
			id: id(i),
			datasetId: i % 2 === 0 ? SEED_DATASET_IDS.demoImages : SEED_DATASET_IDS.demoVideos,
			query: `SELECT ${i}`,
			type: 'SQL',
			parameters: null,
			embeddingId: null,
			createdAt: base + i * 1000,
			createdBy: USERS[i % 3],
			updatedAt: base + i * 1000,
			updatedBy: null,
			run: newRun(1, base + i * 1000, bed.sandbox.store.queries.timings),
		};
		bed.sandbox.store.queries.records.set(record.id, record);
	}
}

/** What the service answers when the filter goes as the GET body: every page of 100, cut at `limit`. */
async function withBody(path: string, qs: Record<string, string>, body: unknown, limit = Number.POSITIVE_INFINITY) {
	const api = await apiClient(bed.sandbox);
	const records: IDataObject[] = [];
	for (let offset = 0; ; offset += 100) {
		const reply = await api.get(
			`${path}?${new URLSearchParams({ ...qs, offset: String(offset), limit: '100' })}`,
			body,
		);
		expect(reply.status).toBe(200);
		records.push(...(reply.body.data as IDataObject[]));
		if (!reply.body.meta.links.next) break;
	}
	return records.slice(0, limit);
}

const page = (limit?: number) => (limit === undefined ? { returnAll: true } : { returnAll: false, limit });

beforeEach(() => {
	bed.sandbox.clock.freeze();
});

describe('Connections: Get Many by IDs', () => {
	const spread = [id(3), id(120), id(249), id(4), SEED_CONNECTION_IDS.s3, '0f0e0d0c-0b0a-4908-8706-050403020100'];
	test.each([
		['IDs across three pages, Return All', { ids: spread }],
		['IDs with a status and type, Return All', { ids: spread, status: 'ready', connectionType: 'https_bearer' }],
		['IDs in upper case, Limit 2', { ids: spread.map((value) => value.toUpperCase()), limit: 2 }],
		['one ID, repeated', { ids: [id(200), id(200)] }],
	])(
		'%s: the same connections in the same order as the GET body gives',
		async (
			_label,
			{
				ids,
				status,
				connectionType,
				limit,
			}: { ids: string[]; status?: string; connectionType?: string; limit?: number },
		) => {
			addConnections();
			const qs: Record<string, string> = {};
			if (status) qs.status = status;
			if (connectionType) qs.connection_type = connectionType;
			const expected = await withBody(
				'/api/v0/connections',
				qs,
				ids.map((value) => value.toLowerCase()),
				limit,
			);
			bed.sandbox.clearRequestLog();

			const { items, error } = await bed.harness.runNode({
				type: TYPES.connections,
				parameters: {
					resource: 'connection',
					operation: 'getMany',
					...page(limit),
					filters: { connectionIds: ids.join(', '), status, connectionType },
				},
			});
			expect(error).toBeUndefined();
			expect(expected.length).toBeGreaterThan(0);
			expect(items.map((item) => item.json.connection_id)).toEqual(expected.map((record) => record.connection_id));
			expect(items.map((item) => item.json.name)).toEqual(expected.map((record) => record.name));
			expect(bed.apiRequests().every((request) => request.method === 'GET' && request.body === null)).toBe(true);
		},
	);

	test('stops reading pages once every ID asked for was found', async () => {
		addConnections();
		await bed.harness.runNode({
			type: TYPES.connections,
			parameters: {
				resource: 'connection',
				operation: 'getMany',
				returnAll: true,
				filters: { connectionIds: `${id(1)}, ${id(2)}` },
			},
		});
		expect(bed.apiRequests().map((request) => request.query)).toEqual([{ offset: '0', limit: '100' }]);
	});
});

describe('Queries: Get Many by query IDs and users', () => {
	test.each([
		['query IDs across pages', { query_ids: [id(5), id(101), id(248), SEED_QUERY_IDS.imagesComplete] }],
		['users', { user_ids: ['user-b', 'user-c'] }],
		['users, Limit 130', { user_ids: ['user-b', 'user-c'], limit: 130 }],
		[
			'excluded users with a dataset and status',
			{ exclude_user_ids: [DEMO_USER_ID], dataset: SEED_DATASET_IDS.demoImages, status: 'Complete' },
		],
		[
			'all three together',
			{
				query_ids: [id(1), id(2), id(3), id(4), id(7)],
				user_ids: ['user-b', DEMO_USER_ID],
				exclude_user_ids: ['user-b'],
			},
		],
		['the system user', { user_ids: [DEMO_SYSTEM_USER_ID] }],
	])(
		'%s: the same queries in the same order as the GET body gives',
		async (
			_label,
			filter: {
				query_ids?: string[];
				user_ids?: string[];
				exclude_user_ids?: string[];
				dataset?: string;
				status?: string;
				limit?: number;
			},
		) => {
			addQueries();
			const qs: Record<string, string> = {};
			if (filter.dataset) qs.dataset_id = filter.dataset;
			if (filter.status) qs.status = filter.status;
			const body = {
				query_ids: filter.query_ids,
				user_ids: filter.user_ids,
				exclude_user_ids: filter.exclude_user_ids,
			};
			const expected = await withBody('/api/v1/queries', qs, body, filter.limit);
			bed.sandbox.clearRequestLog();

			const { items, error } = await bed.harness.runNode({
				type: TYPES.queries,
				parameters: {
					resource: 'query',
					operation: 'getMany',
					// The whole record, as the service's answer with the body has it.
					output: 'raw',
					...page(filter.limit),
					filters: {
						...(filter.query_ids ? { queryIds: filter.query_ids.join(', ') } : {}),
						...(filter.user_ids ? { userIds: filter.user_ids.join(', ') } : {}),
						...(filter.exclude_user_ids ? { excludeUserIds: filter.exclude_user_ids.join(', ') } : {}),
						...(filter.dataset ? { datasetId: byId(filter.dataset) } : {}),
						...(filter.status ? { status: filter.status } : {}),
					},
				},
			});
			expect(error).toBeUndefined();
			expect(expected.length).toBeGreaterThan(0);
			expect(items.map((item) => item.json)).toEqual(expected);
			expect(bed.apiRequests().every((request) => request.method === 'GET' && request.body === null)).toBe(true);
		},
	);
});
