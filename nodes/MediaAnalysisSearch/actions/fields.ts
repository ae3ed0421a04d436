import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limitForTools } from '../../shared/aiTool';
import type { SearchMetadataFilters } from '../../shared/schemas.generated';
import {
	booleanField,
	choice,
	collection,
	dateField,
	numberField,
	textField,
	uuidMode,
} from '../../shared/descriptions';
import type { Item } from '../../shared/item';

/** Image-to-image and video search answer at most 1000 results per request. */
export const MAX_SEARCH_LIMIT = 1000;

/** The Limit of a search answered in one request (no Return All, no pages): 10 by default in tools. */
export const oneRequestLimitFields = (): INodeProperties[] =>
	limitForTools(numberField('Limit', 'limit', 50, 'Max number of results to return', { minValue: 1 }));

export function getOneRequestLimit(item: Item): number {
	return item.range(item.param('limit', 50), 'Limit', { min: 1 });
}

export const textQueryField = (overrides: Partial<INodeProperties> = {}): INodeProperties =>
	textField('Query', 'textQuery', 'e.g. sunset at the beach', 'What to look for, in plain words', {
		required: true,
		...overrides,
	});

export function getTextQuery(item: Item, label = 'Query'): string {
	return item.notEmpty(item.param('textQuery', ''), label);
}

/** The reference image of a "search by image": an image or keyframe already in the dataset, or a public URL. */
export const queryImageLocator: INodeProperties = {
	displayName: 'Query Image',
	name: 'queryImage',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The image to find similar ones to',
	modes: [
		uuidMode('image', { displayName: 'By Image ID', placeholder: 'e.g. 5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f' }),
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'e.g. https://example.com/photos/beach.jpg',
			validation: [
				{ type: 'regex', properties: { regex: '^\\s*https?://.+', errorMessage: 'Not an http or https URL' } },
			],
		},
	],
};

export function getQueryImage(item: Item): { coactive_image_id?: string; public_url?: string } {
	const locator = item.param<{ mode?: string; value?: unknown }>('queryImage');
	if (locator?.mode === 'url') return { public_url: item.url(locator.value, 'Query Image') };
	return { coactive_image_id: item.uuid(locator?.value, 'Query Image') };
}

/** A Metadata Filters list (`name`), each filter the `values` that say which field compares how with what. */
export const metadataFilters = (name: string, description: string, values: INodeProperties[]): INodeProperties => ({
	displayName: 'Metadata Filters',
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Filter',
	default: {},
	description,
	options: [{ displayName: 'Filter', name: 'filter', values }],
});

// Alphabetical as n8n's linter wants, and also the order a filter reads in: Field … Is … Value (or Since / Until).
export const metadataFiltersField = metadataFilters(
	'metadataFilters',
	'Return only assets whose metadata matches every filter',
	[
		textField('Field', 'key', 'e.g. brand', 'The metadata field to compare'),
		choice(
			'Is',
			'condition',
			[
				{ name: 'Between Dates', value: 'dateRange', description: 'Both ends included' },
				{ name: 'Equal To', value: 'equals' },
				{ name: 'False', value: 'isFalse' },
				{ name: 'Not Equal To', value: 'notEquals' },
				{ name: 'True', value: 'isTrue' },
			],
			'equals',
			'How the field compares',
		),
		...updateDisplayOptions({ show: { condition: ['dateRange'] } }, [
			dateField('Since', 'from', 'Earliest date and time'),
			dateField('Until', 'to', 'Latest date and time'),
		]),
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			displayOptions: { show: { condition: ['equals', 'notEquals'] } },
		},
	],
);

interface FilterEntry {
	key?: string;
	condition?: 'equals' | 'notEquals' | 'isTrue' | 'isFalse' | 'dateRange';
	value?: unknown;
	from?: string;
	to?: string;
}

/** A date parameter as the service's epoch seconds, or null when it is not set. */
export function epochOf(item: Item, value: unknown, parameter: string): number | null {
	return value ? Date.parse(item.dateTime(value, parameter)) / 1000 : null;
}

/** The Metadata Filters as `metadata_filters`, or undefined when empty; video search needs both date ends. */
export function getMetadataFilters(item: Item, { bothDateEnds = false } = {}): SearchMetadataFilters | undefined {
	const entries = (item.options('metadataFilters').filter as FilterEntry[] | undefined) ?? [];
	if (entries.length === 0) return undefined;
	const filters = entries.map((entry, position): SearchMetadataFilters['filters'][number] => {
		const label = `Metadata Filters (filter ${position + 1})`;
		const key = item.notEmpty(entry.key, `${label} Field`);
		switch (entry.condition ?? 'equals') {
			case 'isTrue':
			case 'isFalse':
				return { key, operator: '==', value: entry.condition === 'isTrue' };
			case 'dateRange': {
				const from = epochOf(item, entry.from, `${label} Since`);
				const to = epochOf(item, entry.to, `${label} Until`);
				if ((bothDateEnds && (from === null || to === null)) || (from === null && to === null)) {
					throw item.invalid(
						label,
						bothDateEnds ? 'a date range needs both Since and Until here' : 'a date range needs Since, Until or both',
						bothDateEnds
							? 'Video search compares dates within a closed range: set both Since and Until.'
							: 'Set Since, Until or both.',
					);
				}
				return { key, operator: 'DateTimeRangeInclusive', start_utc_epoch: from, end_utc_epoch: to };
			}
			default:
				return { key, operator: entry.condition === 'notEquals' ? '!=' : '==', value: String(entry.value ?? '') };
		}
	});
	return { filters };
}

/** The kind of video slice (`composite_type`) a transcript match or a within-video search works in. */
export const compositeTypeField = (description: string): INodeProperties =>
	choice(
		'Composite Type',
		'compositeType',
		[
			{ name: 'Scene', value: 'scene' },
			{ name: 'Segment', value: 'segment' },
			{ name: 'Shot', value: 'shot' },
		],
		'shot',
		description,
	);

export const negativeTextOption = textField(
	'Negative Text',
	'negativeText',
	'e.g. people',
	'What results should not show; steers the search away from it',
);

export const assetTypeOption = choice(
	'Asset Type',
	'assetType',
	[
		{ name: 'Image', value: 'image', description: 'Only images' },
		{ name: 'Video', value: 'video', description: 'Only keyframes of videos' },
	],
	'image',
	'Search only one kind of asset; without this option both are searched',
);

export const skipModerationOption: INodeProperties = booleanField(
	'Skip Moderation',
	'skipModeration',
	'Whether to skip content moderation when it is enabled for the organization',
);

export const moderationScoreTypeOption = choice(
	'Moderation Score Type',
	'moderationScoreType',
	[
		{ name: 'Level', value: 'level', description: 'Scores from 0 to 5' },
		{ name: 'Probability', value: 'probability', description: 'Scores from 0 to 1' },
	],
	'probability',
	'How moderation scores are given when moderation is on (this does not turn it on or off)',
);

export const optionsCollection = (options: INodeProperties[]) =>
	collection('Options', 'options', 'Add option', options);

const OPTION_KEYS: Record<string, string> = {
	assetType: 'asset_type',
	compositeType: 'composite_type',
	ignoreKeyframes: 'ignore_keyframes',
	modality: 'modality',
	moderationScoreType: 'moderation_score_type',
	negativeText: 'negative_text',
	skipModeration: 'skip_moderation',
};

/** A search's Options in the service's keys; only those the user added (an empty Negative Text is none). */
export function commonSearchOptions(options: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [name, key] of Object.entries(OPTION_KEYS)) {
		const value = typeof options[name] === 'string' ? (options[name] as string).trim() : options[name];
		if (value !== undefined && value !== '') body[key] = value;
	}
	return body;
}
