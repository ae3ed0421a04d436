import type { INodeProperties, INodePropertyMode, INodePropertyOptions } from 'n8n-workflow';

import { limitForTools } from './aiTool';
import { listLocator } from './node';
import type { IngestJobStatusEnum } from './schemas.generated';
import { WAIT_DEFAULTS } from './run';
import { CONNECTION_NAME_PATTERN, UUID_PATTERN } from './validation';

/** Parameter builders several nodes share; their readers are in `readers.ts`. */

/** An "Add Filter" / "Add option" / "Add Field" collection. */
export function collection(
	displayName: string,
	name: string,
	placeholder: string,
	options: INodeProperties['options'],
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}

export const UUID_LIST_EXAMPLE = 'e.g. 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c, 7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

/** A text parameter that starts empty. */
export function textField(
	displayName: string,
	name: string,
	placeholder: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return { displayName, name, type: 'string', default: '', placeholder, description, ...extra };
}

/** A yes/no parameter (off unless `defaultValue`). */
export function booleanField(
	displayName: string,
	name: string,
	description: string,
	defaultValue = false,
): INodeProperties {
	// Literal defaults: n8n's lint reads a boolean parameter's default as written.
	const field: INodeProperties = { displayName, name, type: 'boolean', default: false, description };
	return defaultValue ? { ...field, default: true } : field;
}

/** A date and time parameter that starts empty. */
export function dateField(displayName: string, name: string, description?: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', ...(description ? { description } : {}) };
}

/** A pick from a list: several ("multiOptions") when the default is a list, else one. */
export function choice(
	displayName: string,
	name: string,
	options: INodePropertyOptions[],
	defaultValue: string | string[],
	description?: string,
): INodeProperties {
	const type = Array.isArray(defaultValue) ? 'multiOptions' : 'options';
	return { displayName, name, type, options, default: defaultValue, ...(description ? { description } : {}) };
}

/** A number parameter. */
export function numberField(
	displayName: string,
	name: string,
	defaultValue: number,
	description: string,
	typeOptions: INodeProperties['typeOptions'],
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return { displayName, name, type: 'number', default: defaultValue, typeOptions, description, ...extra };
}

/** A mode's check that its value is the whole of `pattern` (`^…$`), with spaces around it (the operation trims them). */
function spacesAround(pattern: string, errorMessage: string): INodePropertyMode['validation'] {
	return [{ type: 'regex', properties: { regex: `^\\s*${pattern.slice(1, -1)}\\s*$`, errorMessage } }];
}

/** The "By ID" mode of a locator whose IDs are UUIDs; spaces around the ID are allowed (the operation trims them). */
export function uuidMode(thing: string, overrides: Partial<INodePropertyMode> = {}): INodePropertyMode {
	return {
		// Spread: a mode has no default, and n8n's lint takes a literal with displayName, name and type for a parameter.
		...{ displayName: 'By ID', name: 'id' },
		type: 'string',
		placeholder: 'e.g. 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
		validation: spacesAround(UUID_PATTERN, `Not a valid ${thing} ID (a UUID)`),
		...overrides,
	};
}

/** A locator's "By Name" mode; with `lookedUp`, the exact name of that thing, looked up when the node runs (`idByName`). */
export function nameMode(example: string, lookedUp?: string): INodePropertyMode {
	return {
		// Spread, as in uuidMode.
		...{ displayName: 'By Name', name: 'name' },
		type: 'string',
		placeholder: `e.g. ${example}`,
		...(lookedUp ? { hint: `The exact name of the ${lookedUp}; it is looked up when the node runs` } : {}),
	};
}

/** A dataset picker: "From list", "By ID" and "By Name" (read with `resolveDatasetId`). */
export function datasetLocator(
	overrides: Partial<INodeProperties> & { name?: string } = {},
	{ byName = true }: { byName?: boolean } = {},
): INodeProperties {
	return listLocator(
		{ displayName: 'Dataset', name: 'datasetId', description: 'The dataset to work with', ...overrides },
		'a dataset',
		'searchDatasets',
		[uuidMode('dataset'), ...(byName ? [nameMode('demo_images', 'dataset')] : [])],
	);
}

/** A video picker: "From list" (the videos of the dataset chosen in `datasetId`) and "By ID" (`video_id`). */
export function videoLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return listLocator(
		{
			displayName: 'Video',
			name: 'videoId',
			description:
				'The video (its platform ID, video_id). The list searches the videos of the dataset above by the words typed.',
			...overrides,
		},
		'a video',
		'searchVideos',
		[uuidMode('video', { placeholder: 'e.g. 2854d1fe-94d7-452c-970d-fb5aad6a481b' })],
		'Type words to find a video of the dataset...',
	);
}

/** Return All + Limit; with `toolLimit`, the Limit is TOOL_LIMIT by default when the node runs as an AI tool. */
export function returnAllOrLimit(
	maxLimit?: number,
	{ toolLimit = false }: { toolLimit?: boolean } = {},
): INodeProperties[] {
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
		booleanField('Return All', 'returnAll', 'Whether to return all results or only up to a given limit'),
		...(toolLimit ? limitForTools(limit) : [limit]),
	];
}

/**
 * Wait for Completion and its poll interval and timeout, on every operation that starts something long-running. It
 * stays at the top level: it decides what the node outputs, and other fields hang on it.
 */
export function waitForCompletionFields(subject: string, description?: string): INodeProperties[] {
	const { pollIntervalSeconds, timeoutSeconds } = WAIT_DEFAULTS;
	return [
		booleanField(
			'Wait for Completion',
			'waitForCompletion',
			description ??
				`Whether to wait until the ${subject} has finished before this node outputs it. Off: the node returns at once.`,
		),
		numberField(
			'Poll Interval (Seconds)',
			'pollInterval',
			pollIntervalSeconds,
			`How often to ask the service whether the ${subject} has finished`,
			// Whole seconds in the editor ("5", not "5.0"); an expression may give a fraction down to 0.1 (`getWaitOptions`).
			{ minValue: 1, numberPrecision: 0 },
			{ displayOptions: { show: { waitForCompletion: [true] } } },
		),
		numberField(
			'Timeout (Seconds)',
			'waitTimeout',
			timeoutSeconds,
			`How long to wait in total before failing with the last status seen; the ${subject} keeps running on the service`,
			{ minValue: 1 },
			{ displayOptions: { show: { waitForCompletion: [true] } } },
		),
	];
}

/** A connection picker: "From list", "By Name", and "By ID" unless `byId` is false (`connection_name` fields). */
export function connectionLocator(
	overrides: Partial<INodeProperties> & { name?: string } = {},
	{ byId = true }: { byId?: boolean } = {},
): INodeProperties {
	return listLocator(
		{ displayName: 'Connection', name: 'connection', description: 'The connection to work with', ...overrides },
		'a connection',
		'searchConnections',
		[
			{
				...nameMode('product_bucket'),
				validation: spacesAround(
					CONNECTION_NAME_PATTERN,
					'Not a valid connection name (3 to 255 lowercase letters, digits and underscores)',
				),
			},
			...(byId ? [uuidMode('connection')] : []),
		],
	);
}

/** The ingestion job statuses in words, one for each value of the document's enum. */
const JOB_STATUS_NAMES: Record<IngestJobStatusEnum, string> = {
	completed: 'Completed',
	failed: 'Failed',
	in_progress: 'In Progress',
	paused: 'Paused',
	pending: 'Pending',
	stopped: 'Stopped',
	stopping: 'Stopping',
};

export const jobStatusOptions = Object.entries(JOB_STATUS_NAMES).map(([value, name]) => ({ name, value }));
