/* Dev-only: every constrained parameter of every node, given a bad value, is refused before any request (issue 8). */
import type { IDataObject, INodeExecutionData, INodeParameters, IPairedItemData } from 'n8n-workflow';

import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import type { HarnessInputItem } from '../harness/engine';
import { TYPES, useTestBed } from '../nodes/setup';
import { byId, byName, byUrl, fromList, locator } from '../support/locators';

const bed = useTestBed();

/**
 * Bad values reach the node through expressions: n8n itself refuses a literal "By ID" value that breaks the mode's
 * regex (see the last describe), so the node's own checks are what stands between an expression and the service.
 */
const expr = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;
const bad = (value: unknown) => byId(expr(value));

const DATASET = SEED_DATASET_IDS.demoImages;
const NOT_UUID = 'not-a-uuid';
/** A valid UUID of version 1: right shape, wrong version for concept and concept-dataset IDs. */
const UUID_V1 = '3f1c2a4e-9b7d-1c1e-8a2f-5d6e7f8a9b0c';
const WAIT = { waitForCompletion: true, pollInterval: 1, waitTimeout: 60 };

type NodeKey = keyof typeof TYPES;

interface Row {
	node: NodeKey;
	/** Resource and operation included. */
	parameters: IDataObject;
	/** The parameter the message must name: "Invalid <param> in item <i>: <problem>". */
	param: string;
	/** What the message says after the colon. */
	problem: RegExp;
	inputItems?: Array<IDataObject | HarnessInputItem>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UUID_PROBLEM = /".*" is not a UUID/;
const UUID4_PROBLEM = /".*" is not a version-4 UUID/;
const JOB_PROBLEM = /".*" is not an ingestion job ID|it is empty/;
const RANGE = /(".*" is out of range|".*" is not a number)/;
const NO_NUMBER = /no number was given/;
const EMPTY = /it is empty/;
const NOT_JSON = /it is not valid JSON \(.+\)/;
const NOT_DATE = /".*" is not a date/;

const row = (
	node: NodeKey,
	resource: string,
	operation: string,
	parameters: IDataObject,
	param: string,
	problem: RegExp,
	inputItems?: Row['inputItems'],
): Row => ({
	node,
	parameters: { resource, operation, ...parameters },
	param,
	problem,
	inputItems,
});

/** Ingestion's metadata as key/value pairs (version 1.2), one [name, value] per field. */
const pairs = (...fields: Array<[string, unknown]>) => ({ pair: fields.map(([name, value]) => ({ name, value })) });

/** A getMany (or other Return All + Limit) operation with the given Limit. */
const limitRows = (node: NodeKey, resource: string, operation: string, base: IDataObject = {}): Row[] =>
	[0, -5, 2.5, 'ten'].map((limit) =>
		row(node, resource, operation, { ...base, returnAll: false, limit: expr(limit) }, 'Limit', RANGE),
	);

const waitRows = (node: NodeKey, resource: string, operation: string, base: IDataObject): Row[] => [
	row(node, resource, operation, { ...base, ...WAIT, pollInterval: expr(0) }, 'Poll Interval', RANGE),
	row(node, resource, operation, { ...base, ...WAIT, pollInterval: expr(0.05) }, 'Poll Interval', RANGE),
	row(node, resource, operation, { ...base, ...WAIT, pollInterval: expr('soon') }, 'Poll Interval', RANGE),
	row(node, resource, operation, { ...base, ...WAIT, waitTimeout: expr(0) }, 'Timeout', RANGE),
	row(node, resource, operation, { ...base, ...WAIT, waitTimeout: expr(-60) }, 'Timeout', RANGE),
];

const segment = (overrides: IDataObject) => ({
	segments: { segment: [{ startTimeMs: 0, endTimeMs: 15000, startFrame: 0, endFrame: 375, ...overrides }] },
});
/** Segments (JSON) as text in the item (a `}}` inside an inline expression would end it). */
const segmentsJsonRow = (segments: unknown, problem: RegExp): Row =>
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, segmentsInput: 'json', segmentsJson: '={{ $json.segments }}' },
		'Segments (JSON)',
		problem,
		[{ segments: JSON.stringify(segments) }],
	);
const GOOD_SEGMENT = {
	segment_start_time_ms: 0,
	segment_end_time_ms: 15000,
	segment_start_frame_number: 0,
	segment_end_frame_number: 375,
};
const video = { datasetId: byId(SEED_DATASET_IDS.demoVideos), assetIdentifier: 'video-001' };

const searchOps: Array<[string, string, IDataObject]> = [
	['image', 'searchByText', { textQuery: 'beach' }],
	['image', 'searchByImage', { queryImage: byId('5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f') }],
	['keyframe', 'searchByText', { textQuery: 'beach' }],
	['keyframe', 'searchByImage', { queryImage: byId('5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f') }],
	['transcript', 'searchExactPhrase', { textQuery: 'hello' }],
	['transcript', 'searchSpokenContent', { textQuery: 'hello' }],
	['video', 'search', { textQuery: 'beach' }],
];

const connectionOps = ['get', 'delete', 'test', 'getCredentials', 'update', 'listBucket'];
const connectionBase: Record<string, IDataObject> = {
	update: { updateFields: { description: 'x' } },
	listBucket: { bucket: 'b' },
};
const queryOps = ['get', 'delete', 'cancel', 'run', 'export', 'getResults'];
const queryBase: Record<string, IDataObject> = { export: { targetBucket: 'b', exportType: 'CSV' } };

/**
 * Requests in Parallel from an expression that gives no usable number (issue 30, item 2): refused by name before any
 * request, instead of a run that waits forever for a place among NaN requests in flight.
 */
const parallelRows = (node: NodeKey, resource: string, operation: string, base: IDataObject): Row[] => [
	...[expr('eight'), '={{ NaN }}'].map((value) =>
		row(
			node,
			resource,
			operation,
			{ ...base, requestOptions: { parallelRequests: value } },
			'Requests in Parallel',
			/".*" is not a number/,
		),
	),
	...['={{ $json.concurrency }}', expr('')].map((value) =>
		row(
			node,
			resource,
			operation,
			{ ...base, requestOptions: { parallelRequests: value } },
			'Requests in Parallel',
			NO_NUMBER,
		),
	),
	...['={{ Infinity }}', '={{ -Infinity }}', expr(0), expr(-3), expr(101), expr(2.5)].map((value) =>
		row(
			node,
			resource,
			operation,
			{ ...base, requestOptions: { parallelRequests: value } },
			'Requests in Parallel',
			/".*" is out of range/,
		),
	),
];

const ROWS: Row[] = [
	...parallelRows('datasets', 'dataset', 'get', { datasetId: byId(DATASET) }),
	...parallelRows('concepts', 'concept', 'get', { conceptId: byId(SEED_CONCEPT_IDS.beach) }),
	// Datasets
	row(
		'datasets',
		'dataset',
		'create',
		{ name: expr('my photos!'), encoderName: 'resnet-50' },
		'Name',
		/"my photos!" has characters other than letters, digits and underscores/,
	),
	row('datasets', 'dataset', 'create', { name: expr(''), encoderName: 'resnet-50' }, 'Name', EMPTY),
	row(
		'datasets',
		'dataset',
		'create',
		{ name: 'ok', encoderName: 'resnet-50', additionalFields: { datasetConfig: expr('{"embedding_id": ') } },
		'Dataset Config (JSON)',
		NOT_JSON,
	),
	...['get', 'getConfig', 'delete'].map((operation) =>
		row('datasets', 'dataset', operation, { datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
	),
	row(
		'datasets',
		'dataset',
		'update',
		{ datasetId: bad(NOT_UUID), updateFields: { storePreview: true } },
		'Dataset',
		UUID_PROBLEM,
	),
	row(
		'datasets',
		'dataset',
		'update',
		{ datasetId: byId(DATASET), updateFields: {} },
		'Update Fields',
		/no field to update was added/,
	),
	row(
		'datasets',
		'dataset',
		'update',
		{ datasetId: byId(DATASET), updateFields: { name: expr('a-b') } },
		'Name',
		/"a-b" has characters other than/,
	),
	row(
		'datasets',
		'dataset',
		'update',
		{ datasetId: byId(DATASET), updateFields: { datasetConfig: expr('{x}') } },
		'Dataset Config (JSON)',
		NOT_JSON,
	),
	row(
		'datasets',
		'dataset',
		'getMany',
		{ filters: { datasetIds: expr(`${DATASET}, nope`) } },
		'Dataset IDs',
		UUID_PROBLEM,
	),
	row('datasets', 'dataset', 'getMany', { filters: { createdAfter: expr('not a date') } }, 'Created After', NOT_DATE),
	row('datasets', 'dataset', 'getMany', { filters: { createdBefore: expr('2026-13-45') } }, 'Created Before', NOT_DATE),
	row(
		'datasets',
		'dataset',
		'getMany',
		{ filters: { lastUpdatedAfter: expr('yesterday') } },
		'Last Updated After',
		NOT_DATE,
	),
	row(
		'datasets',
		'dataset',
		'getMany',
		{ filters: { lastUpdatedBefore: expr('soon') } },
		'Last Updated Before',
		NOT_DATE,
	),
	...limitRows('datasets', 'dataset', 'getMany'),
	...limitRows('datasets', 'encoder', 'getMany'),
	row(
		'datasets',
		'dataset',
		'create',
		{ name: 'ok', encoderName: 'resnet-50', additionalFields: { datasetConfig: expr('[1, 2]') } },
		'Dataset Config (JSON)',
		/it is not a JSON object/,
	),
	row(
		'datasets',
		'dataset',
		'update',
		{ datasetId: byId(DATASET), updateFields: { datasetConfig: expr('"text"') } },
		'Dataset Config (JSON)',
		/it is not a JSON object/,
	),
	...[-1, 0, 5.01].map((rate) =>
		row(
			'datasets',
			'dataset',
			'create',
			{ name: 'ok', encoderName: 'resnet-50', additionalFields: { keyframeUniformFpsSamplingRate: expr(rate) } },
			'Keyframe Uniform FPS Sampling Rate',
			RANGE,
		),
	),
	row(
		'datasets',
		'dataset',
		'create',
		{ name: 'ok', encoderName: expr('multimodal') },
		'Encoder',
		/the encoder "multimodal" was retired on 2025-07-07/,
	),
	row(
		'datasets',
		'dataset',
		'create',
		{ name: 'ok', encoderName: 'resnet-50', additionalFields: { datasetConfig: expr('{"celebrity": true}') } },
		'Dataset Config (JSON)',
		/"celebrity" is not a setting of the dataset configuration/,
	),
	row(
		'celebrity',
		'person',
		'getMany',
		{ returnAll: true, sort: { field: expr('a b') } },
		'Sort By',
		/"a b" is not a field name/,
	),
	row(
		'dynamicTags',
		'tagGroup',
		'getMany',
		{ returnAll: true, sort: { field: expr('') } },
		'Sort By',
		/"" is not a field name/,
	),

	// Concepts
	row('concepts', 'concept', 'create', { name: expr(' '), datasetId: byId(DATASET) }, 'Name', EMPTY),
	row('concepts', 'concept', 'create', { name: 'beach', datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
	row('concepts', 'concept', 'create', { name: 'beach', datasetId: bad(UUID_V1) }, 'Dataset', UUID4_PROBLEM),
	row(
		'concepts',
		'concept',
		'create',
		{ name: 'beach', datasetId: byId(DATASET), additionalFields: { threshold: expr(1.5) } },
		'Threshold',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'create',
		{ name: 'beach', datasetId: byId(DATASET), additionalFields: { regularization: expr(-0.1) } },
		'Regularization',
		RANGE,
	),
	...['get', 'delete', 'estimatePredictions'].flatMap((operation) => [
		row('concepts', 'concept', operation, { conceptId: bad(NOT_UUID) }, 'Concept', UUID_PROBLEM),
		row('concepts', 'concept', operation, { conceptId: bad(UUID_V1) }, 'Concept', UUID4_PROBLEM),
	]),
	row(
		'concepts',
		'concept',
		'update',
		{ conceptId: bad(UUID_V1), updateFields: { description: 'x' } },
		'Concept',
		UUID4_PROBLEM,
	),
	row(
		'concepts',
		'concept',
		'update',
		{ conceptId: byId(DATASET), updateFields: {} },
		'Update Fields',
		/no field to update was added/,
	),
	row('concepts', 'concept', 'update', { conceptId: byId(DATASET), updateFields: { name: expr('') } }, 'Name', EMPTY),
	row(
		'concepts',
		'concept',
		'update',
		{ conceptId: byId(DATASET), updateFields: { threshold: expr(-0.01) } },
		'Threshold',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'update',
		{ conceptId: byId(DATASET), updateFields: { regularization: expr('lots') } },
		'Regularization',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), threshold: expr(2) },
		'Threshold',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), options: { confidenceLevel: expr(1) } },
		'Confidence Level',
		/1 is not between 0 and 1/,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), options: { confidenceLevel: expr(0) } },
		'Confidence Level',
		/0 is not between 0 and 1/,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), options: { confidenceLevel: expr(1.5) } },
		'Confidence Level',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), options: { estimationFidelity: expr(0) } },
		'Estimation Fidelity',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'estimatePredictions',
		{ conceptId: byId(DATASET), options: { estimationFidelity: expr(10.5) } },
		'Estimation Fidelity',
		RANGE,
	),
	row(
		'concepts',
		'concept',
		'getMany',
		{ filters: { datasetIds: expr(`${DATASET}, ${UUID_V1}`) } },
		'Dataset IDs',
		UUID4_PROBLEM,
	),
	...limitRows('concepts', 'concept', 'getMany'),
	...[0, 21, 2.5, -1].map((count) =>
		row(
			'concepts',
			'label',
			'getCandidates',
			{ conceptId: byId(DATASET), numberOfCandidates: expr(count) },
			'Number of Candidates',
			RANGE,
		),
	),
	row('concepts', 'label', 'getCandidates', { conceptId: bad(NOT_UUID) }, 'Concept', UUID_PROBLEM),
	row('concepts', 'label', 'getMany', { conceptId: bad(UUID_V1) }, 'Concept', UUID4_PROBLEM),
	...limitRows('concepts', 'label', 'getMany', { conceptId: byId(DATASET) }),
	row(
		'concepts',
		'label',
		'update',
		{ conceptId: bad(NOT_UUID), labels: { label: [{ image: DATASET }] } },
		'Concept',
		UUID_PROBLEM,
	),
	row(
		'concepts',
		'label',
		'update',
		{
			conceptId: byId(DATASET),
			labels: { label: [{ identifyBy: 'imageId', image: expr(NOT_UUID), value: 'positive' }] },
		},
		'Labels (entry 1) Image ID',
		UUID_PROBLEM,
	),
	row(
		'concepts',
		'label',
		'update',
		{
			conceptId: byId(DATASET),
			labels: { label: [{ image: DATASET }, { identifyBy: 'imageId', image: expr(UUID_V1) }] },
		},
		'Labels (entry 2) Image ID',
		UUID4_PROBLEM,
	),
	row(
		'concepts',
		'label',
		'update',
		{ conceptId: byId(DATASET), labels: { label: [{ identifyBy: 'imagePath', image: expr(' '), value: 'negative' }] } },
		'Labels (entry 1) Image Path',
		EMPTY,
	),
	row('concepts', 'label', 'update', { conceptId: byId(DATASET), labels: {} }, 'Labels', /no label was added/),
	row(
		'concepts',
		'label',
		'update',
		{
			conceptId: byId(DATASET),
			labels: { label: [{ image: DATASET }] },
			options: { autosampledNumNegativeLabels: expr(-1) },
		},
		'Autosampled Negative Labels',
		RANGE,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{ imageUrl: expr('ftp://example.com/a.jpg'), classifyAgainst: 'dataset', datasetId: byId(DATASET) },
		'Image URL',
		/"ftp:\/\/example.com\/a.jpg" is not an http or https URL/,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{ imageUrl: expr(''), classifyAgainst: 'dataset', datasetId: byId(DATASET) },
		'Image URL',
		EMPTY,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{ imageUrl: 'https://example.com/a.jpg', classifyAgainst: 'dataset', datasetId: bad(UUID_V1) },
		'Dataset',
		UUID4_PROBLEM,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{ imageUrl: 'https://example.com/a.jpg', classifyAgainst: 'concepts', conceptIds: expr([]) },
		'Concepts',
		/no concept was chosen/,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{ imageUrl: 'https://example.com/a.jpg', classifyAgainst: 'concepts', conceptIds: expr([DATASET, 'nope']) },
		'Concepts',
		UUID_PROBLEM,
	),
	row(
		'concepts',
		'classification',
		'classifyImage',
		{
			imageUrl: 'https://example.com/a.jpg',
			classifyAgainst: 'dataset',
			datasetId: byId(DATASET),
			options: { threshold: expr(1.01) },
		},
		'Threshold',
		RANGE,
	),

	// Celebrity Detection
	row('celebrity', 'person', 'get', { personId: bad(NOT_UUID) }, 'Person', UUID_PROBLEM),
	row(
		'celebrity',
		'person',
		'updateAliases',
		{ personId: bad('1234'), aliasesMode: 'replace', aliases: '' },
		'Person',
		UUID_PROBLEM,
	),
	row(
		'celebrity',
		'person',
		'updateAliases',
		{ personId: byId(DATASET), aliasesMode: 'add', aliases: expr(' , ') },
		'Aliases',
		EMPTY,
	),
	row(
		'celebrity',
		'person',
		'updateAliases',
		{ personId: byId(DATASET), aliasesMode: 'remove', aliases: expr('') },
		'Aliases',
		EMPTY,
	),
	row('celebrity', 'person', 'getByNames', { namesOrAliases: expr(' ,, ') }, 'Names or Aliases', EMPTY),
	...limitRows('celebrity', 'person', 'getMany'),
	row('celebrity', 'face', 'getMany', { personId: bad(NOT_UUID) }, 'Person', UUID_PROBLEM),
	row('celebrity', 'face', 'getMany', { personId: byName(expr('  ')) }, 'Person', EMPTY),
	...limitRows('celebrity', 'face', 'getMany', { personId: byId(DATASET) }),
	row('celebrity', 'image', 'getPersons', { imageId: bad(NOT_UUID) }, 'Image', UUID_PROBLEM),
	row(
		'celebrity',
		'image',
		'identify',
		{ datasetId: byId(DATASET), imageUrl: expr('file:///etc/passwd') },
		'Image URL',
		/"file:\/\/\/etc\/passwd" is not an http or https URL/,
	),
	row('celebrity', 'image', 'identify', { datasetId: byId(DATASET), imageUrl: expr('') }, 'Image URL', EMPTY),
	row(
		'celebrity',
		'image',
		'identify',
		{ datasetId: bad(NOT_UUID), imageUrl: 'https://example.com/a.jpg' },
		'Dataset',
		UUID_PROBLEM,
	),
	row(
		'celebrity',
		'image',
		'identify',
		{ datasetId: byId(DATASET), imageUrl: 'https://example.com/a.jpg', options: { pollInterval: expr('0') } },
		'Poll Interval',
		/"0" is out of range/,
	),
	row(
		'celebrity',
		'image',
		'identify',
		{ datasetId: byId(DATASET), imageUrl: 'https://example.com/a.jpg', options: { waitTimeout: expr('-1') } },
		'Timeout',
		/"-1" is out of range/,
	),

	// Conversational Search
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'organization', message: expr(' '), historySource: 'none' },
		'Message',
		EMPTY,
	),
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'dataset', datasetId: bad(NOT_UUID), message: 'hi', historySource: 'none' },
		'Dataset',
		UUID_PROBLEM,
	),
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'organization', message: 'hi', historySource: 'define', history: expr('[{"role": ') },
		'History (JSON)',
		NOT_JSON,
	),
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'organization', message: 'hi', historySource: 'define', history: expr('{"role": "user"}') },
		'History (JSON)',
		/it is not a list of chat messages/,
	),
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'organization', message: 'hi', historySource: 'define', history: expr('[1, 2]') },
		'History (JSON)',
		/it is not a list of chat messages/,
	),
	row(
		'conversationalSearch',
		'chat',
		'sendMessage',
		{ scope: 'organization', message: 'hi', historySource: 'inputItem' },
		'Chat History (field "history_chat_messages")',
		NOT_JSON,
		[{ history_chat_messages: '[{"role": "user", ' }],
	),

	// Ad Segments
	...['get', 'delete', 'create'].flatMap((operation) => [
		row(
			'adSegments',
			'adSegment',
			operation,
			{ ...video, datasetId: bad(NOT_UUID), ...segment({}) },
			'Dataset',
			UUID_PROBLEM,
		),
		row(
			'adSegments',
			'adSegment',
			operation,
			{ ...video, assetIdentifier: expr('  '), ...segment({}) },
			'Asset Identifier',
			EMPTY,
		),
	]),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ startTimeMs: 20000, endTimeMs: 15000 }) },
		'Segments',
		/segment 1 ends at 15000 ms, before its start at 20000 ms/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ startTimeMs: expr(-1) }) },
		'Segments',
		/segment 1 has a negative Begins At \(-1\)/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ endTimeMs: expr(-500) }) },
		'Segments',
		/segment 1 has a negative Ends At/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ startFrame: expr(-3) }) },
		'Segments',
		/segment 1 has a negative First Frame/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ startFrame: 400, endFrame: 375 }) },
		'Segments',
		/segment 1 ends at frame 375, before its start frame 400/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ endFrame: expr(375.5) }) },
		'Segments',
		/segment 1 has a Last Frame that is not a whole number/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ endTimeMs: expr('later') }) },
		'Segments',
		/segment 1 has no valid Ends At/,
	),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, ...segment({ metadata: { segmentType: 'pre-roll' } }) },
		'Segments',
		/the metadata of segment 1 has no Incode/,
	),
	row('adSegments', 'adSegment', 'create', { ...video, segments: {} }, 'Segments', /there are no segments/),
	row(
		'adSegments',
		'adSegment',
		'create',
		{ ...video, segmentsInput: 'json', segmentsJson: expr('[{"segment_start_time_ms": 0,') },
		'Segments (JSON)',
		NOT_JSON,
	),
	segmentsJsonRow({ segments: [] }, /it is not a list of segments/),
	segmentsJsonRow([], /there are no segments/),
	segmentsJsonRow(
		[GOOD_SEGMENT, { ...GOOD_SEGMENT, segment_start_time_ms: 16000 }],
		/segment 2 ends at 15000 ms, before its start at 16000 ms/,
	),
	segmentsJsonRow(
		[{ ...GOOD_SEGMENT, segment_start_time_ms: -10 }],
		/segment 1 has a negative segment_start_time_ms \(-10\)/,
	),
	segmentsJsonRow([{ ...GOOD_SEGMENT, start: 1 }], /segment 1 has the unknown field "start"/),
	segmentsJsonRow(
		[{ ...GOOD_SEGMENT, metadata: { segment_type: 'x', incode: 'a', outcode: 'b' } }],
		/the metadata of segment 1 has no segment_number/,
	),
	segmentsJsonRow(['segment'], /segment 1 is not an object/),

	// Dynamic Tags
	row('dynamicTags', 'tagGroup', 'getMany', { filters: { groupIds: expr('nope') } }, 'Group IDs', UUID_PROBLEM),
	row(
		'dynamicTags',
		'tagGroup',
		'getMany',
		{ filters: { excludeGroupIds: expr(`${DATASET},x`) } },
		'Exclude Group IDs',
		UUID_PROBLEM,
	),
	row('dynamicTags', 'tagGroup', 'getMany', { filters: { createdFrom: expr('someday') } }, 'Created After', NOT_DATE),
	row('dynamicTags', 'tagGroup', 'getMany', { filters: { createdTo: expr('never') } }, 'Created Before', NOT_DATE),
	row(
		'dynamicTags',
		'tagGroup',
		'getMany',
		{ filters: { trainingDatasetId: bad(NOT_UUID) } },
		'Training Dataset',
		UUID_PROBLEM,
	),
	...limitRows('dynamicTags', 'tagGroup', 'getMany'),

	// Connections
	...[
		['ab', /"ab" is shorter than 3 characters/],
		['Product_Bucket', /"Product_Bucket" has characters other than lowercase letters, digits and underscores/],
		['product-bucket', /".*" has characters other than lowercase letters/],
		['product bucket', /".*" has characters other than lowercase letters/],
		['x'.repeat(256), /it is longer than 255 characters \(256\)/],
		['', EMPTY],
	].map(([name, problem]) =>
		row(
			'connections',
			'connection',
			'create',
			{ name: expr(name), type: 'https_bearer', hostname: 'h.example', bearerToken: 'tok' },
			'Name',
			problem as RegExp,
		),
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'aws_iam_role', iamRoleArn: expr('') },
		'IAM Role ARN',
		EMPTY,
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'aws_iam_role', iamRoleArn: expr('arn:aws:s3:::bucket') },
		'IAM Role ARN',
		/"arn:aws:s3:::bucket" is not an IAM role ARN/,
	),
	...[59, 3601, 600.5].map((ttl) =>
		row(
			'connections',
			'connection',
			'create',
			{
				name: 'ok_name',
				type: 'aws_iam_role',
				iamRoleArn: 'arn:aws:iam::123456789012:role/r',
				sessionTtlSeconds: expr(ttl),
			},
			'Session Duration (Seconds)',
			RANGE,
		),
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'https_basic', hostname: expr(''), username: 'u', password: 'p' },
		'Hostname',
		EMPTY,
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'https_basic', hostname: expr('https://media.example.com'), username: 'u', password: 'p' },
		'Hostname',
		/"https:\/\/media.example.com" includes a scheme/,
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'https_basic', hostname: 'h.example', username: expr(''), password: 'p' },
		'Username',
		EMPTY,
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'https_basic', hostname: 'h.example', username: 'u', password: expr('') },
		'Password',
		EMPTY,
	),
	row(
		'connections',
		'connection',
		'create',
		{ name: 'ok_name', type: 'https_bearer', hostname: 'h.example', bearerToken: expr(' ') },
		'Bearer Token',
		EMPTY,
	),
	...connectionOps.flatMap((operation) => [
		row(
			'connections',
			'connection',
			operation,
			{ ...connectionBase[operation], connection: byId(expr(NOT_UUID)) },
			'Connection',
			UUID_PROBLEM,
		),
		row(
			'connections',
			'connection',
			operation,
			{ ...connectionBase[operation], connection: byName(expr('')) },
			'Connection',
			EMPTY,
		),
	]),
	row(
		'connections',
		'connection',
		'update',
		{ connection: byName('product_bucket'), updateFields: {} },
		'Update Fields',
		/no field to update was added/,
	),
	row(
		'connections',
		'connection',
		'update',
		{ connection: byName('product_bucket'), updateFields: { name: expr('New Name') } },
		'Name',
		/".*" has characters other than lowercase letters/,
	),
	row(
		'connections',
		'connection',
		'listBucket',
		{ connection: byName('product_bucket'), bucket: expr('') },
		'Bucket',
		EMPTY,
	),
	...limitRows('connections', 'connection', 'listBucket', { connection: byName('product_bucket'), bucket: 'b' }),
	row(
		'connections',
		'connection',
		'getMany',
		{ filters: { connectionIds: expr('abc') } },
		'Connection IDs',
		UUID_PROBLEM,
	),
	...limitRows('connections', 'connection', 'getMany'),

	// Ingestion
	...(['assets', 'images', 'videos'] as const).flatMap((kind) => {
		const operation = `createFrom${kind[0].toUpperCase()}${kind.slice(1)}`;
		const one = kind.slice(0, -1);
		const label = `${kind[0].toUpperCase()}${kind.slice(1)}`;
		const base = {
			datasetId: byId(DATASET),
			inputMode: 'fields',
			[kind]: { [one]: [{ sourcePath: 'https://cdn.example.com/a.jpg' }] },
		};
		const entry = (fields: IDataObject) => ({
			[kind]: { [one]: [{ sourcePath: 'https://cdn.example.com/a.jpg', ...fields }] },
		});
		const json = { inputMode: 'json', [`${kind}Json`]: '={{ $json.list }}' };
		const fromItems = { datasetId: byId(DATASET), inputMode: 'itemFields', sourcePathField: 'url' };
		return [
			row('ingestion', 'job', operation, { ...base, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('ingestion', 'job', operation, { ...base, ...entry({ sourcePath: expr(' ') }) }, 'Source Path', EMPTY),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataInput: 'json', metadata: expr('{"campaign": ') }) },
				'Metadata (JSON)',
				NOT_JSON,
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataInput: 'json', metadata: expr('["spring"]') }) },
				'Metadata (JSON)',
				/it is a list, not a JSON object/,
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataInput: 'json', metadata: '={{ $json.metadata }}' }) },
				'Metadata (JSON)',
				/the field "tags" holds a list/,
				[{ metadata: '{"tags": ["a"]}' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataPairs: pairs(['campaign', 'spring'], ['campaign', 'fall']) }) },
				'Metadata Fields',
				/the field "campaign" is given twice/,
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataPairs: pairs([' ', 'spring']) }) },
				'Metadata Fields',
				/a value \(spring\) has no name/,
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataPairs: pairs(['tags', '={{ $json.tags }}']) }) },
				'Metadata Fields',
				/the field "tags" holds a list/,
				[{ tags: ['a'] }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataInput: 'itemFields', metadataItemFields: 'campaign, year' }) },
				'Metadata › Item Fields ("year")',
				/the item has no field "year"/,
				[{ campaign: 'spring' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ metadataInput: 'itemFields', metadataItemFields: 'shot' }) },
				'Metadata › Item Fields',
				/the field "shot" holds an object/,
				[{ shot: { city: 'Lyon' } }],
			),
			row('ingestion', 'job', operation, { ...base, [kind]: {} }, label, new RegExp(`there are no ${kind}`)),
			row('ingestion', 'job', operation, { ...base, ...json }, `${label} (JSON)`, NOT_JSON, [
				{ list: '[{"source_path": ' },
			]),
			row('ingestion', 'job', operation, { ...base, ...json }, `${label} (JSON)`, /entry 0 has unknown field "url"/, [
				{ list: '[{"url": "https://x/a.jpg"}]' },
			]),
			row('ingestion', 'job', operation, { ...base, ...json }, `${label} (JSON)`, /entry 1 has no source_path/, [
				{ list: '[{"source_path": "https://x/a.jpg"}, {"source_path": " "}]' },
			]),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...json },
				`${label} (JSON)`,
				/entry 0 is a number, not an object/,
				[{ list: '[42]' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, options: { connection: byName(expr('My Bucket')) } },
				'Connection',
				/"My Bucket" has characters other than/,
			),
			// Without a Connection, the one URL check of every input mode.
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...entry({ sourcePath: expr('www.example.com/a.jpg') }) },
				'Source Path',
				/"www.example.com\/a.jpg" is not an http or https URL/,
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...base, ...json },
				`${label} (JSON)`,
				/"https:\/\/x\/my photo.jpg" has a space in it/,
				[{ list: '[{"source_path": "https://x/my photo.jpg"}]' }],
			),
			row('ingestion', 'job', operation, { ...fromItems, sourcePathField: ' ' }, 'Source Path Field', EMPTY),
			row('ingestion', 'job', operation, fromItems, 'Source Path Field ("url")', /the item has no field "url"/, [
				{ link: 'https://x/a.jpg' },
			]),
			row(
				'ingestion',
				'job',
				operation,
				fromItems,
				'Source Path Field ("url")',
				/"photo.jpg" is not an http or https URL/,
				[{ url: 'photo.jpg' }],
			),
			row('ingestion', 'job', operation, fromItems, 'Source Path Field ("url")', /it holds a number, not a URL/, [
				{ url: 42 },
			]),
			row(
				'ingestion',
				'job',
				operation,
				fromItems,
				'Source Path Field ("url")',
				/"https:\/\/x\/my photo.jpg" has a space in it/,
				[{ url: 'https://x/my photo.jpg' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...fromItems, options: { connection: byName(SEED_CONNECTION_NAMES.s3) } },
				'Source Path Field ("url")',
				EMPTY,
				[{ url: ' ' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...fromItems, options: { connection: byName(SEED_CONNECTION_NAMES.s3) } },
				'Source Path Field ("url")',
				/it holds a number, not a path/,
				[{ url: 42 }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...fromItems, metadataFields: 'campaign, year' },
				'Metadata Fields ("year")',
				/the item has no field "year"/,
				[{ url: 'https://x/a.jpg', campaign: 'spring' }],
			),
			row(
				'ingestion',
				'job',
				operation,
				{ ...fromItems, metadataFields: 'tags' },
				'Metadata Fields',
				/the field "tags" holds a list/,
				[{ url: 'https://x/a.jpg', tags: ['a'] }],
			),
			...waitRows('ingestion', 'job', operation, base),
		];
	}),
	row(
		'ingestion',
		'job',
		'createFromAssets',
		{ datasetId: byId(DATASET), inputMode: 'json', assetsJson: '={{ $json.list }}' },
		'Assets (JSON)',
		/entry 0 has asset_type "audio"/,
		[{ list: '[{"source_path": "https://x/a.mp3", "asset_type": "audio"}]' }],
	),
	...[11, -1, 1.5, 'deep'].map((depth) =>
		row(
			'ingestion',
			'job',
			'createFromBucket',
			{
				datasetId: byId(DATASET),
				options: { connection: byName('product_bucket') },
				bucketPath: 's3://b/p/',
				maxDepth: expr(depth),
			},
			'Max Depth',
			RANGE,
		),
	),
	row(
		'ingestion',
		'job',
		'createFromBucket',
		{ datasetId: bad(NOT_UUID), options: { connection: byName('product_bucket') }, bucketPath: 's3://b/p/' },
		'Dataset',
		UUID_PROBLEM,
	),
	row(
		'ingestion',
		'job',
		'createFromBucket',
		{ datasetId: byId(DATASET), options: { connection: byName(expr('no')) }, bucketPath: 's3://b/p/' },
		'Connection',
		/"no" is shorter than 3 characters/,
	),
	row(
		'ingestion',
		'job',
		'createFromBucket',
		{
			datasetId: byId(DATASET),
			options: { connection: byName('product_bucket') },
			source: 'path',
			bucketPath: expr(''),
		},
		'Path',
		EMPTY,
	),
	row(
		'ingestion',
		'job',
		'createFromBucket',
		{ datasetId: byId(DATASET), options: { connection: byName('product_bucket') }, source: 'spec', bucket: expr(' ') },
		'Bucket',
		EMPTY,
	),
	...waitRows('ingestion', 'job', 'createFromBucket', {
		datasetId: byId(DATASET),
		options: { connection: byName('product_bucket') },
		bucketPath: 's3://b/p/',
	}),
	row(
		'ingestion',
		'job',
		'createFromFile',
		{ datasetId: bad(NOT_UUID), sourcePath: 's3://b/a.csv' },
		'Dataset',
		UUID_PROBLEM,
	),
	row('ingestion', 'job', 'createFromFile', { datasetId: byId(DATASET), sourcePath: expr('') }, 'File Path', EMPTY),
	row(
		'ingestion',
		'job',
		'createFromFile',
		{ datasetId: byId(DATASET), sourcePath: 's3://b/a.csv', options: { connection: byName(expr('bad-name')) } },
		'Connection',
		/"bad-name" has characters other than/,
	),
	...waitRows('ingestion', 'job', 'createFromFile', { datasetId: byId(DATASET), sourcePath: 's3://b/a.csv' }),
	...['get', 'getStatus'].flatMap((operation) =>
		['65F1A2B3C4D5E6F708192A3B', '65f1a2b3c4d5e6f708192a3', '65f1a2b3c4d5e6f708192a3bc', DATASET, ''].map((jobId) =>
			row('ingestion', 'job', operation, { jobId: bad(jobId) }, 'Job', JOB_PROBLEM),
		),
	),
	...limitRows('ingestion', 'job', 'getStatus', { jobId: byId('65f1a2b3c4d5e6f708192a3b') }),
	row('ingestion', 'job', 'getMany', { filters: { datasetId: bad(NOT_UUID) } }, 'Dataset', UUID_PROBLEM),
	...limitRows('ingestion', 'job', 'getMany'),
	row(
		'ingestion',
		'asset',
		'delete',
		{ datasetId: bad(NOT_UUID), assetType: 'image', identifiers: DATASET },
		'Dataset',
		UUID_PROBLEM,
	),
	row(
		'ingestion',
		'asset',
		'delete',
		{ datasetId: byId(DATASET), assetType: 'image', identifiers: expr('\n \n') },
		'Assets',
		EMPTY,
	),
	row('ingestion', 'asset', 'getStatus', { asset: bad(NOT_UUID) }, 'Asset', UUID_PROBLEM),
	row(
		'ingestion',
		'asset',
		'getStatus',
		{ assetType: 'video', asset: bad('65f1a2b3c4d5e6f708192a3b') },
		'Asset',
		UUID_PROBLEM,
	),
	...(() => {
		const base = {
			datasetId: byId(DATASET),
			updateType: 'upsert',
			updatesFrom: 'fields',
			updates: { update: [{ identifyBy: 'assetId', identifier: DATASET, assetType: 'image' }] },
		};
		const update = (fields: IDataObject) => ({
			updates: { update: [{ identifyBy: 'assetId', identifier: DATASET, assetType: 'image', ...fields }] },
		});
		const json = { updatesFrom: 'json', updatesJson: '={{ $json.updates }}' };
		return [
			row('ingestion', 'asset', 'updateMetadata', { ...base, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...update({ identifier: expr(NOT_UUID) }) },
				'Platform ID',
				UUID_PROBLEM,
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...update({ identifyBy: 'sourcePath', identifier: expr('') }) },
				'Source Path',
				EMPTY,
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...update({ metadataInput: 'json', metadata: expr('{oops}') }) },
				'Metadata (JSON)',
				NOT_JSON,
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...update({ metadataPairs: pairs(['year', '={{ $json.when }}']) }) },
				'Metadata Fields',
				/the field "year" holds null/,
				[{ when: null }],
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...update({ metadataInput: 'itemFields', metadataItemFields: 'campaign' }) },
				'Metadata › Item Fields ("campaign")',
				/the item has no field "campaign"/,
				[{ other: 1 }],
			),
			row('ingestion', 'asset', 'updateMetadata', { ...base, updates: {} }, 'Assets', /there are no updates/),
			row('ingestion', 'asset', 'updateMetadata', { ...base, ...json }, 'Updates (JSON)', NOT_JSON, [
				{ updates: '[{"asset_type": "image",' },
			]),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...json },
				'Updates (JSON)',
				/entry 0 has no asset_type image or video/,
				[{ updates: `[{"asset_id": "${DATASET}"}]` }],
			),
			row('ingestion', 'asset', 'updateMetadata', { ...base, ...json }, 'Updates (JSON)', UUID_PROBLEM, [
				{ updates: '[{"asset_type": "video", "asset_id": "v-1"}]' },
			]),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...json },
				'Updates (JSON)',
				/entry 0 has neither asset_id nor source_path/,
				[{ updates: '[{"asset_type": "image"}]' }],
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, ...json },
				'Updates (JSON)',
				/entry 0 has unknown field "id"/,
				[{ updates: `[{"asset_type": "image", "id": "${DATASET}"}]` }],
			),
			row(
				'ingestion',
				'asset',
				'updateMetadata',
				{ ...base, updatesFrom: 'file', sourcePath: expr(' ') },
				'File Path',
				EMPTY,
			),
			...waitRows('ingestion', 'asset', 'updateMetadata', base),
		];
	})(),
	...['countAssetStatuses', 'getAssetStatuses', 'getJobStatuses'].map((operation) =>
		row('ingestion', 'dataset', operation, { datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
	),
	...limitRows('ingestion', 'dataset', 'getAssetStatuses', { datasetId: byId(DATASET) }),
	...limitRows('ingestion', 'dataset', 'getJobStatuses', { datasetId: byId(DATASET) }),

	// Search
	...searchOps.flatMap(([resource, operation, base]) => {
		const ok = { datasetId: byId(DATASET), ...base };
		const filter = (entry: IDataObject) => ({ metadataFilters: { filter: [{ key: 'brand', ...entry }] } });
		const rows = [
			row('search', resource, operation, { ...ok, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			...limitRows('search', resource, operation, ok),
			row(
				'search',
				resource,
				operation,
				{ ...ok, ...filter({ key: expr(' '), condition: 'equals', value: 'x' }) },
				'Metadata Filters (filter 1) Field',
				EMPTY,
			),
			row(
				'search',
				resource,
				operation,
				{ ...ok, ...filter({ condition: 'dateRange', from: expr('not a date'), to: '2026-01-01T00:00:00Z' }) },
				'Metadata Filters (filter 1) Since',
				NOT_DATE,
			),
			row(
				'search',
				resource,
				operation,
				{ ...ok, ...filter({ condition: 'dateRange', from: '2026-01-01T00:00:00Z', to: expr('13/45/2026') }) },
				'Metadata Filters (filter 1) Until',
				NOT_DATE,
			),
			row(
				'search',
				resource,
				operation,
				{ ...ok, ...filter({ condition: 'dateRange' }) },
				'Metadata Filters (filter 1)',
				/a date range needs/,
			),
		];
		if ('textQuery' in base) {
			rows.push(
				row(
					'search',
					resource,
					operation,
					{ ...ok, textQuery: expr(' ') },
					operation === 'searchExactPhrase' ? 'Phrase' : 'Query',
					EMPTY,
				),
			);
		} else {
			rows.push(
				row('search', resource, operation, { ...ok, queryImage: byId(expr(NOT_UUID)) }, 'Query Image', UUID_PROBLEM),
				row(
					'search',
					resource,
					operation,
					{ ...ok, queryImage: byUrl(expr('ftp://x/a.jpg')) },
					'Query Image',
					/"ftp:\/\/x\/a.jpg" is not an http or https URL/,
				),
				row('search', resource, operation, { ...ok, queryImage: byUrl(expr('')) }, 'Query Image', EMPTY),
			);
		}
		if ((resource === 'image' && operation === 'searchByImage') || resource === 'video') {
			rows.push(row('search', resource, operation, { ...ok, returnAll: false, limit: expr(1001) }, 'Limit', RANGE));
		}
		if (resource === 'video') {
			rows.push(
				row(
					'search',
					resource,
					operation,
					{ ...ok, ...filter({ condition: 'dateRange', from: '2026-01-01T00:00:00Z' }) },
					'Metadata Filters (filter 1)',
					/a date range needs both Since and Until here/,
				),
			);
		}
		return rows;
	}),
	...(() => {
		const ok = {
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			videoId: byId(DATASET),
			textQuery: 'goal',
			compositeType: 'shot',
			limit: 10,
		};
		return [
			row('search', 'video', 'searchWithinVideo', { ...ok, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('search', 'video', 'searchWithinVideo', { ...ok, videoId: bad('video-001') }, 'Video', UUID_PROBLEM),
			row('search', 'video', 'searchWithinVideo', { ...ok, textQuery: expr('') }, 'Query', EMPTY),
			...[0, -1, 0.5].map((limit) =>
				row('search', 'video', 'searchWithinVideo', { ...ok, limit: expr(limit) }, 'Limit', RANGE),
			),
		];
	})(),

	// Search: the modes of issue 27 (sound, by person, hybrid, celebrity matches, filtered-search runs)
	...(() => {
		const videos = { datasetId: byId(SEED_DATASET_IDS.demoVideos) };
		const sound = { ...videos, audioClass: byName('Music') };
		const byPerson = { datasetId: byId(DATASET), textQuery: 'beach', person: byName('Kai') };
		const hybrid = { datasetId: byId(DATASET), textQuery: 'beach', limit: 5 };
		const matches = { ...videos, uploadIds: Array.from({ length: 15 }, (_, i) => `upl_${i}`).join(', ') };
		const run = { datasetId: byId(DATASET), runId: '804211000' };
		const start = { ...videos, searchIn: 'video', textQuery: 'goal' };
		const filterField = { filters: { filter: [{ key: expr(' '), op: 'equals', value: 'x' }] } };
		const uploads = (count: number) => expr(Array.from({ length: count }, (_, i) => `upl_${i}`).join(', '));
		return [
			row('search', 'sound', 'search', { ...sound, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row(
				'search',
				'sound',
				'search',
				{ ...sound, audioClass: byName(expr('barking')) },
				'Sound',
				/"barking" is not one of the service's sound classes/,
			),
			row('search', 'sound', 'search', { ...sound, audioClass: fromList(expr(' ')) }, 'Sound', EMPTY),
			row(
				'search',
				'sound',
				'search',
				{ ...sound, metadataFilters: { filter: [{ key: expr(' '), condition: 'equals', value: 'x' }] } },
				'Metadata Filters (filter 1) Field',
				EMPTY,
			),
			...limitRows('search', 'sound', 'search', sound),
			row('search', 'image', 'searchByPerson', { ...byPerson, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('search', 'image', 'searchByPerson', { ...byPerson, textQuery: expr(' ') }, 'Query', EMPTY),
			row('search', 'image', 'searchByPerson', { ...byPerson, person: byName(expr(' ')) }, 'Person', EMPTY),
			row('search', 'image', 'searchByPerson', { ...byPerson, person: byId(expr(NOT_UUID)) }, 'Person', UUID_PROBLEM),
			...limitRows('search', 'image', 'searchByPerson', byPerson),
			row('search', 'image', 'hybridSearch', { ...hybrid, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('search', 'image', 'hybridSearch', { ...hybrid, textQuery: expr('') }, 'Query', EMPTY),
			...[0, -1, 2.5].map((limit) =>
				row('search', 'image', 'hybridSearch', { ...hybrid, limit: expr(limit) }, 'Limit', RANGE),
			),
			row(
				'search',
				'image',
				'hybridSearch',
				{ ...hybrid, options: { dateField: 'published_at', since: expr('not a date') } },
				'Since',
				NOT_DATE,
			),
			row(
				'search',
				'image',
				'hybridSearch',
				{ ...hybrid, options: { dateField: 'published_at', until: expr('13/45/2026') } },
				'Until',
				NOT_DATE,
			),
			row(
				'search',
				'image',
				'hybridSearch',
				{ ...hybrid, options: { since: '2026-01-01T00:00:00Z' } },
				'Date Range Field',
				/it is empty while Since or Until is set/,
			),
			row(
				'search',
				'image',
				'hybridSearch',
				{ ...hybrid, options: { dateField: 'published_at' } },
				'Date Range Field',
				/neither Since nor Until is set/,
			),
			row(
				'search',
				'keyframe',
				'findCelebrityMatches',
				{ ...matches, datasetId: bad(NOT_UUID) },
				'Dataset',
				UUID_PROBLEM,
			),
			...[14, 101, 0].map((count) =>
				row(
					'search',
					'keyframe',
					'findCelebrityMatches',
					{ ...matches, uploadIds: uploads(count) },
					'Upload IDs',
					new RegExp(`${count} upload IDs? given; the service takes 15 to 100`),
				),
			),
			...limitRows('search', 'keyframe', 'findCelebrityMatches', matches),
			row('search', 'filteredSearch', 'start', { ...start, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('search', 'filteredSearch', 'start', { ...start, textQuery: expr(' ') }, 'Query', EMPTY),
			row(
				'search',
				'filteredSearch',
				'start',
				{ ...start, searchIn: 'sound', audioClass: byName(expr('barking')) },
				'Sound',
				/"barking" is not one of the service's sound classes/,
			),
			row(
				'search',
				'filteredSearch',
				'start',
				{ ...start, ...filterField },
				'Metadata Filters (filter 1) Field',
				EMPTY,
			),
			...[0, -3, 1.5].map((max) =>
				row('search', 'filteredSearch', 'start', { ...start, maxResults: expr(max) }, 'Max Results', RANGE),
			),
			...waitRows('search', 'filteredSearch', 'start', start),
			...limitRows('search', 'filteredSearch', 'start', { ...start, ...WAIT }),
			...['getStatus', 'getResult'].flatMap((operation) => [
				row('search', 'filteredSearch', operation, { ...run, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
				...['12a', ' ', '-4', '1.5'].map((runId) =>
					row('search', 'filteredSearch', operation, { ...run, runId: expr(runId) }, 'Run ID', /".*" is not a run ID/),
				),
			]),
			...limitRows('search', 'filteredSearch', 'getResult', run),
		];
	})(),

	// Queries
	...(() => {
		const ok = { datasetId: byId(DATASET), queryType: 'SQL', query: 'SELECT 1' };
		return [
			row('queries', 'query', 'create', { ...ok, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('queries', 'query', 'create', { ...ok, query: expr('  ') }, 'Query', EMPTY),
			row(
				'queries',
				'query',
				'create',
				{ ...ok, additionalFields: { parameters: expr('{"min_score": ') } },
				'Parameters (JSON)',
				NOT_JSON,
			),
			row(
				'queries',
				'query',
				'create',
				{ ...ok, additionalFields: { parameters: expr('[0.5]') } },
				'Parameters (JSON)',
				/it is not a JSON object/,
			),
			row(
				'queries',
				'query',
				'create',
				{ ...ok, additionalFields: { embeddingId: byId(expr(NOT_UUID)) } },
				'Embedding',
				UUID_PROBLEM,
			),
			...waitRows('queries', 'query', 'create', ok),
		];
	})(),
	...queryOps.map((operation) =>
		row('queries', 'query', operation, { ...queryBase[operation], queryId: bad(NOT_UUID) }, 'Query', UUID_PROBLEM),
	),
	row('queries', 'query', 'cancel', { cancelMode: 'stop', queryId: bad(NOT_UUID) }, 'Query', UUID_PROBLEM),
	...waitRows('queries', 'query', 'run', { queryId: byId(DATASET) }),
	row(
		'queries',
		'query',
		'export',
		{ queryId: byId(DATASET), exportType: 'CSV', targetBucket: expr('') },
		'Target Bucket',
		EMPTY,
	),
	row(
		'queries',
		'query',
		'export',
		{ queryId: byId(DATASET), exportType: 'CSV', targetBucket: 'b', connection: byName(expr('Export Bucket')) },
		'Connection',
		/"Export Bucket" has characters other than/,
	),
	row(
		'queries',
		'query',
		'export',
		{ queryId: byId(DATASET), exportType: 'CSV', targetBucket: 'b', connection: fromList(expr('xy')) },
		'Connection',
		/"xy" is shorter than 3 characters/,
	),
	row('queries', 'query', 'getMany', { filters: { datasetId: bad(NOT_UUID) } }, 'Dataset', UUID_PROBLEM),
	row('queries', 'query', 'getMany', { filters: { queryIds: expr(`${DATASET}, 42`) } }, 'Query IDs', UUID_PROBLEM),
	...limitRows('queries', 'query', 'getMany'),
	...[0, -900, 1.5].map((seconds) =>
		row(
			'queries',
			'query',
			'getResults',
			{ queryId: byId(DATASET), output: 'link', expirationSeconds: expr(seconds) },
			'Link Valid For (Seconds)',
			RANGE,
		),
	),
	...limitRows('queries', 'query', 'getResults', { queryId: byId(DATASET), output: 'rows' }),
	...limitRows('queries', 'query', 'create', { datasetId: byId(DATASET), queryType: 'SQL', query: 'SELECT 1' }),
	...(() => {
		const ok = { datasetId: byId(DATASET), concept: byName('beach'), threshold: 0.8 };
		return [
			row('queries', 'query', 'getConceptScores', { ...ok, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			row('queries', 'query', 'getConceptScores', { ...ok, concept: byName(expr('  ')) }, 'Concept', EMPTY),
			...["beach'; DROP TABLE images --", 'beach scene', '9lives', 'beach`'].map((name) =>
				row(
					'queries',
					'query',
					'getConceptScores',
					{ ...ok, concept: byName(expr(name)) },
					'Concept',
					/".*" is not a concept name/,
				),
			),
			...[-0.1, 1.5, 'high'].map((threshold) =>
				row('queries', 'query', 'getConceptScores', { ...ok, threshold: expr(threshold) }, 'Scores Above', RANGE),
			),
			...limitRows('queries', 'query', 'getConceptScores', ok),
			row(
				'queries',
				'query',
				'getConceptScores',
				{ ...ok, options: { pollInterval: expr(0) } },
				'Poll Interval',
				RANGE,
			),
			row('queries', 'query', 'getConceptScores', { ...ok, options: { waitTimeout: expr(-1) } }, 'Timeout', RANGE),
		];
	})(),

	// Queries: tables (issue 27)
	...(() => {
		const ok = { datasetId: byId(DATASET) };
		return [
			row('queries', 'table', 'getMany', { datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
			...limitRows('queries', 'table', 'getMany', ok),
			row(
				'queries',
				'table',
				'get',
				{ ...ok, datasetId: bad(NOT_UUID), tableName: byName('images') },
				'Dataset',
				UUID_PROBLEM,
			),
			...['a/b', '..', 'x?y', 'a\\b'].map((name) =>
				row('queries', 'table', 'get', { ...ok, tableName: byName(expr(name)) }, 'Table', /".*" is not a table name/),
			),
			row('queries', 'table', 'get', { ...ok, tableName: fromList(expr(' ')) }, 'Table', EMPTY),
		];
	})(),

	// Video Insights
	...(() => {
		const target = {
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			videoId: byId(DATASET),
			compositeSliceId: byId(DATASET),
		};
		const videoOps = [
			'generateSummary',
			'generateDescription',
			'generateSynopsis',
			'predictGenres',
			'predictMoods',
			'predictSubjects',
			'predictFormats',
			'captionKeyframes',
		];
		const sliceOps = ['generateSummary', 'predictMoods', 'predictSubjects', 'predictFormats'];
		const term = { termType: 'genre', name: 'Cooking Show', description: 'A host cooks', examples: ['recipe'] };
		return [
			...[
				...videoOps.map((operation) => ['video', operation]),
				...sliceOps.map((operation) => ['compositeSlice', operation]),
			].flatMap(([resource, operation]) => [
				row('videoInsights', resource, operation, { ...target, datasetId: bad(NOT_UUID) }, 'Dataset', UUID_PROBLEM),
				row('videoInsights', resource, operation, { ...target, videoId: bad('video-001') }, 'Video', UUID_PROBLEM),
			]),
			...sliceOps.map((operation) =>
				row(
					'videoInsights',
					'compositeSlice',
					operation,
					{ ...target, compositeSliceId: bad(NOT_UUID) },
					'Composite Slice',
					UUID_PROBLEM,
				),
			),
			row(
				'videoInsights',
				'video',
				'generateSummary',
				{ ...target, videoContext: expr({ episode: 3 }) },
				'Video Context',
				/it is an object, not text/,
			),
			row(
				'videoInsights',
				'compositeSlice',
				'predictMoods',
				{ ...target, sliceContext: expr(['opening']) },
				'Slice Context',
				/it is a list, not text/,
			),
			row('videoInsights', 'term', 'create', { ...term, name: expr(' ') }, 'Name', EMPTY),
			row('videoInsights', 'term', 'create', { ...term, description: expr('') }, 'Description', EMPTY),
			row(
				'videoInsights',
				'term',
				'create',
				{ ...term, examples: expr(['recipe', { dish: 'soup' }]) },
				'Examples',
				/example 2 is an object, not text/,
			),
			row(
				'videoInsights',
				'term',
				'update',
				{ termId: byId(DATASET), updateFields: {} },
				'Update Fields',
				/no field to update was added/,
			),
			row(
				'videoInsights',
				'term',
				'update',
				{ termId: byId(DATASET), updateFields: { name: expr('') } },
				'Name',
				EMPTY,
			),
			row(
				'videoInsights',
				'term',
				'update',
				{ termId: byId(DATASET), updateFields: { examples: expr([['a']]) } },
				'Examples',
				/example 1 is a list, not text/,
			),
			...['update', 'delete'].map((operation) =>
				row(
					'videoInsights',
					'term',
					operation,
					{ termId: bad(NOT_UUID), updateFields: { name: 'x' } },
					'Term',
					UUID_PROBLEM,
				),
			),
			...limitRows('videoInsights', 'term', 'getMany', { termType: 'mood' }),
		];
	})(),

	// Administration
	...(() => {
		const NOT_AN_ID = /".*" is not an ID \(it holds a space or a slash\)/;
		const NOT_EMAIL = /".*" is not an email address/;
		const user = { userId: byId('auth0|65f1a2b3c4d5e6f708192a3b') };
		const aRole = (entry: IDataObject) => ({ roles: { role: [{ roleId: byId('viewer'), ...entry }] } });
		const client = { clientId: byId('Xb7Lq2Rk9Tz4Wm1Np6Yc3Vd8Hs5Jf0Ga') };
		return [
			...limitRows('administration', 'user', 'getMany'),
			row(
				'administration',
				'user',
				'getMany',
				{ filters: { userIds: expr('auth0|a, auth0|b c') } },
				'User IDs',
				NOT_AN_ID,
			),
			row('administration', 'user', 'remove', { userId: byId(expr('')) }, 'User', EMPTY),
			row('administration', 'user', 'remove', { userId: byId(expr('auth0|a/../b')) }, 'User', NOT_AN_ID),
			row(
				'administration',
				'user',
				'remove',
				{ userId: locator('email', expr('ana at example.com')) },
				'User',
				NOT_EMAIL,
			),
			row(
				'administration',
				'user',
				'updateRoles',
				{ ...user, roles: { role: [{ roleId: byId(expr(' ')) }] } },
				'Roles (role 1) Role',
				EMPTY,
			),
			row(
				'administration',
				'user',
				'updateRoles',
				{ ...user, ...aRole({ datasetId: bad(NOT_UUID) }) },
				'Roles (role 1) Dataset',
				UUID_PROBLEM,
			),
			row(
				'administration',
				'user',
				'updateRoles',
				{ ...user, rolesScope: 'dataset', datasetId: bad(NOT_UUID), ...aRole({}) },
				'Dataset',
				UUID_PROBLEM,
			),
			row(
				'administration',
				'user',
				'updateRoles',
				{ ...user, rolesScope: 'system', ...aRole({ datasetId: byId(DATASET) }) },
				'Roles (role 1) Dataset',
				/a dataset role is outside the System Roles scope/,
			),
			row(
				'administration',
				'user',
				'updateRoles',
				{
					...user,
					rolesScope: 'dataset',
					datasetId: byId(SEED_DATASET_IDS.demoVideos),
					...aRole({ datasetId: byId(DATASET) }),
				},
				'Roles (role 1) Dataset',
				/dataset .* is not the dataset of the scope/,
			),
			row(
				'administration',
				'role',
				'getMany',
				{ rolesScope: 'dataset', datasetId: bad(NOT_UUID) },
				'Dataset',
				UUID_PROBLEM,
			),
			...limitRows('administration', 'role', 'getMany'),
			row('administration', 'invitation', 'create', { email: expr(' '), name: 'Ana' }, 'Email', EMPTY),
			row(
				'administration',
				'invitation',
				'create',
				{ email: expr('ana at example.com'), name: 'Ana' },
				'Email',
				NOT_EMAIL,
			),
			row(
				'administration',
				'invitation',
				'create',
				{ email: expr('ana@example.com, bo@example.com'), name: 'Ana' },
				'Email',
				NOT_EMAIL,
			),
			row(
				'administration',
				'invitation',
				'create',
				{ email: expr('Ana Costa <ana@example.com>'), name: 'Ana' },
				'Email',
				NOT_EMAIL,
			),
			row('administration', 'invitation', 'create', { email: 'ana@example.com', name: expr(' ') }, 'Name', EMPTY),
			row(
				'administration',
				'invitation',
				'create',
				{ email: 'ana@example.com', name: 'Ana', ...aRole({ datasetId: bad(NOT_UUID) }) },
				'Roles (role 1) Dataset',
				UUID_PROBLEM,
			),
			...['get', 'delete'].flatMap((operation) => [
				row('administration', 'invitation', operation, { invitationId: byId(expr('')) }, 'Invitation', EMPTY),
				row(
					'administration',
					'invitation',
					operation,
					{ invitationId: fromList(expr('uinv a')) },
					'Invitation',
					NOT_AN_ID,
				),
			]),
			...limitRows('administration', 'invitation', 'getMany'),
			row('administration', 'systemCredential', 'create', { name: expr(' '), access: 'full' }, 'Name', EMPTY),
			row('administration', 'systemCredential', 'create', { name: 'ci-bot' }, 'Roles', /no role was added/),
			row(
				'administration',
				'systemCredential',
				'create',
				{ name: 'ci-bot', ...aRole({ roleId: byId(expr('')) }) },
				'Roles (role 1) Role',
				EMPTY,
			),
			...['get', 'delete', 'update'].map((operation) =>
				row(
					'administration',
					'systemCredential',
					operation,
					{ clientId: byId(expr('')), updateFields: { name: 'x' } },
					'System Credential',
					EMPTY,
				),
			),
			row(
				'administration',
				'systemCredential',
				'update',
				{ ...client, updateFields: {} },
				'Update Fields',
				/nothing to change was given/,
			),
			row(
				'administration',
				'systemCredential',
				'update',
				{ ...client, updateFields: { name: expr(' ') } },
				'Name',
				EMPTY,
			),
			row(
				'administration',
				'systemCredential',
				'update',
				{ ...client, rolesChange: 'replace', rolesScope: 'system', ...aRole({ datasetId: byId(DATASET) }) },
				'Roles (role 1) Dataset',
				/a dataset role is outside the System Roles scope/,
			),
			...limitRows('administration', 'systemCredential', 'getMany'),
		];
	})(),
];

describe('bad input: refused before any request, naming the parameter and the item', () => {
	test.each(
		ROWS.map(
			(r) => [`${r.node} ${String(r.parameters.resource)}/${String(r.parameters.operation)}: ${r.param}`, r] as const,
		),
	)('%s', async (_name, r) => {
		const { error, items } = await bed.harness.runNode({
			type: TYPES[r.node],
			parameters: r.parameters as INodeParameters,
			inputItems: r.inputItems,
		});
		expect(error?.message).toMatch(new RegExp(`^Invalid ${escape(r.param)} in item 0: ${r.problem.source}`));
		expect(error?.context?.itemIndex).toBe(0);
		expect(String(error?.description ?? '')).not.toBe('');
		expect(items).toHaveLength(0);
		// Login included: nothing at all reached the sandbox, not even the login.
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

/**
 * Two input items, the second bad, with Continue On Fail: the first still succeeds (paired to item 0), the second
 * becomes an error item naming item 1 (paired to item 1), and the bad item sends nothing: the sandbox receives
 * exactly the requests of a run with the good item alone.
 */
interface SecondItemRow {
	node: NodeKey;
	parameters: IDataObject;
	/** The good value, or how to make one after the sandbox is reset (e.g. create the job to get). */
	good: string | number | (() => Promise<string>);
	bad: string | number;
	param: string;
	problem: RegExp;
}

/** An ingestion job to get: created through the node, then the request log is cleared. */
async function createdJobId(): Promise<string> {
	const created = await bed.harness.runNode({
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(DATASET),
			inputMode: 'fields',
			images: { image: [{ sourcePath: 'https://cdn.example.com/j.jpg' }] },
		},
	});
	bed.sandbox.clearRequestLog();
	return String(created.items[0]?.json.ingest_job_id);
}

const FROM_ITEM = '={{ $json.v }}';
const SECOND_ITEM_ROWS: SecondItemRow[] = [
	{
		node: 'datasets',
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(FROM_ITEM) },
		good: DATASET,
		bad: NOT_UUID,
		param: 'Dataset',
		problem: UUID_PROBLEM,
	},
	{
		node: 'concepts',
		parameters: {
			resource: 'label',
			operation: 'getCandidates',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			numberOfCandidates: FROM_ITEM,
		},
		good: 5,
		bad: 21,
		param: 'Number of Candidates',
		problem: RANGE,
	},
	{
		node: 'concepts',
		parameters: { resource: 'concept', operation: 'get', conceptId: byId(FROM_ITEM) },
		good: SEED_CONCEPT_IDS.beach,
		bad: UUID_V1,
		param: 'Concept',
		problem: UUID4_PROBLEM,
	},
	{
		node: 'celebrity',
		parameters: { resource: 'person', operation: 'getMany', returnAll: false, limit: FROM_ITEM },
		good: 3,
		bad: 0,
		param: 'Limit',
		problem: RANGE,
	},
	{
		node: 'conversationalSearch',
		parameters: {
			resource: 'chat',
			operation: 'sendMessage',
			scope: 'organization',
			message: FROM_ITEM,
			historySource: 'none',
		},
		good: 'surfers at sunset',
		bad: ' ',
		param: 'Message',
		problem: EMPTY,
	},
	{
		node: 'adSegments',
		parameters: { resource: 'adSegment', operation: 'create', ...video, ...segment({ startTimeMs: FROM_ITEM }) },
		good: 1000,
		bad: 20000,
		param: 'Segments',
		problem: /segment 1 ends at 15000 ms, before its start at 20000 ms/,
	},
	{
		node: 'dynamicTags',
		parameters: {
			resource: 'tagGroup',
			operation: 'getMany',
			returnAll: false,
			limit: 2,
			filters: { createdFrom: FROM_ITEM },
		},
		good: '2026-01-01T00:00:00Z',
		bad: 'the day before',
		param: 'Created After',
		problem: NOT_DATE,
	},
	{
		node: 'connections',
		parameters: {
			resource: 'connection',
			operation: 'create',
			name: FROM_ITEM,
			type: 'https_bearer',
			hostname: 'h.example',
			bearerToken: 'tok',
		},
		good: 'first_conn',
		bad: 'Second Conn',
		param: 'Name',
		problem: /"Second Conn" has characters other than/,
	},
	{
		node: 'connections',
		parameters: {
			resource: 'connection',
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: 'demo-media-bucket',
			returnAll: false,
			limit: FROM_ITEM,
		},
		good: 2,
		bad: -2,
		param: 'Limit',
		problem: RANGE,
	},
	{
		node: 'ingestion',
		parameters: {
			resource: 'job',
			operation: 'createFromBucket',
			datasetId: byId(DATASET),
			options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
			bucketPath: 's3://demo-media-bucket/',
			maxDepth: FROM_ITEM,
		},
		good: 2,
		bad: 11,
		param: 'Max Depth',
		problem: RANGE,
	},
	{
		node: 'ingestion',
		parameters: { resource: 'job', operation: 'get', jobId: byId(FROM_ITEM) },
		good: createdJobId,
		bad: 'ABCDEF0123456789abcdef01',
		param: 'Job',
		problem: JOB_PROBLEM,
	},
	// Batch operations (all items read first, then sent together) keep the same promise.
	{
		node: 'ingestion',
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(DATASET),
			inputMode: 'fields',
			images: { image: [{ sourcePath: FROM_ITEM }] },
			options: { combineItems: true },
		},
		good: 'https://cdn.example.com/a.jpg',
		bad: ' ',
		param: 'Source Path',
		problem: EMPTY,
	},
	{
		node: 'ingestion',
		parameters: {
			resource: 'job',
			operation: 'createFromVideos',
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			inputMode: 'itemFields',
			sourcePathField: 'v',
			options: { combineItems: true },
		},
		good: 'https://cdn.example.com/a.mp4',
		bad: 'clip.mp4',
		param: 'Source Path Field ("v")',
		problem: /"clip.mp4" is not an http or https URL/,
	},
	{
		node: 'ingestion',
		parameters: {
			resource: 'asset',
			operation: 'delete',
			datasetId: byId(DATASET),
			assetType: 'image',
			identifiers: FROM_ITEM,
		},
		good: 's3://demo/a.jpg',
		bad: '',
		param: 'Assets',
		problem: EMPTY,
	},
	{
		node: 'search',
		parameters: {
			resource: 'image',
			operation: 'searchByImage',
			datasetId: byId(DATASET),
			queryImage: byUrl('https://example.com/a.jpg'),
			returnAll: false,
			limit: FROM_ITEM,
		},
		good: 3,
		bad: 1001,
		param: 'Limit',
		problem: RANGE,
	},
	{
		node: 'queries',
		parameters: {
			resource: 'query',
			operation: 'create',
			datasetId: byId(DATASET),
			queryType: 'SQL',
			query: FROM_ITEM,
			// Its rows are read by the same code as Get Results'; the requests compared here name no random query.
			waitForCompletion: false,
		},
		good: 'SELECT 1',
		bad: '',
		param: 'Query',
		problem: EMPTY,
	},
	{
		node: 'search',
		parameters: {
			resource: 'keyframe',
			operation: 'findCelebrityMatches',
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			uploadIds: FROM_ITEM,
			returnAll: false,
			limit: 2,
		},
		good: Array.from({ length: 15 }, (_, i) => `upl_${i}`).join(', '),
		bad: Array.from({ length: 14 }, (_, i) => `upl_${i}`).join(', '),
		param: 'Upload IDs',
		problem: /14 upload IDs given; the service takes 15 to 100/,
	},
];

describe('bad input in item 1 with Continue On Fail: item 0 still succeeds, item 1 is named and paired', () => {
	test.each(
		SECOND_ITEM_ROWS.map(
			(r) => [`${r.node} ${String(r.parameters.resource)}/${String(r.parameters.operation)}: ${r.param}`, r] as const,
		),
	)('%s', async (_name, r) => {
		const good = async () => ({ v: typeof r.good === 'function' ? await r.good() : r.good });
		const run = (inputItems: IDataObject[]) =>
			bed.harness.runNode({
				type: TYPES[r.node],
				parameters: r.parameters as INodeParameters,
				inputItems,
				continueOnFail: true,
			});
		const sent = () => bed.apiRequests().map((request) => `${request.method} ${request.path}`);

		const alone = await run([await good()]);
		expect(alone.error).toBeUndefined();
		const expected = sent();
		expect(expected.length).toBeGreaterThan(0);
		// Back to the seed, with a fresh login, so that the second run sends the same requests if item 1 sends none.
		bed.sandbox.reset();
		bed.useCredential();

		const { items } = await run([await good(), { v: r.bad }]);
		const pairedTo = (item: INodeExecutionData) =>
			[item.pairedItem ?? []].flat().map((paired) => (paired as IPairedItemData).item);
		const firsts = items.filter((item) => pairedTo(item).includes(0));
		const seconds = items.filter((item) => pairedTo(item).includes(1));
		expect(firsts.length).toBeGreaterThan(0);
		for (const item of firsts) expect(item.json.error).toBeUndefined();
		expect(seconds).toHaveLength(1);
		expect(seconds[0].json.error).toMatch(new RegExp(`^Invalid ${escape(r.param)} in item 1: ${r.problem.source}`));
		expect(String(seconds[0].json.description ?? '')).not.toBe('');
		expect(sent()).toEqual(expected);
	});
});

describe('literal values: n8n refuses a "By ID" value that breaks the mode\'s pattern before the node runs', () => {
	test.each([
		['datasets', { resource: 'dataset', operation: 'get', datasetId: byId(NOT_UUID) }, /Not a valid dataset ID/],
		['concepts', { resource: 'concept', operation: 'get', conceptId: byId(UUID_V1) }, /Not a valid concept ID/],
		['ingestion', { resource: 'job', operation: 'get', jobId: byId('65F1A2B3C4D5E6F708192A3B') }, /Not a valid job ID/],
		[
			'connections',
			{ resource: 'connection', operation: 'get', connection: byName('Bad Name') },
			/Not a valid connection name/,
		],
		['queries', { resource: 'query', operation: 'get', queryId: byId('42') }, /Not a valid query ID/],
	] as Array<[NodeKey, IDataObject, RegExp]>)('%s', async (node, parameters, issue) => {
		await expect(bed.harness.runNode({ type: TYPES[node], parameters: parameters as INodeParameters })).rejects.toThrow(
			issue,
		);
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Trigger: a bad dataset refuses to poll, in both modes, before any request', () => {
	test.each(['trigger', 'manual'] as const)('%s mode', async (mode) => {
		for (const value of [expr(NOT_UUID), expr(UUID_V1.slice(0, 30)), expr(' 123 ')]) {
			await expect(
				bed.harness.runPoll({
					type: TYPES.trigger,
					mode,
					parameters: { events: ['jobCompleted', 'assetFailed'], datasetId: byId(value) } as INodeParameters,
				}),
			).rejects.toThrow(/^Invalid Dataset in item 0: ".*" is not a UUID$/);
		}
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});
