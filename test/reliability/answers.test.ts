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
import { checkAnswer, type AnswerSpec, type FieldRule } from '../../nodes/shared/answerSpec';
import { ENDPOINTS, type EndpointId } from '../../nodes/shared/endpoints';
import type { ApiContext } from '../../nodes/shared/transport';
import { jobStatusPages, offsetLimit } from '../../nodes/shared/transport/pagination';
import type { RunNodeResult } from '../harness/engine';
import { TYPES, useTestBed } from '../nodes/setup';

const bed = useTestBed();

const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const PERSON = seedPersonId('Kaia Lindqvist');
const UUID4 = '6f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const JOB = '65f1a2b3c4d5e6f708192a3b';
const SCORES = { groupId: rl(UUID4), tagId: rl(UUID4) };
const ADMIN_USER = seedUserId('ana.costa@example.com');
const INSIGHT_VIDEO = { datasetId: rl(VIDEOS), videoId: rl(UUID4) };
const INSIGHT_SLICE = { ...INSIGHT_VIDEO, compositeSliceId: rl(UUID4) };

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
	'chat': call('conversationalSearch', 'chat', 'sendMessage', { scope: 'organization', message: 'hi', historySource: 'none' }),
	'chat-dataset': call('conversationalSearch', 'chat', 'sendMessage', { scope: 'dataset', datasetId: rl(IMAGES), message: 'hi', historySource: 'none' }),
	'get-person-api-v-0-celebrity-detection-person-person-id-get': call('celebrity', 'person', 'get', { personId: rl(PERSON) }),
	'get-persons-in-org-api-v-0-celebrity-detection-persons-get': call('celebrity', 'person', 'getMany', { returnAll: true }),
	'get-faces-with-person-api-v-0-celebrity-detection-faces-with-person-get': call('celebrity', 'face', 'getMany', { personId: rl(PERSON), returnAll: true }),
	'get-persons-by-names-and-aliases-api-v-0-celebrity-detection-persons-by-names-and-aliases-get': call('celebrity', 'person', 'getByNames', { namesOrAliases: 'Kai' }),
	'get-persons-in-image-api-v-0-celebrity-detection-persons-in-image-image-id-get': call('celebrity', 'image', 'getPersons', { imageId: rl(UUID4) }),
	'identify-celebrities-in-external-image-api-v-0-celebrity-detection-identify-get': 'called by no node',
	'update-person-aliases-api-v-0-celebrity-detection-person-aliases-put': call('celebrity', 'person', 'updateAliases', { personId: rl(PERSON), aliasesMode: 'add', aliases: 'Kay' }),
	'classify-image-at-url': call('concepts', 'classification', 'classifyImage', { imageUrl: 'https://example.com/a.jpg', classifyAgainst: 'dataset', datasetId: rl(IMAGES) }),
	'create': call('concepts', 'concept', 'create', { name: 'probe', datasetId: rl(IMAGES) }),
	'list': call('concepts', 'concept', 'getMany', { returnAll: true }),
	'get': call('concepts', 'concept', 'get', { conceptId: rl(SEED_CONCEPT_IDS.beach) }),
	'update': call('concepts', 'concept', 'update', { conceptId: rl(SEED_CONCEPT_IDS.beach), updateFields: { description: 'x' } }),
	'delete': call('concepts', 'concept', 'delete', { conceptId: rl(SEED_CONCEPT_IDS.beach) }),
	'get-concept-prediction': call('concepts', 'concept', 'estimatePredictions', { conceptId: rl(SEED_CONCEPT_IDS.beach) }),
	'get-label-candidates': call('concepts', 'label', 'getCandidates', { conceptId: rl(SEED_CONCEPT_IDS.beach), numberOfCandidates: 5 }),
	'get-labels': call('concepts', 'label', 'getMany', { conceptId: rl(SEED_CONCEPT_IDS.beach), returnAll: true }),
	'update-labels': call('concepts', 'label', 'update', {
		conceptId: rl(SEED_CONCEPT_IDS.beach),
		labels: { label: [{ identifyBy: 'imageId', image: UUID4, value: 'positive' }] },
	}),
	'create-connection-api-v-0-connections-post': call('connections', 'connection', 'create', {
		name: 'probe_bucket',
		type: 'aws_iam_role',
		iamRoleArn: 'arn:aws:iam::123456789012:role/r',
	}),
	'list-connections-api-v-0-connections-get': call('connections', 'connection', 'getMany', { returnAll: true }),
	'get-connection-api-v-0-connections-connection-name-or-id-get': call('connections', 'connection', 'get', { connection: rl(SEED_CONNECTION_NAMES.s3, 'name') }),
	'update-connection-api-v-0-connections-connection-name-or-id-patch': call('connections', 'connection', 'update', {
		connection: rl(SEED_CONNECTION_NAMES.s3, 'name'),
		updateFields: { description: 'x' },
	}),
	'delete-connection-api-v-0-connections-connection-name-or-id-delete': call('connections', 'connection', 'delete', { connection: rl(SEED_CONNECTION_NAMES.s3, 'name') }),
	'get-connection-credentials-api-v-0-connections-connection-name-or-id-credentials-get': call('connections', 'connection', 'getCredentials', {
		connection: rl(SEED_CONNECTION_NAMES.s3, 'name'),
	}),
	'list-with-connection-api-v-0-connections-connection-name-or-id-list-post': call('connections', 'connection', 'listBucket', {
		connection: rl(SEED_CONNECTION_NAMES.s3, 'name'),
		bucket: 'demo-media-bucket',
		returnAll: true,
	}),
	'test-connection-api-v-0-connections-connection-name-or-id-test-post': call('connections', 'connection', 'test', { connection: rl(SEED_CONNECTION_NAMES.s3, 'name') }),
	'create-dataset-api-v-1-datasets-post': call('datasets', 'dataset', 'create', { name: 'probe_set', encoderName: 'resnet-50' }),
	'get-datasets-api-v-1-datasets-get': call('datasets', 'dataset', 'getMany', { returnAll: true }),
	'get-dataset-by-id-api-v-1-datasets-dataset-id-get': call('datasets', 'dataset', 'get', { datasetId: rl(IMAGES) }),
	'update-dataset-by-id-api-v-1-datasets-dataset-id-patch': call('datasets', 'dataset', 'update', { datasetId: rl(IMAGES), updateFields: { storePreview: true } }),
	'delete-dataset-by-id-api-v-1-datasets-dataset-id-delete': call('datasets', 'dataset', 'delete', { datasetId: rl(IMAGES) }),
	'get-dataset-config-api-v-1-datasets-dataset-id-config-get': call('datasets', 'dataset', 'getConfig', { datasetId: rl(IMAGES) }),
	'list-available-encoders-api-v-1-encoders-get': call('datasets', 'encoder', 'getMany', { returnAll: true }),
	'list-groups': call('dynamicTags', 'tagGroup', 'getMany', { returnAll: true }),
	'delete-assets': call('ingestion', 'asset', 'delete', { datasetId: rl(IMAGES), assetType: 'image', identifiers: UUID4 }),
	'create-ingest-job-for-metadata-api-v-1-ingestion-metadata-post': call('ingestion', 'asset', 'updateMetadata', {
		datasetId: rl(IMAGES),
		updateType: 'upsert',
		updatesFrom: 'fields',
		updates: { update: [{ identifyBy: 'assetId', identifier: UUID4, assetType: 'image', metadata: '{"campaign": "spring"}' }] },
	}),
	'create-ingest-job-from-assets-api-v-1-ingestion-assets-post': call('ingestion', 'job', 'createFromAssets', {
		datasetId: rl(IMAGES),
		assets: { asset: [{ sourcePath: 'https://cdn.example.com/a.jpg' }] },
	}),
	'create-ingest-job-from-bucket-api-v-1-ingestion-buckets-post': call('ingestion', 'job', 'createFromBucket', {
		datasetId: rl(IMAGES),
		connection: rl(SEED_CONNECTION_NAMES.s3, 'name'),
		bucketPath: 's3://demo-media-bucket/',
	}),
	'create-ingest-job-from-file-api-v-1-ingestion-files-post': call('ingestion', 'job', 'createFromFile', { datasetId: rl(IMAGES), sourcePath: 's3://b/a.csv' }),
	'create-ingest-job-from-images-api-v-1-ingestion-images-post': call('ingestion', 'job', 'createFromImages', {
		datasetId: rl(IMAGES),
		images: { image: [{ sourcePath: 'https://cdn.example.com/a.jpg' }] },
	}),
	'create-ingest-job-from-videos-api-v-1-ingestion-videos-post': call('ingestion', 'job', 'createFromVideos', {
		datasetId: rl(VIDEOS),
		videos: { video: [{ sourcePath: 'https://cdn.example.com/a.mp4' }] },
	}),
	'get-by-ingest-job-id-api-v-1-ingestion-jobs-ingest-job-id-get': call('ingestion', 'job', 'get', { jobId: rl(JOB) }),
	'get-ingest-jobs-api-v-1-ingestion-jobs-get': call('ingestion', 'job', 'getMany', { returnAll: true }),
	'get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get': call('ingestion', 'job', 'getStatus', { jobId: rl(JOB), returnAll: true }),
	'get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post': call('ingestion', 'dataset', 'getAssetStatuses', { datasetId: rl(IMAGES), returnAll: true }),
	'get-dataset-assets-status-count-api-v-1-ingestion-datasets-dataset-id-assets-status-count-get': call('ingestion', 'dataset', 'countAssetStatuses', { datasetId: rl(IMAGES) }),
	'get-dataset-assets-status-summary-api-v-1-ingestion-datasets-dataset-id-assets-status-summary-get': call('ingestion', 'dataset', 'getAssetSummaries', {
		datasetId: rl(IMAGES),
		returnAll: true,
	}),
	'get-dataset-status-api-v-1-ingestion-datasets-dataset-id-status-get': call('ingestion', 'dataset', 'getIngestionStatus', { datasetId: rl(IMAGES), returnAll: true }),
	'get-image-asset-status-api-v-1-ingestion-images-asset-id-status-get': call('ingestion', 'asset', 'getStatus', { assetType: 'image', asset: rl(UUID4) }),
	'get-video-asset-status-api-v-1-ingestion-videos-asset-id-status-get': call('ingestion', 'asset', 'getStatus', { assetType: 'video', asset: rl(UUID4) }),
	'create-query-api-v-1-queries-post': call('queries', 'query', 'create', { datasetId: rl(IMAGES), queryType: 'SQL', query: 'SELECT 1' }),
	'list-queries-api-v-1-queries-get': call('queries', 'query', 'getMany', { returnAll: true }),
	'cancel-query-api-v-1-queries-query-id-cancel-post': call('queries', 'query', 'cancel', { queryId: rl(SEED_QUERY_IDS.imagesComplete) }),
	'create-ad-segments': call('adSegments', 'adSegment', 'create', {
		datasetId: rl(VIDEOS),
		assetIdentifier: 'video-001',
		segments: { segment: [{ startTimeMs: 0, endTimeMs: 15000, startFrame: 0, endFrame: 375 }] },
	}),
	'get-ad-segments': call('adSegments', 'adSegment', 'get', { datasetId: rl(VIDEOS), assetIdentifier: 'video-001' }),
	'delete-ad-segments': call('adSegments', 'adSegment', 'delete', { datasetId: rl(VIDEOS), assetIdentifier: 'video-001' }),
	'audio-search': call('search', 'transcript', 'searchSpokenContent', { datasetId: rl(VIDEOS), textQuery: 'hello', returnAll: true }),
	'image-to-image': call('search', 'image', 'searchByImage', { datasetId: rl(IMAGES), queryImage: rl('https://example.com/a.jpg', 'url'), returnAll: true }),
	'image-to-keyframes': call('search', 'keyframe', 'searchByImage', { datasetId: rl(VIDEOS), queryImage: rl('https://example.com/a.jpg', 'url'), returnAll: true }),
	'text-search-api-v-1-search-text-to-image-post': call('search', 'image', 'searchByText', { datasetId: rl(IMAGES), textQuery: 'beach', returnAll: true }),
	'text-to-keyframes-search-api-v-1-search-text-to-keyframes-post': call('search', 'keyframe', 'searchByText', { datasetId: rl(VIDEOS), textQuery: 'beach', returnAll: true }),
	'transcript-exact-match': call('search', 'transcript', 'searchExactPhrase', { datasetId: rl(VIDEOS), textQuery: 'hello', returnAll: true }),
	'search-videos': call('search', 'video', 'search', { datasetId: rl(VIDEOS), textQuery: 'beach', returnAll: true }),
	'get-video-details': call('search', 'video', 'searchWithinVideo', { datasetId: rl(VIDEOS), videoId: rl(UUID4), textQuery: 'goal', compositeType: 'shot', limit: 10 }),
	'audio-sound-search': call('search', 'sound', 'search', { datasetId: rl(VIDEOS), audioClass: rl('Music', 'list'), returnAll: true }),
	'text-to-image-search-by-person': call('search', 'image', 'searchByPerson', { datasetId: rl(IMAGES), textQuery: 'beach', person: rl('Kai', 'name'), assetType: 'image', returnAll: true }),
	'hybrid-search': call('search', 'image', 'hybridSearch', { datasetId: rl(IMAGES), textQuery: 'beach', limit: 5 }),
	'celebrity-matches-api-v-1-search-celebrity-matches-post': call('search', 'keyframe', 'findCelebrityMatches', { datasetId: rl(VIDEOS), uploadIds: Array.from({ length: 15 }, (_, i) => `upl_${i}`).join(','), returnAll: true }),
	'search-text-to-image-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(IMAGES), searchIn: 'image', textQuery: 'beach' }),
	'search-text-to-keyframe-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(VIDEOS), searchIn: 'keyframe', textQuery: 'beach' }),
	'search-text-to-shot-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(VIDEOS), searchIn: 'shot', textQuery: 'beach' }),
	'search-text-to-transcript-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(VIDEOS), searchIn: 'transcript', textQuery: 'beach' }),
	'search-text-to-video-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(VIDEOS), searchIn: 'video', textQuery: 'beach' }),
	'search-audio-sound-with-metadata-filters': call('search', 'filteredSearch', 'start', { datasetId: rl(VIDEOS), searchIn: 'sound', audioClass: rl('Music', 'list') }),
	'get-metadata-filter-search-status': call('search', 'filteredSearch', 'getStatus', { datasetId: rl(VIDEOS), runId: rl('804211000') }),
	'get-metadata-filter-search-result': call('search', 'filteredSearch', 'getResult', { datasetId: rl(VIDEOS), runId: rl('804211000'), returnAll: true }),
	'list-tables-api-v-1-datasets-dataset-id-tables-get': call('queries', 'table', 'getMany', { datasetId: rl(IMAGES), returnAll: true }),
	'get-table-api-v-1-datasets-dataset-id-tables-table-name-get': call('queries', 'table', 'get', { datasetId: rl(IMAGES), tableName: rl('images', 'name') }),
	'get-query-api-v-1-queries-query-id-get': call('queries', 'query', 'get', { queryId: rl(SEED_QUERY_IDS.imagesComplete) }),
	'delete-query-api-v-1-queries-query-id-delete': call('queries', 'query', 'delete', { queryId: rl(SEED_QUERY_IDS.imagesComplete) }),
	'run-query-api-v-1-queries-query-id-run-post': call('queries', 'query', 'run', { queryId: rl(SEED_QUERY_IDS.imagesComplete) }),
	'stop-query-api-v-1-queries-query-id-stop-post': call('queries', 'query', 'stop', { queryId: rl(SEED_QUERY_IDS.imagesComplete) }),
	'export-query-api-v-1-queries-query-id-exports-post': call('queries', 'query', 'export', { queryId: rl(SEED_QUERY_IDS.imagesComplete), exportType: 'CSV', targetBucket: 'b' }),
	'get-query-results-url-api-v-1-queries-query-id-results-get': call('queries', 'query', 'getResults', { queryId: rl(SEED_QUERY_IDS.imagesComplete), output: 'link' }),
	'get-video-shot-scores': call('dynamicTags', 'tagScore', 'getManyShotScores', {
		...SCORES,
		tagVersionId: rl(UUID4),
		videoId: rl(UUID4),
		datasetId: rl(VIDEOS),
		returnAll: true,
	}),
	'get-video-scores-result': call('dynamicTags', 'tagScore', 'getManyVideoScores', { ...SCORES, aggregationId: rl(UUID4), returnAll: true }),
	'get-video-scores-result-count': call('dynamicTags', 'tagScore', 'countVideoScores', { ...SCORES, aggregationId: rl(UUID4) }),
	'get-video-scores-result-preview': call('dynamicTags', 'tagScore', 'previewVideoScores', {
		...SCORES,
		tagVersionId: rl(UUID4),
		datasetId: rl(VIDEOS),
		strategy: 'ANY_HIT',
		returnAll: true,
	}),
	'generate-video-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-summary-post': call('videoInsights', 'video', 'generateSummary', INSIGHT_VIDEO),
	'generate-video-description-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-description-post': call('videoInsights', 'video', 'generateDescription', INSIGHT_VIDEO),
	'generate-video-synopsis-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-synopsis-post': call('videoInsights', 'video', 'generateSynopsis', INSIGHT_VIDEO),
	'predict-video-genre-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-genre-post': call('videoInsights', 'video', 'predictGenres', INSIGHT_VIDEO),
	'predict-video-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-mood-post': call('videoInsights', 'video', 'predictMoods', INSIGHT_VIDEO),
	'predict-video-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-subject-post': call('videoInsights', 'video', 'predictSubjects', INSIGHT_VIDEO),
	'predict-video-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-format-post': call('videoInsights', 'video', 'predictFormats', INSIGHT_VIDEO),
	'generate-composite-slice-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-summary-post': call('videoInsights', 'compositeSlice', 'generateSummary', INSIGHT_SLICE),
	'predict-composite-slice-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-mood-post': call('videoInsights', 'compositeSlice', 'predictMoods', INSIGHT_SLICE),
	'predict-composite-slice-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-subject-post': call('videoInsights', 'compositeSlice', 'predictSubjects', INSIGHT_SLICE),
	'predict-composite-slice-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-format-post': call('videoInsights', 'compositeSlice', 'predictFormats', INSIGHT_SLICE),
	'caption-video-keyframes-api-v-0-video-summarization-datasets-dataset-id-videos-video-id-caption-keyframes-post': call('videoInsights', 'video', 'captionKeyframes', INSIGHT_VIDEO),
	'create-metadata-api-v-0-video-narrative-metadata-metadata-post': call('videoInsights', 'term', 'create', { termType: 'genre', name: 'Probe', description: 'probe', examples: ['probe'] }),
	'get-metadata-api-v-0-video-narrative-metadata-metadata-get': call('videoInsights', 'term', 'getMany', { termType: 'genre', returnAll: true }),
	'update-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-patch': call('videoInsights', 'term', 'update', { termId: rl(UUID4), updateFields: { name: 'Probe' } }),
	'delete-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-delete': call('videoInsights', 'term', 'delete', { termId: rl(UUID4) }),
	'list-users': call('administration', 'user', 'getMany', { returnAll: true }),
	'remove-user': call('administration', 'user', 'remove', { userId: rl(ADMIN_USER) }),
	'update-user-roles': call('administration', 'user', 'updateRoles', { userId: rl(ADMIN_USER), roles: { role: [{ roleId: rl('member') }] } }),
	'list-roles': call('administration', 'role', 'getMany', { returnAll: true }),
	'create-invitation': call('administration', 'invitation', 'create', { email: 'probe@example.com', name: 'Probe' }),
	'list-invitations': call('administration', 'invitation', 'getMany', { returnAll: true }),
	'get-invitation': call('administration', 'invitation', 'get', { invitationId: rl('uinv_probe') }),
	'delete-invitation': call('administration', 'invitation', 'delete', { invitationId: rl('uinv_probe') }),
	'create-credentials': call('administration', 'systemCredential', 'create', { name: 'probe', access: 'full' }),
	'list-credentials': call('administration', 'systemCredential', 'getMany', { returnAll: true }),
	'get-credentials': call('administration', 'systemCredential', 'get', { clientId: rl(SEED_CLIENTS.ingestion.id) }),
	'update-credentials': call('administration', 'systemCredential', 'update', { clientId: rl(SEED_CLIENTS.ingestion.id), updateFields: { name: 'probe' } }),
	'delete-credentials': call('administration', 'systemCredential', 'delete', { clientId: rl(SEED_CLIENTS.ingestion.id) }),
};

type Entry = { method: string; path: string; pages?: unknown; answer?: AnswerSpec };
const entryOf = (id: EndpointId): Entry => ENDPOINTS[id];

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
			const out = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			});
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
	{ caller = CALLERS[id] as Caller, passing, items, continueOnFail }: { caller?: Caller; passing?: number; items?: IDataObject[]; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	target = { id, answer, hits: 0, passing: passing ?? 0 };
	const result = await bed.harness.runNode({ type: TYPES[caller.node], parameters: caller.parameters, inputItems: items, continueOnFail });
	// The operation reached the endpoint under test: what follows is about its answer, not about an earlier step.
	expect({ reached: target.hits > 0, error: result.error?.message }).toEqual({ reached: true, error: result.error?.message });
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
	if (entry.pages) return { data: junkList('page'), jobs: junkList('page'), results: junkList('page'), users: junkList('page'), user_invitations: junkList('page') };
	if (entry.answer === 'records') return junkList('records');
	if (typeof entry.answer !== 'object') return { marker: 'kept' };
	const answer: IDataObject = { marker: 'kept' };
	for (const [field, rule] of Object.entries(entry.answer)) {
		answer[field] = rule === 'created' || rule === 'id' ? 'kept-0001' : rule === 'object' || rule === 'object?' ? { marker: 'kept' } : junkList(rule);
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

const CRASH = /Cannot read prop|is not a function|is not iterable|Cannot destructure|Cannot convert|Maximum call stack|\$error/;

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

describe('every endpoint of the table, answered what its operation cannot read', () => {
	test('every entry has a caller here, or no node calls it', () => {
		expect(Object.keys(CALLERS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
		expect(called.length).toBeGreaterThan(70);
	});

	describe.each(called)('%s', (id) => {
		const entry = entryOf(id);
		const what = `${entry.method} ${entry.path.replace(/\{\w+\}/g, '[^ ]+')}`;

		test.each(WRONG)('%s: a clear error naming the endpoint, or a valid output', async (_case, answer) => {
			const result = await runAgainst(id, answer);
			expectClean(result);
			const parsed = JSON.parse(answer.text) as unknown;
			const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
			const fields = requiredRules(entry.answer);
			const mustFail =
				(entry.answer !== 'any' && entry.answer !== 'records' && !isObject) ||
				(entry.answer === 'records' && !Array.isArray(parsed)) ||
				(isObject && fields.some(([field]) => !(field in (parsed as IDataObject)) || (parsed as IDataObject)[field] === null));
			if (mustFail) {
				expect(result.error?.message).toMatch(new RegExp(`answered ${what} `));
				expect(result.items).toEqual([]);
			}
			if (entry.answer === 'any') expect(result.error).toBeUndefined();
		});

		test('lists holding null and plain values: no item is made of them', async () => {
			const result = await runAgainst(id, json(200, junkAnswer(id)));
			expectClean(result);
			const shown = JSON.stringify(result.items);
			for (const junk of [JUNK_TEXT, ...JUNK]) expect({ junk, found: shown.includes(junk) ? shown : '' }).toEqual({ junk, found: '' });
		});
	});
});

describe('creates need the ID of what they created', () => {
	const creates = called.filter((id) => requiredRules(entryOf(id).answer).some(([, rule]) => rule === 'created'));

	test.each(creates.flatMap((id) => [200, 201, 202].map((status) => [id, status] as const)))('%s answered %i {"detail"} fails, naming the ID', async (id, status) => {
		const field = requiredRules(entryOf(id).answer).find(([, rule]) => rule === 'created')![0];
		const { error, items } = await runAgainst(id, json(status, DETAIL));
		expect(items).toEqual([]);
		const path = entryOf(id).path.replace(/\{\w+\}/g, '[^/ ]+');
		expect(error?.message).toMatch(new RegExp(`^The Media Analysis Service answered POST ${path} without an ID for what it created \\(the answer was an object with the keys detail, with no "${field}"\\)$`));
		expect(error?.description).toMatch(/It may have been created all the same/);
	});

	test.each([
		['an empty text', '', 'a text of 0 characters'],
		['blanks', '  ', 'a text of 2 characters'],
		['a number', 42, 'a number'],
		['null', null, 'null'],
	])('a create whose ID is %s fails, saying what it was', async (_case, value, shown) => {
		const { error, items } = await runAgainst('create-dataset-api-v-1-datasets-post', json(201, { id: value, name: 'probe_set' }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(`The Media Analysis Service answered POST /api/v1/datasets without an ID for what it created (the answer was an object with the keys id, name, whose "id" is ${shown})`);
	});

	test('the error names the item whose create was answered so; with Continue On Fail the other items flow on', async () => {
		const id = 'create-dataset-api-v-1-datasets-post';
		const caller = call('datasets', 'dataset', 'create', { name: '={{ $json.name }}', encoderName: 'resnet-50' });
		const items = [{ name: 'probe_one' }, { name: 'probe_two' }];
		const stopped = await runAgainst(id, json(201, DETAIL), { caller, passing: 1, items });
		expect(stopped.error?.message).toMatch(/answered POST \/api\/v1\/datasets without an ID for what it created .*with no "id"/);
		expect(stopped.error?.context?.itemIndex).toBe(1);

		const flowing = await runAgainst(id, json(201, DETAIL), { caller, passing: 1, items: [{ name: 'probe_three' }, { name: 'probe_four' }], continueOnFail: true });
		expect(flowing.error).toBeUndefined();
		expect(flowing.items.map((item) => [item.json.name ?? null, typeof item.json.error, item.pairedItem])).toEqual([
			['probe_three', 'undefined', { item: 0 }],
			[null, 'string', { item: 1 }],
		]);
	});

	test('at least every create of the table is here', () => {
		expect(creates).toEqual(
			expect.arrayContaining([
				'create',
				'create-connection-api-v-0-connections-post',
				'create-dataset-api-v-1-datasets-post',
				'create-query-api-v-1-queries-post',
				'create-ingest-job-from-images-api-v-1-ingestion-images-post',
				'create-ingest-job-for-metadata-api-v-1-ingestion-metadata-post',
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
		const { error, items } = await runAgainst('delete', answer);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ deleted: true, id: SEED_CONCEPT_IDS.beach });
	});

	test('Concept Delete answered null: the concept was deleted, the item says so without a response', async () => {
		const { items } = await runAgainst('delete', json(200, null));
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: SEED_CONCEPT_IDS.beach }]);
	});

	test('Label Get Candidates answered {"data": [null, 1, "x", {…}]} gives one item, the record', async () => {
		const { error, items } = await runAgainst('get-label-candidates', json(200, { data: [null, 1, 'x', { imageId: UUID4 }] }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ imageId: UUID4 }]);
	});

	test('an asset status answered {"data": []} (the document\'s empty answer) says there is none, clearly', async () => {
		const { error } = await runAgainst('get-image-asset-status-api-v-1-ingestion-images-asset-id-status-get', json(200, { data: [] }));
		expect(error?.message).toBe(`No ingestion status for image ${UUID4}`);
	});
});

describe('a paged endpoint read in one request (Celebrity Identify) is checked as a page', () => {
	const url = 'https://photos.example.com/party/one.jpg';
	const identify = call('celebrity', 'image', 'identify', { datasetId: rl(IMAGES), imageUrl: url, options: { pollInterval: 0.1, waitTimeout: 20 } });
	beforeEach(() => {
		bed.sandbox.store.datasets.get(IMAGES)!.config.celebrity_detection_enabled = true;
		bed.sandbox.store.ingestion.setStepMs(20);
	});

	test('asset statuses holding null and plain values: the record among them is read', async () => {
		const answer = json(200, { data: [null, 1, 'x', { source_path: url, status: 'in_progress', asset_id: UUID4 }] });
		const result = await runAgainst('get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(`The dataset already holds the image at ${url}, with status in_progress; it was left as it is`);
	});

	test('a job status whose assets hold null and plain values ends in the clear ingestion error', async () => {
		const answer = json(200, { data: { status: 'completed', assets: { data: [null, 7, 'x'] } } });
		const result = await runAgainst('get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get', answer, { caller: identify });
		expectClean(result);
		expect(result.error?.message).toBe(`The service could not ingest the image at ${url}: unknown`);
	});

	test('a job status without its page is a clear error naming the endpoint', async () => {
		const result = await runAgainst('get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get', json(200, { data: 'done' }), { caller: identify });
		expectClean(result);
		expect(result.error?.message).toMatch(/^The Media Analysis Service answered GET \/api\/v1\/ingestion\/jobs\/[0-9a-f]{24}\/status without the list of records it should hold/);
	});
});

test('a long page read in one request is cleaned in place without exhausting the stack', () => {
	const warnings: string[] = [];
	const context = { getNode: () => ({ name: 'Probe' }), logger: { warn: (line: string) => warnings.push(line) } } as unknown as ApiContext;
	const list: unknown[] = Array.from({ length: 300_000 }, (_, index) => (index % 3 === 0 ? null : { index }));
	const answer = { data: list };
	checkAnswer.call(context, { method: 'POST', path: '/api/v1/probe' }, offsetLimit, answer);
	expect(answer.data).toBe(list);
	expect(list).toHaveLength(200_000);
	expect(list.every((entry) => typeof entry === 'object' && entry !== null)).toBe(true);
	expect(warnings).toEqual([expect.stringMatching(/listed 100000 entries that are not records/)]);
});
