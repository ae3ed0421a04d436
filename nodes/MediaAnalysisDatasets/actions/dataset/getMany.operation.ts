import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import {
	booleanField,
	choice,
	collection,
	dateField,
	returnAllOrLimit,
	textField,
	UUID_LIST_EXAMPLE,
} from '../../../shared/descriptions';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { assetTypeOptions, DATASET, samplingOptions, statusOptions } from './fields';

/**
 * A filter where on and off both filter (datasets with celebrity detection on, or off): a Yes/No choice rather than a
 * checkbox, so that unticking never silently means "filter for off".
 */
const yesNoFilter = (displayName: string, name: string, what: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [
		{ name: 'Yes', value: true },
		{ name: 'No', value: false },
	],
	default: true,
	description: `Return only datasets ${what} (Yes), or only those without it (No)`,
});

export const option = { name: 'Get Many', description: 'List datasets', action: 'Get many datasets' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Filters', 'filters', 'Add Filter', [
		choice('Allowed Asset Types', 'allowedAssetTypes', assetTypeOptions, []),
		yesNoFilter('Celebrity Detection Enabled', 'celebrityDetectionEnabled', 'with celebrity detection on'),
		yesNoFilter('Context Studio Enabled', 'contextStudioEnabled', 'with Context Studio on'),
		dateField('Created After', 'createdAfter'),
		dateField('Created Before', 'createdBefore'),
		textField('Dataset IDs', 'datasetIds', UUID_LIST_EXAMPLE, 'Comma-separated dataset IDs'),
		booleanField(
			'Include Deleted',
			'includeDeleted',
			'Whether to include soft-deleted datasets. Off: only datasets that are not deleted.',
		),
		choice('Keyframe Sampling Method', 'keyframeSamplingMethod', samplingOptions, 'intelligent'),
		dateField('Last Updated After', 'lastUpdatedAfter'),
		dateField('Last Updated Before', 'lastUpdatedBefore'),
		textField('Name Pattern', 'namePattern', 'e.g. product', 'Return only datasets whose name matches this pattern'),
		yesNoFilter('New Video Data Model', 'newVideoDataModel', 'on the new video data model'),
		choice('Status', 'status', statusOptions, []),
		yesNoFilter('Store Original', 'storeOriginal', 'that keep originals'),
		yesNoFilter('Store Preview', 'storePreview', 'that keep previews'),
	]),
	...outputProperties(DATASET),
];

export const toolDescription =
	'Lists the datasets of the media library (collections of images and videos), up to the Limit. Needs nothing. Returns each dataset with its id (a UUID, which the other tools take), name, description, status and the asset types it takes.';

const DATE_FILTERS = {
	createdBefore: ['created_before', 'Created Before'],
	createdAfter: ['created_after', 'Created After'],
	lastUpdatedBefore: ['last_updated_before', 'Last Updated Before'],
	lastUpdatedAfter: ['last_updated_after', 'Last Updated After'],
} as const;

const PLAIN_FILTERS = {
	allowedAssetTypes: 'allowed_asset_types',
	celebrityDetectionEnabled: 'celebrity_detection_enabled',
	contextStudioEnabled: 'context_studio_enabled',
	keyframeSamplingMethod: 'keyframe_sampling_method',
	namePattern: 'name_pattern',
	newVideoDataModel: 'new_video_data_model',
	status: 'status',
	storeOriginal: 'store_original',
	storePreview: 'store_preview',
} as const;

/** The datasets the filters keep: each filter checked, then sent as the service's query parameters. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const filters = item.options('filters');
	const qs: IDataObject = {};
	for (const [field, key] of Object.entries(PLAIN_FILTERS)) {
		const value = filters[field];
		if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
		qs[key] = value;
	}
	for (const [field, [key, label]] of Object.entries(DATE_FILTERS)) {
		if (filters[field]) qs[key] = item.dateTime(filters[field], label);
	}
	// Off is the service's default; sent only when on.
	if (filters.includeDeleted === true) qs.include_deleted = true;
	if (filters.datasetIds) qs.dataset_ids = item.uuidList(filters.datasetIds, 'Dataset IDs');
	const datasets = await run.list('datasets.list', { qs, itemIndex, limit: 'parameters' });
	return datasets.map(shapeOutput(item, DATASET));
}
