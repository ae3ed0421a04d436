import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { limitForTools } from './aiTool';
import { listEndpoint } from './endpoints';
import { paginate, type ApiContext, type ApiRequest, type PageStyle } from './transport';
import type { WaitOptions } from './transport/waiting';

import { CONNECTION_NAME_PATTERN, UUID_PATTERN, assertNotEmpty, assertRange, assertUuid, invalidParameter, type NodeContext } from './validation';

const BY_ID_MODE = { displayName: 'By ID', name: 'id' };

/** The "By ID" mode of a locator whose IDs are UUIDs; spaces around the ID are allowed (the operation trims them). */
export function uuidMode(thing: string, overrides: Partial<INodePropertyMode> = {}): INodePropertyMode {
	return {
		// Spread: a mode has no default, and n8n's lint takes a literal with displayName, name and type for a parameter.
		...BY_ID_MODE,
		type: 'string',
		placeholder: 'e.g. 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
		validation: [
			{
				type: 'regex',
				properties: { regex: `^\\s*${UUID_PATTERN.slice(1, -1)}\\s*$`, errorMessage: `Not a valid ${thing} ID (a UUID)` },
			},
		],
		...overrides,
	};
}

/** A locator's "By Name" mode: the exact name, looked up when the node runs (read with `idByName`). */
export function nameMode(thing: string, example: string): INodePropertyMode {
	return {
		// Spread, as in uuidMode: a mode has no default.
		...{ displayName: 'By Name', name: 'name' },
		type: 'string',
		placeholder: `e.g. ${example}`,
		hint: `The exact name of the ${thing}; it is looked up when the node runs`,
	};
}

const DATASET_NAME_MODE = nameMode('dataset', 'demo_images');

/**
 * A dataset picker: "From list" (searchable by name), "By ID" and "By Name" (read with `resolveDatasetId`, which
 * looks the name up, or with `datasetsMatching` and `onlyIdNamed` outside an execution; `byName: false` where no
 * name can be looked up). Shared by every node that takes a dataset.
 */
export function datasetLocator(
	overrides: Partial<INodeProperties> & { name?: string } = {},
	{ byName = true }: { byName?: boolean } = {},
): INodeProperties {
	return {
		displayName: 'Dataset',
		name: 'datasetId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The dataset to work with',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a dataset...',
				typeOptions: { searchListMethod: 'searchDatasets', searchable: true },
			},
			uuidMode('dataset'),
			...(byName ? [DATASET_NAME_MODE] : []),
		],
		...overrides,
	};
}

/**
 * A video picker: "From list" (the videos of the dataset chosen in `datasetId`, ranked by the words typed, through
 * `searchVideos`) and "By ID" (its platform ID, `video_id`). Read it with `assertUuid`.
 */
export function videoLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Video',
		name: 'videoId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The video (its platform ID, video_id). The list searches the videos of the dataset above by the words typed.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Type words to find a video of the dataset...',
				typeOptions: { searchListMethod: 'searchVideos', searchable: true },
			},
			uuidMode('video', { placeholder: 'e.g. 2854d1fe-94d7-452c-970d-fb5aad6a481b' }),
		],
		...overrides,
	};
}

/** Reads a dataset locator for one item and checks it is a UUID before anything is sent. */
export function getDatasetId(this: IExecuteFunctions, itemIndex: number, parameter = 'datasetId', label = 'Dataset'): string {
	const value = this.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	return assertUuid.call(this, value, label, itemIndex);
}

/** Names already looked up in one node run (a run of 10,000 items naming one dataset costs one look-up). */
const resolvedNames = new WeakMap<object, Map<string, Promise<IDataObject[]>>>();

/** What a "By Name" locator looks names up among: `records` gives every candidate whose name may match. */
export interface NameLookup {
	/** The kind of record, in messages ("dataset", "concept"). */
	kind: string;
	records: (this: IExecuteFunctions, name: string, itemIndex: number) => Promise<IDataObject[]>;
	/** True when `records` lists every record whatever the name: one listing then serves every name of the run. */
	listsAll?: boolean;
	/** The record's ID field (`id` unless said). */
	idField?: string;
}

/**
 * The ID of the one record whose name is exactly the locator's value; looked up once per name in a node run. No
 * match, or several, is an error naming the parameter and the item and saying how to fix it.
 */
export async function idByName(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	{ kind, records, listsAll = false, idField = 'id' }: NameLookup,
): Promise<string> {
	const name = assertNotEmpty.call(this, this.getNodeParameter(parameter, itemIndex, '', { extractValue: true }), label, itemIndex);
	let cache = resolvedNames.get(this);
	if (!cache) resolvedNames.set(this, (cache = new Map()));
	const key = JSON.stringify(listsAll ? [kind] : [kind, name]);
	let lookup = cache.get(key);
	if (!lookup) {
		lookup = records.call(this, name, itemIndex);
		cache.set(key, lookup);
	}
	return onlyIdNamed.call(this, await lookup, name, { kind, label, itemIndex, idField });
}

/**
 * The ID of the one record among `records` whose name is exactly `name`. None, or several, is an error naming the
 * parameter and the item and saying how to fix it (any context: an execution, a poll, a list in the editor).
 */
export function onlyIdNamed(
	this: NodeContext,
	records: IDataObject[],
	name: string,
	{ kind, label, itemIndex, idField = 'id' }: { kind: string; label: string; itemIndex: number; idField?: string },
): string {
	const named = records.filter((record) => record.name === name);
	const ids = named.map((record) => record[idField]);
	if (ids.length === 1 && typeof ids[0] === 'string') return ids[0];
	throw invalidParameter.call(
		this,
		label,
		itemIndex,
		named.length === 0 ? `no ${kind} is named "${name}"` : `${named.length} ${kind}s are named "${name}"`,
		named.length === 0
			? `Check the exact name (names are case-sensitive), or choose the ${kind} From List.`
			: `Choose the ${kind} From List or By ID: ${ids.map(String).join(', ')}.`,
	);
}

/** True when the locator parameter is in its "By Name" mode. */
export function isByName(this: IExecuteFunctions, itemIndex: number, parameter: string): boolean {
	const locator = this.getNodeParameter(parameter, itemIndex, {}) as { mode?: string } | string;
	return typeof locator === 'object' && locator.mode === 'name';
}

/** The datasets whose name contains `name` (the service filters by a part of the name; the exact one is picked after). */
export function datasetsMatching(context: ApiContext, name: string, itemIndex?: number): Promise<IDataObject[]> {
	return paginate.call(context, ...listEndpoint('datasets.list', { qs: { name_pattern: name }, itemIndex }), { returnAll: true });
}

const datasetsNamed: NameLookup = {
	kind: 'dataset',
	records(name, itemIndex) {
		return datasetsMatching(this, name, itemIndex);
	},
};

/**
 * Reads a dataset locator that may be "By Name": the name is looked up among the datasets and its ID returned.
 * Other modes are read as `getDatasetId`.
 */
export async function resolveDatasetId(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter = 'datasetId',
	label = 'Dataset',
): Promise<string> {
	if (!isByName.call(this, itemIndex, parameter)) return getDatasetId.call(this, itemIndex, parameter, label);
	return await idByName.call(this, itemIndex, parameter, label, datasetsNamed);
}

/**
 * Return All + Limit, as on every n8n list operation. With `toolsFrom`, the Limit is TOOL_LIMIT by default from that
 * node version on when the node runs as an AI tool (`limitForTools`); earlier versions keep 50 either way.
 */
export function returnAllOrLimit(maxLimit?: number, { toolsFrom }: { toolsFrom?: number } = {}): INodeProperties[] {
	const limit: INodeProperties = {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	};
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		...(toolsFrom === undefined ? [limit] : limitForTools(limit, toolsFrom)),
	];
}

/**
 * Reads Return All / Limit for one item. Limit is checked like its field (a whole number, at least 1) before
 * anything is sent: an expression could otherwise give 0 (silently nothing), a negative number or a fraction (a
 * 422 from the service for `per_page=2.5`).
 */
export function getPageLimit(this: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? 0
		: assertRange.call(this, this.getNodeParameter('limit', itemIndex, 50), 'Limit', itemIndex, { min: 1 });
	return { returnAll, limit };
}

/** The records a list keeps under Return All / Limit, for answers the service sends in one page. */
export function withinLimit<T>(records: T[], { returnAll, limit }: { returnAll: boolean; limit: number }): T[] {
	return returnAll ? records : records.slice(0, limit);
}

/** A list operation's records for one item: every page of `request` up to the item's Return All / Limit. */
export async function paginateForItem(
	this: IExecuteFunctions,
	itemIndex: number,
	request: ApiRequest,
	style: PageStyle,
): Promise<IDataObject[]> {
	return await paginate.call(this, { ...request, itemIndex }, style, getPageLimit.call(this, itemIndex));
}

/**
 * Wait for Completion and its poll interval and timeout: the same three fields on every operation that starts
 * something long-running (ingestion jobs, queries).
 */
export function waitForCompletionFields(subject: string, description?: string): INodeProperties[] {
	return [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: description ?? `Whether to wait until the ${subject} has finished before this node outputs it. Off: the node returns at once.`,
		},
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			default: 5,
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			displayOptions: { show: { waitForCompletion: [true] } },
			description: `How often to ask the service whether the ${subject} has finished`,
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'waitTimeout',
			type: 'number',
			default: 600,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { waitForCompletion: [true] } },
			description: `How long to wait in total before failing with the last status seen; the ${subject} keeps running on the service`,
		},
	];
}

/** Reads Wait for Completion for one item: undefined when the node should return at once. */
export function getWaitOptions(this: IExecuteFunctions, itemIndex: number): WaitOptions | undefined {
	if (!(this.getNodeParameter('waitForCompletion', itemIndex, false) as boolean)) return undefined;
	return {
		pollIntervalSeconds: assertRange.call(this, this.getNodeParameter('pollInterval', itemIndex, 5), 'Poll Interval', itemIndex, { min: 0.1, integer: false }),
		timeoutSeconds: assertRange.call(this, this.getNodeParameter('waitTimeout', itemIndex, 600), 'Timeout', itemIndex, { min: 1, integer: false }),
	};
}

/**
 * A connection picker: "From list" (searchable), "By Name", and "By ID" unless `byId` is false (fields sent as
 * `connection_name` take names only). The list and name modes hold the connection name.
 */
export function connectionLocator(
	overrides: Partial<INodeProperties> & { name?: string } = {},
	{ byId = true }: { byId?: boolean } = {},
): INodeProperties {
	const locator: INodeProperties = {
		displayName: 'Connection',
		name: 'connection',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The connection to work with',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a connection...',
				typeOptions: { searchListMethod: 'searchConnections', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. product_bucket',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^\\s*${CONNECTION_NAME_PATTERN.slice(1, -1)}\\s*$`,
							errorMessage: 'Not a valid connection name (3 to 255 lowercase letters, digits and underscores)',
						},
					},
				],
			},
			uuidMode('connection'),
		],
		...overrides,
	};
	return byId ? locator : { ...locator, modes: locator.modes?.filter((mode) => mode.name !== 'id') };
}

/**
 * Reads a connection locator for one item: a UUID in "By ID" mode, otherwise a name. Either goes into
 * `connection_name_or_id` paths; the caller URL-encodes it.
 */
export function getConnectionRef(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter = 'connection',
	label = 'Connection',
): string {
	const locator = this.getNodeParameter(parameter, itemIndex, {}) as { mode?: string; value?: unknown } | string;
	const mode = typeof locator === 'object' ? locator.mode : undefined;
	const value = this.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	if (mode === 'id') return assertUuid.call(this, value, label, itemIndex);
	return assertNotEmpty.call(this, value, label, itemIndex);
}

/** The ingestion job statuses (IngestJobStatusEnum), for the Ingestion node's filter and the Trigger's. */
export const jobStatusOptions = [
	{ name: 'Completed', value: 'completed' },
	{ name: 'Failed', value: 'failed' },
	{ name: 'In Progress', value: 'in_progress' },
	{ name: 'Paused', value: 'paused' },
	{ name: 'Pending', value: 'pending' },
	{ name: 'Stopped', value: 'stopped' },
	{ name: 'Stopping', value: 'stopping' },
];
