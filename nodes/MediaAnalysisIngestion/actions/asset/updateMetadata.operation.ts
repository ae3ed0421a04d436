import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type {
	CreateIngestJobForMetadataRequest as MetadataRequest,
	ExistingAssetMetadataUpdate as MetadataUpdate,
} from '../../../shared/schemas.generated';
import { datasetLocator, textField, waitForCompletionFields } from '../../../shared/descriptions';
import { metadataEntryFields, readEntries, readEntryMetadata, readMetadata } from '../../helpers/metadata';
import { assetTypeField } from './fields';
import { createJob } from '../../../shared/ingestJobs';

const identifyFields: INodeProperties[] = [
	{
		displayName: 'Identify By',
		name: 'identifyBy',
		type: 'options',
		options: [
			{ name: 'Platform ID', value: 'assetId' },
			{ name: 'Source Path', value: 'sourcePath' },
		],
		default: 'assetId',
	},
	{
		displayName: 'Platform ID or Source Path',
		name: 'identifier',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
	},
	assetTypeField,
];

/** The Assets list: each asset's metadata as pairs, item fields or JSON. */
const updatesList: INodeProperties = {
	displayName: 'Assets',
	name: 'updates',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Asset',
	default: { update: [{ identifyBy: 'assetId', identifier: '' }] },
	displayOptions: { show: { updatesFrom: ['fields'] } },
	options: [{ displayName: 'Asset', name: 'update', values: [...identifyFields, ...metadataEntryFields] }],
};

export const option = {
	name: 'Update Metadata',
	description: 'Overwrite, add or remove metadata of ingested assets',
	action: 'Update the metadata of assets',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset whose assets to update' }, { byName: true }),
	{
		displayName: 'Update Type',
		name: 'updateType',
		type: 'options',
		options: [
			{ name: 'Create or Update', value: 'upsert' },
			{ name: 'Overwrite', value: 'overwrite' },
			{ name: 'Remove', value: 'remove' },
		],
		default: 'upsert',
		description:
			"Create or Update adds the fields given and changes those that exist; Overwrite replaces each asset's metadata with the fields given; Remove deletes the fields named (their values are ignored)",
	},
	{
		displayName: 'Updates From',
		name: 'updatesFrom',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: 'Enter each asset and its metadata as fields' },
			{ name: 'Using a File', value: 'file', description: 'A CSV or JSON file of updates in a bucket' },
			{ name: 'Using JSON', value: 'json', description: 'A JSON array of updates' },
		],
		default: 'fields',
	},
	updatesList,
	{
		displayName: 'Updates (JSON)',
		name: 'updatesJson',
		type: 'json',
		default: '[]',
		required: true,
		displayOptions: { show: { updatesFrom: ['json'] } },
		description:
			'A JSON array of updates, e.g. [{"asset_id": "3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c", "asset_type": "image", "metadata": {"campaign": "spring"}}]; source_path may replace asset_id',
	},
	textField(
		'File Path',
		'sourcePath',
		'e.g. s3://my-bucket/manifests/metadata.csv',
		'A CSV or JSON file listing the assets and their metadata',
		{ required: true, displayOptions: { show: { updatesFrom: ['file'] } } },
	),
	...waitForCompletionFields('metadata update job'),
];

/** An update as JSON: asset_type, asset_id or source_path, and metadata. */
function updateFromJson(item: Item, object: IDataObject, position: number): MetadataUpdate {
	const refuse = (problem: string) => item.invalid('Updates (JSON)', `entry ${position} ${problem}`, UPDATE_FIX);
	if (object.asset_type !== 'image' && object.asset_type !== 'video') throw refuse('has no asset_type image or video');
	const update: MetadataUpdate = { asset_type: object.asset_type };
	if (object.asset_id !== undefined && object.asset_id !== null) {
		update.asset_id = item.uuid(object.asset_id, 'Updates (JSON)');
	} else if (typeof object.source_path === 'string' && object.source_path.trim() !== '') {
		update.source_path = object.source_path.trim();
	} else {
		throw refuse('has neither asset_id nor source_path');
	}
	const metadata = readMetadata(item, object.metadata, 'Updates (JSON)');
	if (metadata) update.metadata = metadata as MetadataUpdate['metadata'];
	return update;
}

function updateFromFields(item: Item, entry: IDataObject): MetadataUpdate {
	const update: MetadataUpdate = { asset_type: (entry.assetType as MetadataUpdate['asset_type']) ?? 'image' };
	if (entry.identifyBy === 'sourcePath') {
		update.source_path = item.notEmpty(entry.identifier, 'Source Path');
	} else {
		update.asset_id = item.uuid(entry.identifier, 'Platform ID');
	}
	const metadata = readEntryMetadata(item, entry);
	if (metadata) update.metadata = metadata as MetadataUpdate['metadata'];
	return update;
}

const UPDATE_FIX = 'Each update is an object with asset_type (image or video), asset_id or source_path, and metadata.';

export const toolDescription =
	'Changes the metadata of images or videos already in a dataset: overwrite it, add keys or remove keys. Needs the dataset (its ID, a UUID, or its exact name), the assets (asset IDs or source paths) and the metadata. Returns the job that applies the change.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item) {
	const body: MetadataRequest = {
		dataset_id: await item.datasetId(),
		update_type: item.param<MetadataRequest['update_type']>('updateType', 'upsert'),
	};
	const from = item.param<string>('updatesFrom', 'fields');
	if (from === 'file') {
		body.source_path = item.notEmpty(item.param('sourcePath', ''), 'File Path');
	} else {
		const json = {
			name: 'updatesJson',
			parameter: 'Updates (JSON)',
			allowed: ['asset_id', 'source_path', 'asset_type', 'metadata'],
			fix: UPDATE_FIX,
			read: (entry: IDataObject, position: number) => updateFromJson(item, entry, position),
		};
		body.update_assets = readEntries(item, {
			json: from === 'json' ? json : undefined,
			fields: { path: 'updates.update', read: (entry) => updateFromFields(item, entry) },
			empty: ['Assets', 'there are no updates', 'Add at least one asset to update.'],
		});
	}
	const job = await createJob(item, 'ingestion.createIngestJobForMetadata', body);
	// One asset updated: the output names it at the top, as it was identified (the other null).
	const single = body.update_assets?.length === 1 ? body.update_assets[0] : undefined;
	if (!single) return job;
	return { asset_id: single.asset_id ?? null, source_path: single.source_path ?? null, ...job };
}
