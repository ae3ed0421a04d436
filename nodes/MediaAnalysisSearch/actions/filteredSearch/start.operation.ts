import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limitForTools } from '../../../shared/aiTool';
import { type RequestOf } from '../../../shared/endpoints';
import {
	choice,
	datasetLocator,
	numberField,
	returnAllOrLimit,
	textField,
	waitForCompletionFields,
} from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { withinLimit } from '../../../shared/readers';
import { datasetNotFound } from '../../../shared/notFound';
import type { Run } from '../../../shared/run';
import { audioClassLocator, getAudioClass } from '../audioClasses';
import {
	commonSearchOptions,
	getTextQuery,
	metadataFilters,
	optionsCollection,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { readResults, waitForRun } from './fields';

const TARGETS = {
	image: 'search.searchTextToImageWithMetadataFilters',
	keyframe: 'search.searchTextToKeyframeWithMetadataFilters',
	shot: 'search.searchTextToShotWithMetadataFilters',
	transcript: 'search.searchTextToTranscriptWithMetadataFilters',
	video: 'search.searchTextToVideoWithMetadataFilters',
	sound: 'search.searchAudioSoundWithMetadataFilters',
} as const;
type Target = keyof typeof TARGETS;
type StartEndpoint = (typeof TARGETS)[Target];

const byWords: Target[] = ['image', 'keyframe', 'shot', 'transcript', 'video'];

type Operator = NonNullable<
	NonNullable<RequestOf<'search.searchTextToImageWithMetadataFilters'>['metadata_filters']>[number]['op']
>;
/** Is: each choice by its value, with its name and the service's operator. */
const OPERATORS: Record<string, [string, Operator]> = {
	contains: ['Contains', 'contains'],
	equals: ['Equal To', '='],
	gt: ['Greater Than', '>'],
	gte: ['Greater Than or Equal To', '>='],
	lt: ['Less Than', '<'],
	lte: ['Less Than or Equal To', '<='],
	notEquals: ['Not Equal To', '!='],
};

export const option = {
	name: 'Start',
	description: 'Search only assets whose metadata matches filters (runs on the service; can wait for its results)',
	action: 'Start a filtered search',
};

export const description: INodeProperties[] = [
	datasetLocator(),
	{
		displayName: 'Search In',
		name: 'searchIn',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Images', value: 'image', description: 'Images that match the words' },
			{ name: 'Keyframes', value: 'keyframe', description: 'Frames of videos that match the words' },
			{ name: 'Shots', value: 'shot', description: 'Shots of videos that match the words' },
			{ name: 'Sounds', value: 'sound', description: 'Moments of videos where a sound is heard' },
			{ name: 'Transcripts', value: 'transcript', description: 'What is said in the videos' },
			{ name: 'Videos', value: 'video', description: 'Whole videos that match the words' },
		],
		default: 'video',
	},
	{ ...textQueryField(), displayOptions: { show: { searchIn: byWords } } },
	{ ...audioClassLocator, displayOptions: { show: { searchIn: ['sound'] } } },
	{
		displayName: 'Match Mode',
		name: 'matchMode',
		type: 'options',
		options: [
			{ name: 'Semantic', value: 'semantic', description: 'What is said means the same as the words' },
			{ name: 'Exact', value: 'exact', description: 'The words are said as written' },
		],
		default: 'semantic',
		displayOptions: { show: { searchIn: ['transcript'] } },
	},
	metadataFilters('filters', 'Search only assets whose metadata matches every filter (e.g. genre = documentary)', [
		textField('Field', 'key', 'e.g. genre', "A metadata field of the dataset's assets"),
		choice(
			'Is',
			'op',
			Object.entries(OPERATORS).map(([value, [name]]) => ({ name, value })),
			// Not the service's "=", "!=", …: n8n reads a parameter value starting with "=" as an expression.
			'equals',
			'How the field compares (the greater and less comparisons read the value as a number)',
		),
		{ displayName: 'Value', name: 'value', type: 'string', default: '' },
	]),
	...limitForTools(
		numberField('Max Results', 'maxResults', 40, 'How many results the run ranks (the service default is 40)', {
			minValue: 1,
		}),
	),
	...waitForCompletionFields(
		'filtered search run',
		'Whether to wait until the run has finished and output its results, one item each. Off: the node outputs the run_id at once; read it later with Get Status and Get Result.',
	),
	...updateDisplayOptions({ show: { waitForCompletion: [true] } }, returnAllOrLimit(undefined, { toolLimit: true })),
	optionsCollection([
		{
			...skipModerationOption,
			description: 'Whether to skip moderation scoring (moderation_score is then null on every result)',
		},
	]),
];

export const toolDescription =
	'Searches one dataset for assets whose metadata matches filters (e.g. genre = documentary) and that match words or a sound: images, keyframes, shots, transcripts, whole videos, or sounds. Needs the dataset (its ID, a UUID, or its exact name), where to search and the words or sound; filters are field, comparison and value. Returns the run_id of the search; with Wait for Completion on, its results, best first.';

type Filter = { key?: string; op?: string; value?: unknown };

function getFilters(item: Item): RequestOf<'search.searchTextToImageWithMetadataFilters'>['metadata_filters'] {
	const entries = (item.options('filters').filter as Filter[] | undefined) ?? [];
	return entries.map((entry, position) => ({
		key: item.notEmpty(entry.key, `Metadata Filters (filter ${position + 1}) Field`),
		op: OPERATORS[entry.op ?? 'equals']?.[1] ?? '=',
		value: String(entry.value ?? ''),
	}));
}

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const target = item.param<Target>('searchIn', 'video');
	const endpoint: StartEndpoint = TARGETS[target] ?? TARGETS.video;
	const datasetId = await item.datasetId();
	const body: IDataObject = {
		dataset_id: datasetId,
		limit: item.range(item.param('maxResults', 40), 'Max Results', { min: 1 }),
	};
	const wait = item.waitOptions();
	const page = wait ? item.pageLimit() : undefined;
	if (target === 'sound') body.audio_class = getAudioClass(item);
	else body.text_query = getTextQuery(item);
	if (target === 'transcript') body.match_mode = item.param<string>('matchMode', 'semantic');
	const filters = getFilters(item);
	if (filters?.length) body.metadata_filters = filters;
	Object.assign(body, commonSearchOptions(item.options()));
	const { run_id: runId } = await run.call(endpoint, {
		body: body as RequestOf<StartEndpoint>,
		itemIndex,
		explain: datasetNotFound(datasetId),
	});
	if (!wait || !page) return [{ run_id: runId, dataset_id: datasetId, search_in: target }];
	await waitForRun(item, runId, datasetId, wait);
	return withinLimit(await readResults(item, runId, datasetId), page);
}
