import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { TAG_GROUP_FIELDS, TAG_GROUP_STATUSES } from '../../../shared/enums.generated';
import {
	booleanField,
	choice,
	collection,
	datasetLocator,
	dateField,
	returnAllOrLimit,
	textField,
	UUID_LIST_EXAMPLE,
} from '../../../shared/descriptions';
import { outputProperties, recordFields, shapeOutput } from '../../../shared/output';
import { sortCollection, sortQuery } from '../../../shared/sort';

const STATUSES = TAG_GROUP_STATUSES.map((value) => ({
	name: value.replace(/(^|_)(\w)/g, (_, gap: string, letter: string) => `${gap && ' '}${letter.toUpperCase()}`),
	value,
})).sort((a, b) => a.name.localeCompare(b.name));

/**
 * A tag group version (18 fields), and what Output › Simplified keeps: what the group is, its status, and its tags
 * (the first 10, each with its tag ID and version, what the score operations take).
 */
const TAG_GROUP = recordFields('tag group', TAG_GROUP_FIELDS, [
	'group_id',
	'group_version_id',
	'name',
	'version_name',
	'status',
	'group_description',
	'tags_count',
	'tags_preview',
	'updated_dt',
]);

export const option = {
	name: 'Get Many',
	description: 'List tag groups, filtered and sorted',
	action: 'Get many tag groups',
};

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	...outputProperties(TAG_GROUP),
	collection('Filters', 'filters', 'Add Filter', [
		dateField('Created After', 'createdFrom', 'Return only groups created at or after this time'),
		dateField('Created Before', 'createdTo', 'Return only groups created before this time'),
		textField(
			'Created By',
			'createdBy',
			'e.g. auth0|6523f0a1b2c3d4e5f6a7b8c9',
			'Return only groups created by this user (user ID)',
		),
		textField('Exclude Group IDs', 'excludeGroupIds', UUID_LIST_EXAMPLE, 'Comma-separated IDs of groups to leave out'),
		textField('Group IDs', 'groupIds', UUID_LIST_EXAMPLE, 'Comma-separated IDs: return only these groups'),
		textField('Name', 'name', 'e.g. brand_safety', 'Return only the group with exactly this name'),
		textField('Name Contains', 'nameContains', 'e.g. sports', 'Return only groups whose name contains this text'),
		booleanField(
			'Shareable Only',
			'shareableOnly',
			'Whether to return only groups that can be shared. Off: shareable or not.',
		),
		choice('Status', 'status', STATUSES, 'published', 'Return only group versions in this status'),
		datasetLocator({
			displayName: 'Training Dataset',
			name: 'trainingDatasetId',
			required: false,
			description: 'Return only groups trained on this dataset',
		}),
		textField(
			'Transcript Encoder',
			'transcriptEncoder',
			'e.g. whisper-large-v3',
			'Return only groups that use this transcript encoder',
		),
		textField('Version Name', 'versionName', 'e.g. v2', 'Return only group versions with this name'),
		textField(
			'Visual Encoder',
			'visualEncoder',
			'e.g. multimodal-tx-large3',
			'Return only groups that use this visual encoder',
		),
	]),
	collection('Options', 'options', 'Add option', [
		booleanField('Include Tags', 'includeTags', 'Whether to add up to 10 tags of each group (tags_preview)'),
		booleanField(
			'Include Training Datasets',
			'includeTrainingDatasets',
			'Whether to add up to 10 training datasets of each group, with their scoring status',
		),
		booleanField(
			'Include Versions',
			'includeVersions',
			'Whether to return the latest draft and the latest published version of each group, one item each. Off: one item per group.',
		),
	]),
	sortCollection(
		[
			{ name: 'Created At', value: 'created_dt' },
			{ name: 'Group Created At', value: 'group_created_dt' },
			{ name: 'Name', value: 'name' },
			{ name: 'Status', value: 'status' },
			{ name: 'Updated At', value: 'updated_dt' },
			{ name: 'Version Name', value: 'version_name' },
		],
		'name',
		'groups (Created At and Updated At are those of the group version)',
	),
];

export const toolDescription =
	'Lists the dynamic tag groups of the organization (sets of tags the service scores videos for), up to the Limit; optionally filtered by name, status or training dataset. Needs nothing. Returns each group with its group_id, name, status and its first tags (tag_id, tag_version_id, name), which the score tools take.';

const TEXT_FILTERS = {
	createdBy: 'created_user_id',
	name: 'name',
	nameContains: 'name_contains',
	status: 'group_status',
	transcriptEncoder: 'transcript_encoder',
	versionName: 'version_name',
	visualEncoder: 'visual_encoder',
} as const;

// Yes/no options whose off is the service's default: sent only when on, so unticking never filters for false.
const INCLUDE_OPTIONS = {
	includeTags: 'include_tags',
	includeTrainingDatasets: 'include_training_datasets',
	includeVersions: 'include_versions',
} as const;

/** The tag groups the filters keep: filters and options checked, then sent as the service's query parameters. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const filters = item.options('filters');
	const options = item.options();
	const qs: IDataObject = {};
	for (const [field, key] of Object.entries(TEXT_FILTERS)) {
		const value = typeof filters[field] === 'string' ? (filters[field] as string).trim() : undefined;
		if (value) qs[key] = value;
	}
	if (filters.shareableOnly === true) qs.is_shareable = true;
	if (filters.groupIds) qs.group_ids = item.uuidList(filters.groupIds, 'Group IDs');
	if (filters.excludeGroupIds) qs.exclude_group_ids = item.uuidList(filters.excludeGroupIds, 'Exclude Group IDs');
	if (filters.createdFrom) qs.created_dt_from = item.dateTime(filters.createdFrom, 'Created After');
	if (filters.createdTo) qs.created_dt_to = item.dateTime(filters.createdTo, 'Created Before');
	if (filters.trainingDatasetId !== undefined) {
		qs.training_dataset_id = await item.datasetId('filters.trainingDatasetId', 'Training Dataset');
	}
	for (const [option, key] of Object.entries(INCLUDE_OPTIONS)) {
		if (options[option] === true) qs[key] = true;
	}
	Object.assign(qs, sortQuery(item));
	const groups = await run.list('dynamicTags.listGroups', { qs, itemIndex, limit: 'parameters' });
	return groups.map(shapeOutput(item, TAG_GROUP));
}
