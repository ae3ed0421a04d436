/**
 * What the answers guard (answers.test.ts, answers-check.test.ts) asks of every entry of the endpoint table: an
 * operation that reads it, the wrong answers a misbehaving service or gateway sends, and the one check (`checkAnswer`)
 * run on its own, as the transport runs it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED_CLIENTS, seedUserId } from '../../sandbox/administration/model';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { checkAnswer } from '../../nodes/shared/transport/check';
import type { AnswerSpec } from '../../nodes/shared/transport/types';
import { endpointOf, type EndpointId } from '../../nodes/shared/endpoints';
import type { ApiContext, ApiRequest } from '../../nodes/shared/transport';
import type { TYPES } from '../nodes/setup';
import { byId, byName, byUrl, fromList } from '../support/locators';

export const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const PERSON = seedPersonId('Kaia Lindqvist');
export const UUID4 = '6f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const JOB = '65f1a2b3c4d5e6f708192a3b';
const SCORES = { groupId: byId(UUID4), tagId: byId(UUID4) };
const ADMIN_USER = seedUserId('ana.costa@example.com');
const INSIGHT_VIDEO = { datasetId: byId(VIDEOS), videoId: byId(UUID4) };
const INSIGHT_SLICE = { ...INSIGHT_VIDEO, compositeSliceId: byId(UUID4) };

export interface Caller {
	node: keyof typeof TYPES;
	parameters: INodeParameters;
}
export const call = (
	node: Caller['node'],
	resource: string,
	operation: string,
	parameters: INodeParameters = {},
): Caller => ({
	node,
	parameters: { resource, operation, ...parameters },
});

/** Search › Filtered Search › Start with a text query, on one target of a seed dataset. */
const textFilteredSearch = (searchIn: string, datasetId: string): Caller =>
	call('search', 'filteredSearch', 'start', { datasetId: byId(datasetId), searchIn, textQuery: 'beach' });

/**
 * An operation that reads each endpoint (a new entry of the table must name one here, or say that no node calls it).
 * Every other request of the operation reaches the sandbox, so the endpoint under test is reached with real data.
 */
export const CALLERS: Record<EndpointId, Caller | 'called by no node'> = {
	'chat.send': call('conversationalSearch', 'chat', 'sendMessage', {
		scope: 'organization',
		message: 'hi',
		historySource: 'none',
	}),
	'chat.sendInDataset': call('conversationalSearch', 'chat', 'sendMessage', {
		scope: 'dataset',
		datasetId: byId(IMAGES),
		message: 'hi',
		historySource: 'none',
	}),
	'celebrities.getPerson': call('celebrity', 'person', 'get', { personId: byId(PERSON) }),
	'celebrities.getPersonsInOrg': call('celebrity', 'person', 'getMany', { returnAll: true }),
	'celebrities.getFacesWithPerson': call('celebrity', 'face', 'getMany', { personId: byId(PERSON), returnAll: true }),
	'celebrities.getPersonsByNamesAndAliases': call('celebrity', 'person', 'getByNames', { namesOrAliases: 'Kai' }),
	'celebrities.getPersonsInImage': call('celebrity', 'image', 'getPersons', { imageId: byId(UUID4) }),
	'celebrities.identifyCelebritiesInExternalImage': 'called by no node',
	'celebrities.updatePersonAliases': call('celebrity', 'person', 'updateAliases', {
		personId: byId(PERSON),
		aliasesMode: 'add',
		aliases: 'Kay',
	}),
	'concepts.classifyImageAtUrl': call('concepts', 'classification', 'classifyImage', {
		imageUrl: 'https://example.com/a.jpg',
		classifyAgainst: 'dataset',
		datasetId: byId(IMAGES),
	}),
	'concepts.create': call('concepts', 'concept', 'create', { name: 'probe', datasetId: byId(IMAGES) }),
	'concepts.list': call('concepts', 'concept', 'getMany', { returnAll: true }),
	'concepts.get': call('concepts', 'concept', 'get', { conceptId: byId(SEED_CONCEPT_IDS.beach) }),
	'concepts.update': call('concepts', 'concept', 'update', {
		conceptId: byId(SEED_CONCEPT_IDS.beach),
		updateFields: { description: 'x' },
	}),
	'concepts.delete': call('concepts', 'concept', 'delete', { conceptId: byId(SEED_CONCEPT_IDS.beach) }),
	'concepts.getConceptPrediction': call('concepts', 'concept', 'estimatePredictions', {
		conceptId: byId(SEED_CONCEPT_IDS.beach),
	}),
	'concepts.getLabelCandidates': call('concepts', 'label', 'getCandidates', {
		conceptId: byId(SEED_CONCEPT_IDS.beach),
		numberOfCandidates: 5,
	}),
	'concepts.getLabels': call('concepts', 'label', 'getMany', {
		conceptId: byId(SEED_CONCEPT_IDS.beach),
		returnAll: true,
	}),
	'concepts.updateLabels': call('concepts', 'label', 'update', {
		conceptId: byId(SEED_CONCEPT_IDS.beach),
		labels: { label: [{ identifyBy: 'imageId', image: UUID4, value: 'positive' }] },
	}),
	'connections.createConnection': call('connections', 'connection', 'create', {
		name: 'probe_bucket',
		type: 'aws_iam_role',
		iamRoleArn: 'arn:aws:iam::123456789012:role/r',
	}),
	'connections.listConnections': call('connections', 'connection', 'getMany', { returnAll: true }),
	'connections.getConnection': call('connections', 'connection', 'get', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
	}),
	'connections.updateConnection': call('connections', 'connection', 'update', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
		updateFields: { description: 'x' },
	}),
	'connections.deleteConnection': call('connections', 'connection', 'delete', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
	}),
	'connections.getConnectionCredentials': call('connections', 'connection', 'getCredentials', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
	}),
	'connections.listWithConnection': call('connections', 'connection', 'listBucket', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
		bucket: 'demo-media-bucket',
		returnAll: true,
	}),
	'connections.testConnection': call('connections', 'connection', 'test', {
		connection: byName(SEED_CONNECTION_NAMES.s3),
	}),
	'datasets.create': call('datasets', 'dataset', 'create', { name: 'probe_set', encoderName: 'resnet-50' }),
	'datasets.list': call('datasets', 'dataset', 'getMany', { returnAll: true }),
	'datasets.get': call('datasets', 'dataset', 'get', { datasetId: byId(IMAGES) }),
	'datasets.update': call('datasets', 'dataset', 'update', {
		datasetId: byId(IMAGES),
		updateFields: { storePreview: true },
	}),
	'datasets.delete': call('datasets', 'dataset', 'delete', { datasetId: byId(IMAGES) }),
	'datasets.getConfig': call('datasets', 'dataset', 'getConfig', { datasetId: byId(IMAGES) }),
	'datasets.listEncoders': call('datasets', 'encoder', 'getMany', { returnAll: true }),
	'dynamicTags.listGroups': call('dynamicTags', 'tagGroup', 'getMany', { returnAll: true }),
	'ingestion.deleteAssets': call('ingestion', 'asset', 'delete', {
		datasetId: byId(IMAGES),
		assetType: 'image',
		identifiers: UUID4,
	}),
	'ingestion.createIngestJobForMetadata': call('ingestion', 'asset', 'updateMetadata', {
		datasetId: byId(IMAGES),
		updateType: 'upsert',
		updatesFrom: 'fields',
		updates: {
			update: [{ identifyBy: 'assetId', identifier: UUID4, assetType: 'image', metadata: '{"campaign": "spring"}' }],
		},
	}),
	'ingestion.createIngestJobFromAssets': call('ingestion', 'job', 'createFromAssets', {
		datasetId: byId(IMAGES),
		assets: { asset: [{ sourcePath: 'https://cdn.example.com/a.jpg' }] },
	}),
	'ingestion.createIngestJobFromBucket': call('ingestion', 'job', 'createFromBucket', {
		datasetId: byId(IMAGES),
		options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
		bucketPath: 's3://demo-media-bucket/',
	}),
	'ingestion.createIngestJobFromFile': call('ingestion', 'job', 'createFromFile', {
		datasetId: byId(IMAGES),
		sourcePath: 's3://b/a.csv',
	}),
	'ingestion.createIngestJobFromImages': call('ingestion', 'job', 'createFromImages', {
		datasetId: byId(IMAGES),
		images: { image: [{ sourcePath: 'https://cdn.example.com/a.jpg' }] },
	}),
	'ingestion.createIngestJobFromVideos': call('ingestion', 'job', 'createFromVideos', {
		datasetId: byId(VIDEOS),
		videos: { video: [{ sourcePath: 'https://cdn.example.com/a.mp4' }] },
	}),
	'ingestion.getByIngestJobId': call('ingestion', 'job', 'get', { jobId: byId(JOB) }),
	'ingestion.getIngestJobs': call('ingestion', 'job', 'getMany', { returnAll: true }),
	'ingestion.getJobStatus': call('ingestion', 'job', 'getStatus', { jobId: byId(JOB), returnAll: true }),
	'ingestion.getDatasetAssetsStatus': call('ingestion', 'dataset', 'getAssetStatuses', {
		datasetId: byId(IMAGES),
		returnAll: true,
	}),
	'ingestion.getDatasetAssetsStatusCount': call('ingestion', 'dataset', 'countAssetStatuses', {
		datasetId: byId(IMAGES),
	}),
	'ingestion.getDatasetAssetsStatusSummary': call('ingestion', 'dataset', 'getAssetStatuses', {
		datasetId: byId(IMAGES),
		detail: 'summary',
		returnAll: true,
	}),
	// The dataset's jobs: Job → Get Many with a Dataset filter lists them.
	'ingestion.getDatasetStatus': call('ingestion', 'dataset', 'getJobStatuses', {
		datasetId: byId(IMAGES),
		returnAll: true,
	}),
	'ingestion.getImageAssetStatus': call('ingestion', 'asset', 'getStatus', { assetType: 'image', asset: byId(UUID4) }),
	'ingestion.getVideoAssetStatus': call('ingestion', 'asset', 'getStatus', { assetType: 'video', asset: byId(UUID4) }),
	'queries.createQuery': call('queries', 'query', 'create', {
		datasetId: byId(IMAGES),
		queryType: 'SQL',
		query: 'SELECT 1',
		waitForCompletion: false,
	}),
	'queries.listQueries': call('queries', 'query', 'getMany', { returnAll: true }),
	'queries.cancelQuery': call('queries', 'query', 'cancel', { queryId: byId(SEED_QUERY_IDS.imagesComplete) }),
	'adSegments.createAdSegments': call('adSegments', 'adSegment', 'create', {
		datasetId: byId(VIDEOS),
		assetIdentifier: 'video-001',
		segments: { segment: [{ startTimeMs: 0, endTimeMs: 15000, startFrame: 0, endFrame: 375 }] },
	}),
	'adSegments.getAdSegments': call('adSegments', 'adSegment', 'get', {
		datasetId: byId(VIDEOS),
		assetIdentifier: 'video-001',
	}),
	'adSegments.deleteAdSegments': call('adSegments', 'adSegment', 'delete', {
		datasetId: byId(VIDEOS),
		assetIdentifier: 'video-001',
	}),
	'search.audioSearch': call('search', 'transcript', 'searchSpokenContent', {
		datasetId: byId(VIDEOS),
		textQuery: 'hello',
		returnAll: true,
	}),
	'search.imageToImage': call('search', 'image', 'searchByImage', {
		datasetId: byId(IMAGES),
		queryImage: byUrl('https://example.com/a.jpg'),
		returnAll: true,
	}),
	'search.imageToKeyframes': call('search', 'keyframe', 'searchByImage', {
		datasetId: byId(VIDEOS),
		queryImage: byUrl('https://example.com/a.jpg'),
		returnAll: true,
	}),
	'search.textSearch': call('search', 'image', 'searchByText', {
		datasetId: byId(IMAGES),
		textQuery: 'beach',
		returnAll: true,
	}),
	'search.textToKeyframesSearch': call('search', 'keyframe', 'searchByText', {
		datasetId: byId(VIDEOS),
		textQuery: 'beach',
		returnAll: true,
	}),
	'search.transcriptExactMatch': call('search', 'transcript', 'searchExactPhrase', {
		datasetId: byId(VIDEOS),
		textQuery: 'hello',
		returnAll: true,
	}),
	'search.searchVideos': call('search', 'video', 'search', {
		datasetId: byId(VIDEOS),
		textQuery: 'beach',
		returnAll: true,
	}),
	'search.getVideoDetails': call('search', 'video', 'searchWithinVideo', {
		datasetId: byId(VIDEOS),
		videoId: byId(UUID4),
		textQuery: 'goal',
		compositeType: 'shot',
		limit: 10,
	}),
	'search.audioSoundSearch': call('search', 'sound', 'search', {
		datasetId: byId(VIDEOS),
		audioClass: fromList('Music'),
		returnAll: true,
	}),
	'search.textToImageSearchByPerson': call('search', 'image', 'searchByPerson', {
		datasetId: byId(IMAGES),
		textQuery: 'beach',
		person: byName('Kai'),
		assetType: 'image',
		returnAll: true,
	}),
	'search.hybridSearch': call('search', 'image', 'hybridSearch', {
		datasetId: byId(IMAGES),
		textQuery: 'beach',
		limit: 5,
	}),
	'search.celebrityMatches': call('search', 'keyframe', 'findCelebrityMatches', {
		datasetId: byId(VIDEOS),
		uploadIds: Array.from({ length: 15 }, (_, i) => `upl_${i}`).join(','),
		returnAll: true,
	}),
	'search.searchTextToImageWithMetadataFilters': textFilteredSearch('image', IMAGES),
	'search.searchTextToKeyframeWithMetadataFilters': textFilteredSearch('keyframe', VIDEOS),
	'search.searchTextToShotWithMetadataFilters': textFilteredSearch('shot', VIDEOS),
	'search.searchTextToTranscriptWithMetadataFilters': textFilteredSearch('transcript', VIDEOS),
	'search.searchTextToVideoWithMetadataFilters': textFilteredSearch('video', VIDEOS),
	'search.searchAudioSoundWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(VIDEOS),
		searchIn: 'sound',
		audioClass: fromList('Music'),
	}),
	'search.getMetadataFilterSearchStatus': call('search', 'filteredSearch', 'getStatus', {
		datasetId: byId(VIDEOS),
		runId: '804211000',
	}),
	'search.getMetadataFilterSearchResult': call('search', 'filteredSearch', 'getResult', {
		datasetId: byId(VIDEOS),
		runId: '804211000',
		returnAll: true,
	}),
	'queries.listTables': call('queries', 'table', 'getMany', { datasetId: byId(IMAGES), returnAll: true }),
	'queries.getTable': call('queries', 'table', 'get', { datasetId: byId(IMAGES), tableName: byName('images') }),
	'queries.getQuery': call('queries', 'query', 'get', { queryId: byId(SEED_QUERY_IDS.imagesComplete) }),
	'queries.deleteQuery': call('queries', 'query', 'delete', { queryId: byId(SEED_QUERY_IDS.imagesComplete) }),
	'queries.runQuery': call('queries', 'query', 'run', { queryId: byId(SEED_QUERY_IDS.imagesComplete) }),
	'queries.stopQuery': call('queries', 'query', 'cancel', {
		cancelMode: 'stop',
		queryId: byId(SEED_QUERY_IDS.imagesComplete),
	}),
	'queries.exportQuery': call('queries', 'query', 'export', {
		queryId: byId(SEED_QUERY_IDS.imagesComplete),
		exportType: 'CSV',
		targetBucket: 'b',
	}),
	'queries.getQueryResultsUrl': call('queries', 'query', 'getResults', {
		queryId: byId(SEED_QUERY_IDS.imagesComplete),
		output: 'link',
	}),
	'dynamicTags.getVideoShotScores': call('dynamicTags', 'tagScore', 'getManyShotScores', {
		...SCORES,
		tagVersionId: byId(UUID4),
		videoId: byId(UUID4),
		datasetId: byId(VIDEOS),
		returnAll: true,
	}),
	'dynamicTags.getVideoScoresResult': call('dynamicTags', 'tagScore', 'getManyVideoScores', {
		...SCORES,
		aggregationId: byId(UUID4),
		returnAll: true,
	}),
	'dynamicTags.getVideoScoresResultCount': call('dynamicTags', 'tagScore', 'countVideoScores', {
		...SCORES,
		aggregationId: byId(UUID4),
	}),
	'dynamicTags.getVideoScoresResultPreview': call('dynamicTags', 'tagScore', 'previewVideoScores', {
		...SCORES,
		tagVersionId: byId(UUID4),
		datasetId: byId(VIDEOS),
		strategy: 'ANY_HIT',
		returnAll: true,
	}),
	'videoInsights.generateVideoSummary': call('videoInsights', 'video', 'generateSummary', INSIGHT_VIDEO),
	'videoInsights.generateVideoDescription': call('videoInsights', 'video', 'generateDescription', INSIGHT_VIDEO),
	'videoInsights.generateVideoSynopsis': call('videoInsights', 'video', 'generateSynopsis', INSIGHT_VIDEO),
	'videoInsights.predictVideoGenre': call('videoInsights', 'video', 'predictGenres', INSIGHT_VIDEO),
	'videoInsights.predictVideoMood': call('videoInsights', 'video', 'predictMoods', INSIGHT_VIDEO),
	'videoInsights.predictVideoSubject': call('videoInsights', 'video', 'predictSubjects', INSIGHT_VIDEO),
	'videoInsights.predictVideoFormat': call('videoInsights', 'video', 'predictFormats', INSIGHT_VIDEO),
	'videoInsights.generateCompositeSliceSummary': call(
		'videoInsights',
		'compositeSlice',
		'generateSummary',
		INSIGHT_SLICE,
	),
	'videoInsights.predictCompositeSliceMood': call('videoInsights', 'compositeSlice', 'predictMoods', INSIGHT_SLICE),
	'videoInsights.predictCompositeSliceSubject': call(
		'videoInsights',
		'compositeSlice',
		'predictSubjects',
		INSIGHT_SLICE,
	),
	'videoInsights.predictCompositeSliceFormat': call('videoInsights', 'compositeSlice', 'predictFormats', INSIGHT_SLICE),
	'videoInsights.captionVideoKeyframes': call('videoInsights', 'video', 'captionKeyframes', INSIGHT_VIDEO),
	'videoInsights.createMetadata': call('videoInsights', 'term', 'create', {
		termType: 'genre',
		name: 'Probe',
		description: 'probe',
		examples: ['probe'],
	}),
	'videoInsights.getMetadata': call('videoInsights', 'term', 'getMany', { termType: 'genre', returnAll: true }),
	'videoInsights.updateMetadata': call('videoInsights', 'term', 'update', {
		termId: byId(UUID4),
		updateFields: { name: 'Probe' },
	}),
	'videoInsights.deleteMetadata': call('videoInsights', 'term', 'delete', { termId: byId(UUID4) }),
	'admin.listUsers': call('administration', 'user', 'getMany', { returnAll: true }),
	'admin.removeUser': call('administration', 'user', 'remove', { userId: byId(ADMIN_USER) }),
	'admin.updateUserRoles': call('administration', 'user', 'updateRoles', {
		userId: byId(ADMIN_USER),
		roles: { role: [{ roleId: byId('member') }] },
	}),
	'admin.listRoles': call('administration', 'role', 'getMany', { returnAll: true }),
	'admin.createInvitation': call('administration', 'invitation', 'create', {
		email: 'probe@example.com',
		name: 'Probe',
	}),
	'admin.listInvitations': call('administration', 'invitation', 'getMany', { returnAll: true }),
	'admin.getInvitation': call('administration', 'invitation', 'get', { invitationId: byId('uinv_probe') }),
	'admin.deleteInvitation': call('administration', 'invitation', 'delete', { invitationId: byId('uinv_probe') }),
	'admin.createCredentials': call('administration', 'systemCredential', 'create', { name: 'probe', access: 'full' }),
	'admin.listCredentials': call('administration', 'systemCredential', 'getMany', { returnAll: true }),
	'admin.getCredentials': call('administration', 'systemCredential', 'get', {
		clientId: byId(SEED_CLIENTS.ingestion.id),
	}),
	'admin.updateCredentials': call('administration', 'systemCredential', 'update', {
		clientId: byId(SEED_CLIENTS.ingestion.id),
		updateFields: { name: 'probe' },
	}),
	'admin.deleteCredentials': call('administration', 'systemCredential', 'delete', {
		clientId: byId(SEED_CLIENTS.ingestion.id),
	}),
};

export type Entry = { method: string; path: string; pages?: unknown; answer?: AnswerSpec };
export const entryOf = (id: EndpointId): Entry => endpointOf(id);

/** What the proxy sends for the endpoint under test: a status and the body's text. */
export interface Hostile {
	status: number;
	text: string;
}

export const json = (status: number, body: unknown): Hostile => ({ status, text: JSON.stringify(body) });
export const DETAIL = { detail: 'Request accepted' };
export const WRONG: Array<[string, Hostile]> = [
	['{"detail"} with 200', json(200, DETAIL)],
	['{"detail"} with 201', json(201, DETAIL)],
	['{"detail"} with 202', json(202, DETAIL)],
	['null', json(200, null)],
	['[]', json(200, [])],
	['[null]', json(200, [null])],
	['a text', json(200, 'done')],
	['a number', json(200, 42)],
	['{}', json(200, {})],
	['{"data": null}', json(200, { data: null })],
];

/** Field rules that make an answer without them an error (`object?` lets the field be missing). */
export const requiredRules = (answer: AnswerSpec | undefined) =>
	typeof answer === 'object' ? Object.entries(answer).filter(([, rule]) => rule !== 'object?') : [];

export const called = (Object.keys(CALLERS) as EndpointId[]).filter((id) => CALLERS[id] !== 'called by no node');

/** What the transport hands `checkAnswer` for an entry of the table (`endpointRequest`), its path as the template. */
export const requestOf = (id: EndpointId): ApiRequest => {
	const entry = endpointOf(id);
	return { method: entry.method, path: entry.path, answer: entry.pages ?? entry.answer };
};

/** The one check on its own, as the transport runs it on a JSON answer: a refusal's message, or the answer it passes. */
export async function checked(id: EndpointId, answer: Hostile) {
	const warnings: string[] = [];
	const context = {
		getNode: () => ({ name: 'Probe' }),
		logger: { warn: (line: string) => warnings.push(line) },
	} as unknown as ApiContext;
	const verdict = await checkAnswer(
		context,
		requestOf(id),
		{
			body: { kind: 'json', value: JSON.parse(answer.text) as unknown },
			status: answer.status,
			contentType: 'application/json',
		},
		async () => (value) => value,
	);
	return 'refuse' in verdict ? { refused: verdict.refuse.message } : { passed: verdict.answer as unknown };
}

/** The check's refusal as the node's error reads it: the template's placeholders stand for the request's IDs. */
export const asErrorPattern = (message: string) =>
	new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/ ]+')}$`);

/**
 * Whether the check must refuse `answer` for the entry: not the JSON kind the entry reads, or without a field the
 * entry names (the check may refuse more, e.g. a page without its list).
 */
export function mustFail(id: EndpointId, answer: Hostile): boolean {
	const entry = entryOf(id);
	const parsed = JSON.parse(answer.text) as unknown;
	const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
	const fields = requiredRules(entry.answer);
	return (
		(entry.answer !== 'any' && entry.answer !== 'records' && !isObject) ||
		(entry.answer === 'records' && !Array.isArray(parsed)) ||
		(isObject &&
			fields.some(([field]) => !(field in (parsed as IDataObject)) || (parsed as IDataObject)[field] === null))
	);
}

/** The endpoint in a refusal's words, its placeholders as any ID (`GET /api/v1/datasets/[^ ]+`). */
export const whatOf = (id: EndpointId) => {
	const entry = entryOf(id);
	return `${entry.method} ${entry.path.replace(/\{\w+\}/g, '[^ ]+')}`;
};
