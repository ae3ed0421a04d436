import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { connectionLocator } from '../../shared/descriptions';
import { assertConnectionName, assertJobId } from '../../shared/validation';

/** Assets per request: the service's cap for `/ingestion/assets` and deletes, used for images and videos too. */
export const MAX_ASSETS_PER_REQUEST = 100;

/** Image or video: the `asset_type` of an asset that is updated or deleted. */
export const assetTypeField: INodeProperties = {
	displayName: 'Asset Type',
	name: 'assetType',
	type: 'options',
	options: [
		{ name: 'Image', value: 'image' },
		{ name: 'Video', value: 'video' },
	],
	default: 'image',
};

/** The connection of an ingestion (sent as `connection_name`, which takes names). */
export function ingestionConnection(required: boolean, description: string): INodeProperties {
	return connectionLocator({ required, description }, { byId: false });
}

/** The connection name for one item, or null when the optional connection is left empty. */
export function getConnectionName(this: IExecuteFunctions, itemIndex: number, required: boolean): string | null {
	const value = this.getNodeParameter('connection', itemIndex, '', { extractValue: true });
	const text = typeof value === 'string' ? value.trim() : value;
	if (!required && (text === '' || text === undefined || text === null)) return null;
	return assertConnectionName.call(this, text, 'Connection', itemIndex);
}

/** An ingestion job: "From list" (the jobs list, newest change first) or "By ID" (24 hex characters). */
export const jobLocator: INodeProperties = {
	displayName: 'Job',
	name: 'jobId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The ingestion job. By ID also takes an expression, e.g. the ID that a create operation returned.',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a job...',
			typeOptions: { searchListMethod: 'searchIngestJobs', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 65f1a2b3c4d5e6f708192a3b',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*[0-9a-f]{24}\\s*$', errorMessage: 'Not a valid job ID (24 lowercase hex characters)' },
				},
			],
		},
	],
};

/** Reads the job locator for one item and checks the id before anything is sent. */
export function getJobId(this: IExecuteFunctions, itemIndex: number): string {
	const value = this.getNodeParameter('jobId', itemIndex, '', { extractValue: true });
	return assertJobId.call(this, value, 'Job', itemIndex);
}

/** "Using Fields Below" or "Using JSON" (the label style of every input mode): how one item's assets are given. */
export function inputModeField(what: string): INodeProperties {
	return {
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: `Enter the ${what} as fields (expressions take them from the item)` },
			{ name: 'Using JSON', value: 'json', description: `Give the ${what} as a JSON array` },
			{
				name: 'Using Item Fields',
				value: 'itemFields',
				description: 'Name the item fields that hold the URL and metadata; fastest for thousands of items (no expression per item)',
			},
		],
		default: 'fields',
	};
}

export const metadataField: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadata',
	type: 'json',
	default: '{}',
	description: 'A JSON object of metadata fields; values are text, numbers or booleans (dates as ISO text)',
};

export const combineItemsField: INodeProperties = {
	displayName: 'Combine Items',
	name: 'combineItems',
	type: 'boolean',
	default: false,
	description:
		'Whether to send the assets of all input items together, 100 per request, instead of one request per item. Each input item still gets its own output item, with the job that took its assets.',
};

/** What Simplify keeps of an ingestion job (18 fields): what it is, where it stands and when. */
export const SIMPLE_JOB_FIELDS = [
	'id',
	'dataset_id',
	'job_type',
	'status',
	'total_assets',
	'processed_assets',
	'errored_assets',
	'error_details',
	'created_dt',
	'finished_dt',
] as const;
