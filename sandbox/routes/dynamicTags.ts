import type { DynamicTagGroupsResponse } from '../../nodes/shared/api';
import {
	listedVersions,
	type SortField,
	type TagGroupRecord,
	type TagGroupVersionRecord,
	toGroupVersionResponse,
} from '../dynamic-tags/model';
import { tagGroupListQuery, type TagGroupListQuery } from '../dynamic-tags/schemas';
import { jsonReply } from '../http';
import { validate } from '../validation';
import type { RouteDefinition } from './route';

type Row = { group: TagGroupRecord; version: TagGroupVersionRecord };
type Predicate = (row: Row) => boolean;

/**
 * Assumptions where the service does not say: `name` is exact and case-sensitive, `name_contains` ignores case;
 * `group_ids` keeps groups in the list, `exclude_group_ids` drops them; `created_user_id` and the created range
 * are about the group (the version has its own creator); `created_dt_from` is inclusive, `created_dt_to` exclusive;
 * `version_name` and `group_status` are about each row's version.
 */
function rowFilter(query: TagGroupListQuery): Predicate {
	const predicates: Predicate[] = [];
	const add = (condition: unknown, predicate: Predicate) => {
		if (condition !== undefined) predicates.push(predicate);
	};
	const { name, name_contains, version_name, group_status, group_ids, exclude_group_ids } = query;
	const { created_dt_from, created_dt_to, training_dataset_id } = query;
	add(name, ({ group }) => group.name === name);
	add(name_contains, ({ group }) => group.name.toLowerCase().includes(String(name_contains).toLowerCase()));
	add(version_name, ({ version }) => version.name === version_name);
	add(group_status, ({ version }) => version.status === group_status);
	add(group_ids, ({ group }) => group_ids!.includes(group.id));
	add(exclude_group_ids, ({ group }) => !exclude_group_ids!.includes(group.id));
	add(query.visual_encoder, ({ group }) => group.visualEncoder === query.visual_encoder);
	add(query.transcript_encoder, ({ group }) => group.transcriptEncoder === query.transcript_encoder);
	if (query.is_shareable) predicates.push(({ group }) => group.shareable);
	add(query.created_user_id, ({ group }) => group.createdBy === query.created_user_id);
	add(created_dt_from, ({ group }) => group.createdAt >= created_dt_from!);
	add(created_dt_to, ({ group }) => group.createdAt < created_dt_to!);
	add(training_dataset_id, ({ group }) => group.trainingDatasets.some((dataset) => dataset.id === training_dataset_id));
	return (row) => predicates.every((predicate) => predicate(row));
}

const SORT_KEYS: Record<SortField, (row: Row) => string | number> = {
	name: ({ group }) => group.name,
	version_name: ({ version }) => version.name,
	status: ({ version }) => version.status,
	created_dt: ({ version }) => version.createdAt,
	updated_dt: ({ version }) => version.updatedAt,
	group_created_dt: ({ group }) => group.createdAt,
};

/** The chosen field in the chosen direction; ties always by name, group id and version number, ascending. */
function compareRows(field: SortField, direction: 'asc' | 'desc') {
	const key = SORT_KEYS[field];
	const sign = direction === 'desc' ? -1 : 1;
	const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
	return (a: Row, b: Row) =>
		sign * compare(key(a), key(b)) ||
		compare(a.group.name, b.group.name) ||
		compare(a.group.id, b.group.id) ||
		a.version.number - b.version.number;
}

export const dynamicTagRoutes: RouteDefinition[] = [
	{
		method: 'GET',
		path: '/api/v3/dynamic-tags/groups',
		auth: 'access-token',
		handle(context) {
			const { query } = validate(context, { query: tagGroupListQuery }) as { query: TagGroupListQuery };
			const rows = context.store.dynamicTags.groups
				.flatMap((group) => listedVersions(group, query.include_versions).map((version) => ({ group, version })))
				.filter(rowFilter(query))
				.sort(compareRows(query.sort_field, query.sort_direction));
			const start = (query.page - 1) * query.per_page;
			const include = { trainingDatasets: query.include_training_datasets, tags: query.include_tags };
			const response: DynamicTagGroupsResponse = {
				meta: { page: { page: query.page, per_page: query.per_page }, has_next_page: start + query.per_page < rows.length },
				data: rows
					.slice(start, start + query.per_page)
					.map(({ group, version }) => toGroupVersionResponse(group, version, include)),
				sort: [{ field: query.sort_field, direction: query.sort_direction }],
			};
			return jsonReply(200, response);
		},
	},
];
