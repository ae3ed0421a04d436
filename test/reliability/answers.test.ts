/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * Answers that are not what an operation reads (issue 23), for every entry of the endpoint table: the real nodes
 * through n8n's engine, the sandbox behind a loopback proxy that answers the one endpoint under test with what a
 * misbehaving service or gateway sends (`{"detail": …}` with 200/201/202, null, [], a text, lists holding null and plain
 * values), everything else as the sandbox does. Each run ends in a clear error naming the endpoint or a valid output:
 * never a TypeError, never an item made of something that is not a JSON object; "any JSON" answers are accepted.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SEED_CLIENTS, seedUserId } from '../../sandbox/administration/model';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { checkAnswer, type AnswerSpec, type FieldRule } from '../../nodes/shared/transport/check';
import { ENDPOINTS, endpointOf, type EndpointId } from '../../nodes/shared/endpoints';
import type { ApiContext, ApiRequest } from '../../nodes/shared/transport';
import { jobStatusPages, offsetLimit } from '../../nodes/shared/transport/pagination';
import type { RunNodeResult } from '../harness/engine';
import { TYPES, useTestBed } from '../nodes/setup';
import { byId, byName, byUrl, fromList } from '../support/locators';

const bed = useTestBed();

const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const PERSON = seedPersonId('Kaia Lindqvist');
const UUID4 = '6f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const JOB = '65f1a2b3c4d5e6f708192a3b';
const SCORES = { groupId: byId(UUID4), tagId: byId(UUID4) };
const ADMIN_USER = seedUserId('ana.costa@example.com');
const INSIGHT_VIDEO = { datasetId: byId(VIDEOS), videoId: byId(UUID4) };
const INSIGHT_SLICE = { ...INSIGHT_VIDEO, compositeSliceId: byId(UUID4) };

interface Caller {
	node: keyof typeof TYPES;
	parameters: INodeParameters;
}
const call = (node: Caller['node'], resource: string, operation: string, parameters: INodeParameters = {}): Caller => ({
	node,
	parameters: { resource, operation, ...parameters },
});

/**
 * An operation that reads each endpoint (a new entry of the table must name one here, or say that no node calls it).
 * Every other request of the operation reaches the sandbox, so the endpoint under test is reached with real data.
 */
const CALLERS: Record<EndpointId, Caller | 'called by no node'> = {
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
	'search.searchTextToImageWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(IMAGES),
		searchIn: 'image',
		textQuery: 'beach',
	}),
	'search.searchTextToKeyframeWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(VIDEOS),
		searchIn: 'keyframe',
		textQuery: 'beach',
	}),
	'search.searchTextToShotWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(VIDEOS),
		searchIn: 'shot',
		textQuery: 'beach',
	}),
	'search.searchTextToTranscriptWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(VIDEOS),
		searchIn: 'transcript',
		textQuery: 'beach',
	}),
	'search.searchTextToVideoWithMetadataFilters': call('search', 'filteredSearch', 'start', {
		datasetId: byId(VIDEOS),
		searchIn: 'video',
		textQuery: 'beach',
	}),
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

type Entry = { method: string; path: string; pages?: unknown; answer?: AnswerSpec };
const entryOf = (id: EndpointId): Entry => endpointOf(id);

/** The table entry a request is for: among those whose template matches, the one with the fewest placeholders. */
function entryFor(method: string, path: string): EndpointId | undefined {
	const matches = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => {
		const entry = entryOf(id);
		const pattern = new RegExp(`^${entry.path.replace(/\{\w+\}/g, '[^/]+')}$`);
		return entry.method === method && pattern.test(path);
	});
	const holes = (id: EndpointId) => (entryOf(id).path.match(/\{/g) ?? []).length;
	return matches.sort((a, b) => holes(a) - holes(b))[0];
}

/** What the proxy sends for the endpoint under test: a status and the body's text. */
interface Hostile {
	status: number;
	text: string;
}

let proxy: Server;
/** The endpoint under test and what it answers; its first `passing` requests reach the sandbox. */
let target: { id: EndpointId; answer: Hostile; hits: number; passing: number } | undefined;

beforeAll(async () => {
	proxy = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const path = (req.url ?? '/').split('?')[0];
			if (target && entryFor(req.method ?? '', path) === target.id && target.passing-- <= 0) {
				target.hits++;
				res.writeHead(target.answer.status, { 'content-type': 'application/json' }).end(target.answer.text);
				return;
			}
			const upstream = new URL(bed.sandbox.url);
			const out = forward(
				{ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			out.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
	proxy.closeAllConnections();
	await new Promise<void>((resolve) => proxy.close(() => resolve()));
});
beforeEach(() => {
	target = undefined;
	bed.useCredential('personalToken', { baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
});

async function runAgainst(
	id: EndpointId,
	answer: Hostile,
	{
		caller = CALLERS[id] as Caller,
		passing,
		items,
		continueOnFail,
	}: { caller?: Caller; passing?: number; items?: IDataObject[]; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	target = { id, answer, hits: 0, passing: passing ?? 0 };
	const result = await bed.harness.runNode({
		type: TYPES[caller.node],
		parameters: caller.parameters,
		inputItems: items,
		continueOnFail,
	});
	// The operation reached the endpoint under test: what follows is about its answer, not about an earlier step.
	expect({ reached: target.hits > 0, error: result.error?.message }).toEqual({
		reached: true,
		error: result.error?.message,
	});
	return result;
}

const JUNK_TEXT = 'junk-text';
const JUNK = ['junk-array', 'junk-object'];
/** A list as a misbehaving service sends it: null and plain values around one record (or string). */
const junkList = (rule: FieldRule | 'page'): unknown[] =>
	rule === 'strings'
		? [null, 7, { junk: JUNK[1] }, [JUNK[0]], 'kept']
		: rule === 'array'
			? [1, 2]
			: [null, 1, JUNK_TEXT, [JUNK[0]], { marker: 'kept', id: UUID4, name: 'kept' }];

/** An answer holding what the entry reads, its lists full of entries that are not records. */
function junkAnswer(id: EndpointId): unknown {
	const entry = entryOf(id);
	if (entry.pages === jobStatusPages) return { data: { status: 'completed', assets: { data: junkList('page') } } };
	if (entry.pages)
		return {
			data: junkList('page'),
			jobs: junkList('page'),
			results: junkList('page'),
			users: junkList('page'),
			user_invitations: junkList('page'),
		};
	if (entry.answer === 'records') return junkList('records');
	if (typeof entry.answer !== 'object') return { marker: 'kept' };
	const answer: IDataObject = { marker: 'kept' };
	for (const [field, rule] of Object.entries(entry.answer)) {
		answer[field] =
			rule === 'created' || rule === 'id'
				? 'kept-0001'
				: rule === 'object' || rule === 'object?'
					? { marker: 'kept' }
					: junkList(rule);
	}
	return answer;
}

const json = (status: number, body: unknown): Hostile => ({ status, text: JSON.stringify(body) });
const DETAIL = { detail: 'Request accepted' };
const WRONG: Array<[string, Hostile]> = [
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

const CRASH =
	/Cannot read prop|is not a function|is not iterable|Cannot destructure|Cannot convert|Maximum call stack|\$error/;

/** Never a TypeError, never an item that is not a JSON object. */
function expectClean({ items, error }: RunNodeResult): void {
	expect(`${error?.name ?? ''}: ${error?.message ?? ''}`).not.toMatch(CRASH);
	expect(error?.name ?? 'NodeApiError').toMatch(/^Node(Api|Operation)Error$/);
	for (const item of items as INodeExecutionData[]) {
		expect(typeof item.json === 'object' && item.json !== null && !Array.isArray(item.json)).toBe(true);
	}
}

/** Field rules that make an answer without them an error (`object?` lets the field be missing). */
const requiredRules = (answer: AnswerSpec | undefined) =>
	typeof answer === 'object' ? Object.entries(answer).filter(([, rule]) => rule !== 'object?') : [];

const called = (Object.keys(CALLERS) as EndpointId[]).filter((id) => CALLERS[id] !== 'called by no node');

/** What the transport hands `checkAnswer` for an entry of the table (`endpointRequest`), its path as the template. */
const requestOf = (id: EndpointId): ApiRequest => {
	const entry = endpointOf(id);
	return { method: entry.method, path: entry.path, answer: entry.pages ?? entry.answer };
};

/** The one check on its own, as the transport runs it on a JSON answer: a refusal's message, or the answer it passes. */
async function checked(id: EndpointId, answer: Hostile) {
	const warnings: string[] = [];
	const context = {
		getNode: () => ({ name: 'Probe' }),
		logger: { warn: (line: string) => warnings.push(line) },
	} as unknown as ApiContext;
	const verdict = await checkAnswer.call(
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
const asErrorPattern = (message: string) =>
	new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/ ]+')}$`);

describe('every endpoint of the table, answered what its operation cannot read', () => {
	test('every entry has a caller here, or no node calls it', () => {
		expect(Object.keys(CALLERS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
		expect(called.length).toBeGreaterThan(70);
	});

	describe.each(called)('%s', (id) => {
		const entry = entryOf(id);
		const what = `${entry.method} ${entry.path.replace(/\{\w+\}/g, '[^ ]+')}`;

		// The check is pure: what it refuses is decided here without a run (the wiring from every kind of entry to the
		// node's error is proven below). What it lets through, the operation then reads: that goes through the engine.
		test.each(WRONG)('%s: a clear error naming the endpoint, or a valid output', async (_case, answer) => {
			const parsed = JSON.parse(answer.text) as unknown;
			const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
			const fields = requiredRules(entry.answer);
			const mustFail =
				(entry.answer !== 'any' && entry.answer !== 'records' && !isObject) ||
				(entry.answer === 'records' && !Array.isArray(parsed)) ||
				(isObject &&
					fields.some(([field]) => !(field in (parsed as IDataObject)) || (parsed as IDataObject)[field] === null));
			const verdict = await checked(id, answer);
			if (mustFail) expect(verdict).toEqual({ refused: expect.stringMatching(new RegExp(`answered ${what} `)) });
			if (entry.answer === 'any') expect(verdict).toEqual({ passed: parsed });
			if ('refused' in verdict) {
				expect(verdict.refused).toMatch(new RegExp(`^The Media Analysis Service answered ${what} `));
				return;
			}
			const result = await runAgainst(id, answer);
			expectClean(result);
			if (entry.answer === 'any') expect(result.error).toBeUndefined();
		});

		test('lists holding null and plain values: no item is made of them', async () => {
			const result = await runAgainst(id, json(200, junkAnswer(id)));
			expectClean(result);
			const shown = JSON.stringify(result.items);
			for (const junk of [JUNK_TEXT, ...JUNK])
				expect({ junk, found: shown.includes(junk) ? shown : '' }).toEqual({ junk, found: '' });
		});
	});
});

/** One entry of each kind the check knows (a page style, an answer spec), as the table groups them. */
const kindOf = (id: EndpointId) => {
	const entry = endpointOf(id);
	return entry.pages ? `pages at ${entry.pages.listAt.join('.')} (${entry.pages.place})` : JSON.stringify(entry.answer);
};
// "Any" JSON is never refused: every wrong answer above goes through the engine for it.
const oneOfEachKind = [...new Map(called.map((id) => [kindOf(id), id])).entries()].filter(
	([, id]) => entryOf(id).answer !== 'any',
);

describe("the check's refusal is the node's error, for every kind of entry (the wiring of the pure check above)", () => {
	test('every kind of entry is here', () => {
		expect(oneOfEachKind.length).toBeGreaterThan(20);
	});

	test.each(oneOfEachKind)("%s (%s): the node fails with the check's own message, and no item", async (_kind, id) => {
		const answer = entryOf(id).answer === 'records' ? json(200, { detail: 'no list' }) : json(200, 42);
		const verdict = await checked(id, answer);
		expect(verdict).toEqual({ refused: expect.any(String) });
		const result = await runAgainst(id, answer);
		expectClean(result);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(asErrorPattern((verdict as { refused: string }).refused));
	});
});

describe('creates need the ID of what they created', () => {
	const creates = called.filter((id) => requiredRules(entryOf(id).answer).some(([, rule]) => rule === 'created'));

	test.each(creates.flatMap((id) => [200, 201, 202].map((status) => [id, status] as const)))(
		'%s answered %i {"detail"} fails, naming the ID',
		async (id, status) => {
			const field = requiredRules(entryOf(id).answer).find(([, rule]) => rule === 'created')![0];
			const { error, items } = await runAgainst(id, json(status, DETAIL));
			expect(items).toEqual([]);
			const path = entryOf(id).path.replace(/\{\w+\}/g, '[^/ ]+');
			expect(error?.message).toMatch(
				new RegExp(
					`^The Media Analysis Service answered POST ${path} without an ID for what it created \\(the answer was an object with the keys detail, with no "${field}"\\)$`,
				),
			);
			expect(error?.description).toMatch(/It may have been created all the same/);
		},
	);

	test.each([
		['an empty text', '', 'a text of 0 characters'],
		['blanks', '  ', 'a text of 2 characters'],
		['a number', 42, 'a number'],
		['null', null, 'null'],
	])('a create whose ID is %s fails, saying what it was', async (_case, value, shown) => {
		const { error, items } = await runAgainst('datasets.create', json(201, { id: value, name: 'probe_set' }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The Media Analysis Service answered POST /api/v1/datasets without an ID for what it created (the answer was an object with the keys id, name, whose "id" is ${shown})`,
		);
	});

	test('the error names the item whose create was answered so; with Continue On Fail the other items flow on', async () => {
		const id = 'datasets.create';
		// One at a time: which item's request reaches the server first is then known (side by side it is not).
		const caller = call('datasets', 'dataset', 'create', {
			name: '={{ $json.name }}',
			encoderName: 'resnet-50',
			requestOptions: { parallelRequests: 1 },
		});
		const items = [{ name: 'probe_one' }, { name: 'probe_two' }];
		const stopped = await runAgainst(id, json(201, DETAIL), { caller, passing: 1, items });
		expect(stopped.error?.message).toMatch(
			/answered POST \/api\/v1\/datasets without an ID for what it created .*with no "id"/,
		);
		expect(stopped.error?.context?.itemIndex).toBe(1);

		const flowing = await runAgainst(id, json(201, DETAIL), {
			caller,
			passing: 1,
			items: [{ name: 'probe_three' }, { name: 'probe_four' }],
			continueOnFail: true,
		});
		expect(flowing.error).toBeUndefined();
		expect(flowing.items.map((item) => [item.json.name ?? null, typeof item.json.error, item.pairedItem])).toEqual([
			['probe_three', 'undefined', { item: 0 }],
			[null, 'string', { item: 1 }],
		]);
	});

	test('at least every create of the table is here', () => {
		expect(creates).toEqual(
			expect.arrayContaining([
				'concepts.create',
				'connections.createConnection',
				'datasets.create',
				'queries.createQuery',
				'ingestion.createIngestJobFromImages',
				'ingestion.createIngestJobForMetadata',
			]),
		);
	});
});

describe('answers the contract allows', () => {
	test.each([
		['null', json(200, null)],
		['a text', json(200, 'deleted')],
		['an empty body', { status: 200, text: '' }],
		['{"detail"}', json(200, DETAIL)],
	])('Concept Delete answered %s succeeds as {deleted: true}', async (_case, answer) => {
		const { error, items } = await runAgainst('concepts.delete', answer);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ deleted: true, id: SEED_CONCEPT_IDS.beach });
	});

	test('Concept Delete answered null: the concept was deleted, the item says so without a response', async () => {
		const { items } = await runAgainst('concepts.delete', json(200, null));
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: SEED_CONCEPT_IDS.beach }]);
	});

	test('Label Get Candidates answered {"data": [null, 1, "x", {…}]} gives one item, the record', async () => {
		const { error, items } = await runAgainst(
			'concepts.getLabelCandidates',
			json(200, { data: [null, 1, 'x', { imageId: UUID4 }] }),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ imageId: UUID4 }]);
	});

	test('an asset status answered {"data": []} (the document\'s empty answer) says there is none, clearly', async () => {
		const { error } = await runAgainst('ingestion.getImageAssetStatus', json(200, { data: [] }));
		expect(error?.message).toBe(`No ingestion status for image ${UUID4}`);
	});
});

describe('a paged endpoint read in one request (Celebrity Identify) is checked as a page', () => {
	const url = 'https://photos.example.com/party/one.jpg';
	const identify = call('celebrity', 'image', 'identify', {
		datasetId: byId(IMAGES),
		imageUrl: url,
		options: { pollInterval: 0.1, waitTimeout: 20 },
	});
	beforeEach(() => {
		bed.sandbox.store.datasets.get(IMAGES)!.config.celebrity_detection_enabled = true;
		bed.sandbox.store.ingestion.setStepMs(20);
	});

	test('asset statuses holding null and plain values: the record among them is read', async () => {
		const answer = json(200, { data: [null, 1, 'x', { source_path: url, status: 'in_progress', asset_id: UUID4 }] });
		const result = await runAgainst('ingestion.getDatasetAssetsStatus', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(
			`The dataset already holds the image at ${url}, with status in_progress; it was left as it is`,
		);
	});

	test('a job status whose assets hold null and plain values ends in the clear ingestion error', async () => {
		const answer = json(200, { data: { status: 'completed', assets: { data: [null, 7, 'x'] } } });
		const result = await runAgainst('ingestion.getJobStatus', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(`The service could not ingest the image at ${url}: unknown`);
	});

	test('a job status without its page is a clear error naming the endpoint', async () => {
		const result = await runAgainst('ingestion.getJobStatus', json(200, { data: 'done' }), { caller: identify });
		expectClean(result);
		expect(result.error?.message).toMatch(
			/^The Media Analysis Service answered GET \/api\/v1\/ingestion\/jobs\/[0-9a-f]{24}\/status without the list of records it should hold/,
		);
	});
});

test('a long page read in one request is cleaned in place without exhausting the stack', async () => {
	const warnings: string[] = [];
	const context = {
		getNode: () => ({ name: 'Probe' }),
		logger: { warn: (line: string) => warnings.push(line) },
	} as unknown as ApiContext;
	const list: unknown[] = Array.from({ length: 300_000 }, (_, index) => (index % 3 === 0 ? null : { index }));
	const answer = { data: list };
	const checked = await checkAnswer.call(
		context,
		{ method: 'POST', path: '/api/v1/probe', answer: offsetLimit },
		{ body: { kind: 'json', value: answer }, status: 200, contentType: 'application/json' },
		async () => (value) => value,
	);
	expect(checked).toEqual({ answer });
	expect(answer.data).toBe(list);
	expect(list).toHaveLength(200_000);
	expect(list.every((entry) => typeof entry === 'object' && entry !== null)).toBe(true);
	expect(warnings).toEqual([expect.stringMatching(/listed 100000 entries that are not records/)]);
});
