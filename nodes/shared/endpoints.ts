import type { IDataObject } from 'n8n-workflow';

import type { operations, paths } from './api-types.generated';
import { ROUTES } from './routes.generated';
import {
	loneSurrogateAt,
	paginate,
	type TransportRun as Run,
	wellFormed,
	type AnswerSpec,
	type ApiRequest,
	type FieldRule,
	type ListIdentity,
	type PageStyle,
} from './transport';
import type * as pageStyles from './pageStyles';
import {
	invitationsPages,
	jobsList,
	jobStatusPages,
	offsetLimit,
	offsetLimitCamelCase,
	offsetLimitLinks,
	pagePerPage,
	searchBody,
	skipLimit,
	usersPages,
	videoSearchBody,
} from './pageStyles';
import { sampleIdNote } from './notFound';
import { datasetAsSent, recoverRecord, type RecoverLookup } from './recovery';
import type { DatasetCreateRequest } from './schemas.generated';

/** An operation of the vendor's OpenAPI document, by its operationId. */
export type OperationId = keyof operations;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The documented paths whose `method` is this operation. */
type PathOf<K extends OperationId, M extends Method> = {
	[P in keyof paths]: paths[P][Lowercase<M>] extends operations[K]
		? operations[K] extends paths[P][Lowercase<M>]
			? P
			: never
		: never;
}[keyof paths];

/** The generated routes, typed so that a method or path the types do not give an operation fails to compile. */
const routes: { readonly [K in OperationId]: { [M in Method]: { method: M; path: PathOf<K, M> } }[Method] } = ROUTES;

/**
 * How a request may be sent again after a failure whose outcome is unknown: `idempotent` (twice is as once),
 * `recover` (look on the service for what it created; the call passes `recover`), `never` (stop and say so):
 * creates, and deletes or state changes whose repeat would answer 404 or a conflict for what the first one did.
 */
export type RetryPolicy = 'idempotent' | 'recover' | 'never';

/**
 * The policy of an entry that names none: a paged list's is `idempotent` (reading it sends it again for each page);
 * else by method, so a POST that names none is `never`.
 */
const DEFAULT_RETRY: Record<Method, RetryPolicy> = {
	GET: 'idempotent',
	PUT: 'idempotent',
	PATCH: 'idempotent',
	DELETE: 'never',
	POST: 'never',
};

/** The JSON body an operation takes. */
type BodyOf<K extends OperationId> = JsonOf<NonNullable<operations[K]['requestBody']>>;

/** An answer spec whose fields the operation's documented answer has. */
type AnswerOf<K extends OperationId> =
	| Exclude<AnswerSpec, object>
	| { readonly [F in keyof OperationResponse<K>]?: FieldRule };

type Endpoint<K extends OperationId> = {
	/** The vendor document's name of the operation (the table's key is the readable name call sites use). */
	operationId: K;
	/** What a 404 is about, e.g. "Dataset": the error then names it and the value given. */
	notFound?: string;
	/** Fields of the answer holding a secret the service hands out: kept out of every error of the node run. */
	answerSecrets?: readonly string[];
	/**
	 * For a `recover` entry: how a create whose answer was lost is looked for, from what the call sent
	 * (`recoverRecord`). Without it, each call passes its own `recover`.
	 */
	recover?: (run: Run, sent: { body: BodyOf<K>; itemIndex?: number }) => RecoverLookup;
	retry?: RetryPolicy;
} & (
	| ListedBy<K, StyleAt>
	| {
			/** What the nodes read from a successful answer (`transport/check.ts`): a JSON object where it says nothing. */
			answer?: AnswerOf<K>;
			pages?: undefined;
			identity?: undefined;
	  }
);

/** Where the page styles put their lists (`listAt`). */
type StyleAt = {
	[S in keyof typeof pageStyles]: (typeof pageStyles)[S] extends PageStyle<infer At> ? At : never;
}[keyof typeof pageStyles];
/** A list's entry: its page style, and what tells its records apart, fields of its records as the document types them. */
type ListedBy<K extends OperationId, At> = At extends readonly string[]
	? {
			/** The pagination family of a list: its page holds the list, whose entries must be records. */
			pages: PageStyle<At>;
			/** What tells its records apart while it is read (`pages()`): documented fields (any where none), or `content`. */
			identity: ListIdentity<keyof EntriesOf<Under<OperationResponse<K>, At>> & string>;
			answer?: undefined;
		}
	: never;

/**
 * Every endpoint the nodes call (and every seed endpoint of the service spec), keyed by a readable name
 * (`<area>.<operation>`, e.g. `datasets.getConfig`) with the document's operationId a field of the entry, whose
 * method and path come from the document (`ROUTES`); answer fields are checked against its types.
 * `test/package/endpoints.test.ts` keeps it complete.
 */
export const ENDPOINTS = {
	'chat.send': {
		operationId: 'chat',
		retry: 'idempotent',
		notFound: 'Dataset',
		answer: { history_chat_messages: 'array' },
	},
	'chat.sendInDataset': {
		operationId: 'chat-dataset',
		retry: 'idempotent',
		notFound: 'Dataset',
		answer: { history_chat_messages: 'array' },
	},
	'celebrities.getPerson': {
		operationId: 'get-person-api-v-0-celebrity-detection-person-person-id-get',
		notFound: 'Person',
		answer: { id: 'id', aliases: 'strings' },
	},
	'celebrities.getPersonsInOrg': {
		operationId: 'get-persons-in-org-api-v-0-celebrity-detection-persons-get',
		pages: pagePerPage,
		identity: ['id'],
	},
	'celebrities.getFacesWithPerson': {
		operationId: 'get-faces-with-person-api-v-0-celebrity-detection-faces-with-person-get',
		notFound: 'Person',
		answer: { faces: 'records' },
	},
	'celebrities.getPersonsByNamesAndAliases': {
		operationId: 'get-persons-by-names-and-aliases-api-v-0-celebrity-detection-persons-by-names-and-aliases-get',
		answer: { matches: 'records' },
	},
	'celebrities.getPersonsInImage': {
		operationId: 'get-persons-in-image-api-v-0-celebrity-detection-persons-in-image-image-id-get',
		notFound: 'Image',
		answer: { persons: 'records' },
	},
	'celebrities.identifyCelebritiesInExternalImage': {
		operationId: 'identify-celebrities-in-external-image-api-v-0-celebrity-detection-identify-get',
		answer: { persons: 'records' },
	},
	'celebrities.updatePersonAliases': {
		operationId: 'update-person-aliases-api-v-0-celebrity-detection-person-aliases-put',
		notFound: 'Person',
		answer: { id: 'id' },
	},
	'concepts.classifyImageAtUrl': {
		operationId: 'classify-image-at-url',
		retry: 'idempotent',
		answer: { scores: 'records' },
	},
	'concepts.create': {
		operationId: 'create',
		answer: { conceptId: 'created' },
	},
	'concepts.list': {
		operationId: 'list',
		pages: offsetLimitCamelCase,
		identity: ['conceptId'],
	},
	'concepts.get': {
		operationId: 'get',
		notFound: 'Concept',
		answer: { conceptId: 'id' },
	},
	'concepts.update': {
		operationId: 'update',
		notFound: 'Concept',
		answer: { conceptId: 'id' },
	},
	'concepts.delete': {
		operationId: 'delete',
		notFound: 'Concept',
		answer: 'any',
	},
	'concepts.getConceptPrediction': {
		operationId: 'get-concept-prediction',
		notFound: 'Concept',
		answer: { probabilityRanges: 'array', estimates: 'array' },
	},
	'concepts.getLabelCandidates': {
		operationId: 'get-label-candidates',
		notFound: 'Concept',
		answer: { data: 'records' },
	},
	'concepts.getLabels': {
		operationId: 'get-labels',
		notFound: 'Concept',
		pages: offsetLimitCamelCase,
		identity: ['labelId'],
	},
	'concepts.updateLabels': {
		operationId: 'update-labels',
		notFound: 'Concept',
		answer: { conceptId: 'id' },
	},
	'connections.createConnection': {
		operationId: 'create-connection-api-v-0-connections-post',
		answer: { connection_id: 'created' },
	},
	'connections.listConnections': {
		operationId: 'list-connections-api-v-0-connections-get',
		pages: offsetLimitLinks,
		identity: ['connection_id'],
	},
	'connections.getConnection': {
		operationId: 'get-connection-api-v-0-connections-connection-name-or-id-get',
		notFound: 'Connection',
		answer: { connection_id: 'id' },
	},
	'connections.updateConnection': {
		operationId: 'update-connection-api-v-0-connections-connection-name-or-id-patch',
		notFound: 'Connection',
		answer: { connection_id: 'id' },
	},
	'connections.deleteConnection': {
		operationId: 'delete-connection-api-v-0-connections-connection-name-or-id-delete',
		notFound: 'Connection',
	},
	'connections.getConnectionCredentials': {
		operationId: 'get-connection-credentials-api-v-0-connections-connection-name-or-id-credentials-get',
		notFound: 'Connection',
		answer: { access_key_id: 'id' },
	},
	'connections.listWithConnection': {
		operationId: 'list-with-connection-api-v-0-connections-connection-name-or-id-list-post',
		retry: 'idempotent',
		notFound: 'Connection',
		answer: { keys: 'strings', common_prefixes: 'strings' },
	},
	'connections.testConnection': {
		operationId: 'test-connection-api-v-0-connections-connection-name-or-id-test-post',
		retry: 'idempotent',
		notFound: 'Connection',
	},
	// Names are unique: a lost answer is settled by the dataset that holds the name (ours, or proof it was not made).
	'datasets.create': {
		operationId: 'create-dataset-api-v-1-datasets-post',
		retry: 'recover',
		recover: recoverDataset,
		answer: { id: 'created' },
	},
	'datasets.list': {
		operationId: 'get-datasets-api-v-1-datasets-get',
		pages: skipLimit,
		identity: ['id'],
	},
	'datasets.get': {
		operationId: 'get-dataset-by-id-api-v-1-datasets-dataset-id-get',
		notFound: 'Dataset',
		answer: { id: 'id' },
	},
	'datasets.update': {
		operationId: 'update-dataset-by-id-api-v-1-datasets-dataset-id-patch',
		notFound: 'Dataset',
		answer: { id: 'id' },
	},
	'datasets.delete': {
		operationId: 'delete-dataset-by-id-api-v-1-datasets-dataset-id-delete',
		notFound: 'Dataset',
	},
	'datasets.getConfig': {
		operationId: 'get-dataset-config-api-v-1-datasets-dataset-id-config-get',
		notFound: 'Dataset',
		answer: { dataset_id: 'id' },
	},
	'datasets.listEncoders': {
		operationId: 'list-available-encoders-api-v-1-encoders-get',
		answer: 'records',
	},
	'dynamicTags.listGroups': {
		operationId: 'list-groups',
		pages: pagePerPage,
		// A row is a group version: with include_versions a group shows its draft and its published one.
		identity: ['group_id', 'group_version_id'],
	},
	// It starts a deletion job (202): sent again only when provably not carried out.
	'ingestion.deleteAssets': {
		operationId: 'delete-assets',
		notFound: 'Dataset',
		answer: { dataset_id: 'id', assets: 'records' },
	},
	'ingestion.createIngestJobForMetadata': {
		operationId: 'create-ingest-job-for-metadata-api-v-1-ingestion-metadata-post',
		answer: { id: 'created' },
	},
	'ingestion.createIngestJobFromAssets': {
		operationId: 'create-ingest-job-from-assets-api-v-1-ingestion-assets-post',
		retry: 'recover',
		answer: { id: 'created' },
	},
	'ingestion.createIngestJobFromBucket': {
		operationId: 'create-ingest-job-from-bucket-api-v-1-ingestion-buckets-post',
		answer: { id: 'created' },
	},
	'ingestion.createIngestJobFromFile': {
		operationId: 'create-ingest-job-from-file-api-v-1-ingestion-files-post',
		answer: { id: 'created' },
	},
	'ingestion.createIngestJobFromImages': {
		operationId: 'create-ingest-job-from-images-api-v-1-ingestion-images-post',
		retry: 'recover',
		answer: { id: 'created' },
	},
	'ingestion.createIngestJobFromVideos': {
		operationId: 'create-ingest-job-from-videos-api-v-1-ingestion-videos-post',
		retry: 'recover',
		answer: { id: 'created' },
	},
	'ingestion.getByIngestJobId': {
		operationId: 'get-by-ingest-job-id-api-v-1-ingestion-jobs-ingest-job-id-get',
		notFound: 'Ingestion job',
		answer: { dataset_id: 'id' },
	},
	'ingestion.getIngestJobs': {
		operationId: 'get-ingest-jobs-api-v-1-ingestion-jobs-get',
		pages: jobsList,
		// The document lets a job's `id` be null or absent: such a job has no key (never taken for another).
		identity: ['id'],
	},
	'ingestion.getJobStatus': {
		operationId: 'get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get',
		notFound: 'Ingestion job',
		pages: jobStatusPages,
		identity: ['asset_id'],
	},
	'ingestion.getDatasetAssetsStatus': {
		operationId: 'get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post',
		notFound: 'Dataset',
		pages: offsetLimit,
		identity: ['asset_id'],
	},
	'ingestion.getDatasetAssetsStatusCount': {
		operationId: 'get-dataset-assets-status-count-api-v-1-ingestion-datasets-dataset-id-assets-status-count-get',
		notFound: 'Dataset',
		answer: { data: 'object' },
	},
	'ingestion.getDatasetAssetsStatusSummary': {
		operationId: 'get-dataset-assets-status-summary-api-v-1-ingestion-datasets-dataset-id-assets-status-summary-get',
		notFound: 'Dataset',
		pages: offsetLimit,
		identity: ['asset_id'],
	},
	'ingestion.getDatasetStatus': {
		operationId: 'get-dataset-status-api-v-1-ingestion-datasets-dataset-id-status-get',
		notFound: 'Dataset',
		pages: offsetLimit,
		identity: ['ingest_job_id'],
	},
	'ingestion.getImageAssetStatus': {
		operationId: 'get-image-asset-status-api-v-1-ingestion-images-asset-id-status-get',
		notFound: 'Image',
		answer: { data: 'object?' },
	},
	'ingestion.getVideoAssetStatus': {
		operationId: 'get-video-asset-status-api-v-1-ingestion-videos-asset-id-status-get',
		notFound: 'Video',
		answer: { data: 'object?' },
	},
	'queries.createQuery': {
		operationId: 'create-query-api-v-1-queries-post',
		notFound: 'Dataset',
		answer: { query_id: 'created' },
	},
	'queries.listQueries': {
		operationId: 'list-queries-api-v-1-queries-get',
		pages: offsetLimitLinks,
		identity: ['query_id'],
	},
	'queries.cancelQuery': {
		operationId: 'cancel-query-api-v-1-queries-query-id-cancel-post',
		notFound: 'Query',
		answer: { query_id: 'id' },
	},
	'adSegments.createAdSegments': {
		operationId: 'create-ad-segments',
		notFound: 'Dataset',
		answer: { segments: 'records' },
	},
	'adSegments.getAdSegments': {
		operationId: 'get-ad-segments',
		notFound: 'Dataset',
		answer: { ad_segments: 'records' },
	},
	'adSegments.deleteAdSegments': {
		operationId: 'delete-ad-segments',
		retry: 'idempotent',
		notFound: 'Dataset',
	},
	'search.audioSearch': {
		operationId: 'audio-search',
		pages: searchBody,
		identity: ['coactive_image_id'],
	},
	'search.imageToImage': {
		operationId: 'image-to-image',
		pages: searchBody,
		identity: ['coactive_image_id'],
	},
	'search.imageToKeyframes': {
		operationId: 'image-to-keyframes',
		pages: searchBody,
		identity: ['keyframe_id'],
	},
	'search.textSearch': {
		operationId: 'text-search-api-v-1-search-text-to-image-post',
		pages: searchBody,
		identity: ['coactive_image_id'],
	},
	'search.textToKeyframesSearch': {
		operationId: 'text-to-keyframes-search-api-v-1-search-text-to-keyframes-post',
		pages: searchBody,
		identity: ['keyframe_id'],
	},
	'search.transcriptExactMatch': {
		operationId: 'transcript-exact-match',
		pages: searchBody,
		// A match has no ID; the keyframe closest to it may match in several segments: not told apart (today's rule).
		identity: 'content',
	},
	'search.searchVideos': {
		operationId: 'search-videos',
		pages: videoSearchBody,
		identity: ['video_id'],
	},
	'search.getVideoDetails': {
		operationId: 'get-video-details',
		answer: { video_id: 'id', slices: 'records' },
	},
	'search.audioSoundSearch': {
		operationId: 'audio-sound-search',
		pages: searchBody,
		// A chunk of a video's audio: the keyframe closest to it and its times.
		identity: ['coactive_image_id', 'start_time_ms', 'end_time_ms'],
	},
	'search.textToImageSearchByPerson': {
		operationId: 'text-to-image-search-by-person',
		pages: searchBody,
		identity: ['coactive_image_id'],
	},
	'search.hybridSearch': {
		operationId: 'hybrid-search',
		retry: 'idempotent',
		answer: { data: 'records' },
	},
	'search.celebrityMatches': {
		operationId: 'celebrity-matches-api-v-1-search-celebrity-matches-post',
		pages: searchBody,
		identity: ['keyframe_id'],
	},
	// A metadata-filtered search starts a run (a Databricks job): sent again, it would start a second one.
	'search.searchTextToImageWithMetadataFilters': {
		operationId: 'search-text-to-image-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.searchTextToKeyframeWithMetadataFilters': {
		operationId: 'search-text-to-keyframe-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.searchTextToShotWithMetadataFilters': {
		operationId: 'search-text-to-shot-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.searchTextToTranscriptWithMetadataFilters': {
		operationId: 'search-text-to-transcript-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.searchTextToVideoWithMetadataFilters': {
		operationId: 'search-text-to-video-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.searchAudioSoundWithMetadataFilters': {
		operationId: 'search-audio-sound-with-metadata-filters',
		answer: { run_id: 'integer' },
	},
	'search.getMetadataFilterSearchStatus': {
		operationId: 'get-metadata-filter-search-status',
		notFound: 'Filtered search run',
		answer: { run_id: 'integer' },
	},
	'search.getMetadataFilterSearchResult': {
		operationId: 'get-metadata-filter-search-result',
		notFound: 'Filtered search run',
	},
	'queries.getQuery': {
		operationId: 'get-query-api-v-1-queries-query-id-get',
		notFound: 'Query',
		answer: { query_id: 'id' },
	},
	'queries.deleteQuery': {
		operationId: 'delete-query-api-v-1-queries-query-id-delete',
		notFound: 'Query',
	},
	'queries.runQuery': {
		operationId: 'run-query-api-v-1-queries-query-id-run-post',
		notFound: 'Query',
		answer: { query_id: 'id' },
	},
	'queries.stopQuery': {
		operationId: 'stop-query-api-v-1-queries-query-id-stop-post',
		notFound: 'Query',
		answer: { query_id: 'id' },
	},
	'queries.exportQuery': {
		operationId: 'export-query-api-v-1-queries-query-id-exports-post',
		notFound: 'Query',
		answer: { export_id: 'created' },
	},
	'queries.getQueryResultsUrl': {
		operationId: 'get-query-results-url-api-v-1-queries-query-id-results-get',
		notFound: 'Query',
		answer: { query_id: 'id' },
	},
	'queries.listTables': {
		operationId: 'list-tables-api-v-1-datasets-dataset-id-tables-get',
		notFound: 'Dataset',
		answer: { tables: 'records' },
	},
	'queries.getTable': {
		operationId: 'get-table-api-v-1-datasets-dataset-id-tables-table-name-get',
		notFound: 'Table',
	},
	'dynamicTags.getVideoShotScores': {
		operationId: 'get-video-shot-scores',
		answer: { data: 'records' },
	},
	'dynamicTags.getVideoScoresResult': {
		operationId: 'get-video-scores-result',
		pages: pagePerPage,
		// One score per video and tag version (the preview is "for this video and tag version").
		identity: ['tag_version_id', 'coactive_video_id'],
	},
	'dynamicTags.getVideoScoresResultCount': {
		operationId: 'get-video-scores-result-count',
		answer: { aggregation_id: 'id' },
	},
	'dynamicTags.getVideoScoresResultPreview': {
		operationId: 'get-video-scores-result-preview',
		answer: { data: 'records' },
	},
	'admin.createCredentials': {
		operationId: 'create-credentials',
		answerSecrets: ['client_secret'],
		answer: { client_id: 'created' },
	},
	'admin.listCredentials': {
		operationId: 'list-credentials',
		answerSecrets: ['client_secret'],
		answer: 'records',
	},
	'admin.getCredentials': {
		operationId: 'get-credentials',
		notFound: 'System credential',
		answerSecrets: ['client_secret'],
		answer: { client_id: 'id' },
	},
	'admin.updateCredentials': {
		operationId: 'update-credentials',
		notFound: 'System credential',
		answerSecrets: ['client_secret'],
		answer: { client_id: 'id' },
	},
	'admin.deleteCredentials': {
		operationId: 'delete-credentials',
		notFound: 'System credential',
		answerSecrets: ['client_secret'],
	},
	'admin.createInvitation': {
		operationId: 'create-invitation',
		retry: 'recover',
		answer: { invitation_id: 'created' },
	},
	'admin.listInvitations': {
		operationId: 'list-invitations',
		pages: invitationsPages,
		identity: ['invitation_id'],
	},
	'admin.getInvitation': {
		operationId: 'get-invitation',
		notFound: 'Invitation',
		answer: { invitation_id: 'id' },
	},
	'admin.deleteInvitation': {
		operationId: 'delete-invitation',
		notFound: 'Invitation',
	},
	'admin.listRoles': {
		operationId: 'list-roles',
		answer: { roles: 'records' },
	},
	'admin.listUsers': {
		operationId: 'list-users',
		pages: usersPages,
		identity: ['user_id'],
	},
	'admin.removeUser': {
		operationId: 'remove-user',
		notFound: 'User',
	},
	'admin.updateUserRoles': {
		operationId: 'update-user-roles',
		notFound: 'User',
		answer: { user_id: 'id' },
	},
	'videoInsights.generateVideoSummary': {
		operationId:
			'generate-video-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-summary-post',
		retry: 'idempotent',
	},
	'videoInsights.generateVideoDescription': {
		operationId:
			'generate-video-description-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-description-post',
		retry: 'idempotent',
	},
	'videoInsights.generateVideoSynopsis': {
		operationId:
			'generate-video-synopsis-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-synopsis-post',
		retry: 'idempotent',
	},
	'videoInsights.predictVideoGenre': {
		operationId: 'predict-video-genre-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-genre-post',
		retry: 'idempotent',
		answer: { genres: 'strings' },
	},
	'videoInsights.predictVideoMood': {
		operationId: 'predict-video-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-mood-post',
		retry: 'idempotent',
		answer: { moods: 'strings' },
	},
	'videoInsights.predictVideoSubject': {
		operationId:
			'predict-video-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-subject-post',
		retry: 'idempotent',
		answer: { subjects: 'strings' },
	},
	'videoInsights.predictVideoFormat': {
		operationId:
			'predict-video-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-format-post',
		retry: 'idempotent',
		answer: { formats: 'strings' },
	},
	'videoInsights.generateCompositeSliceSummary': {
		operationId:
			'generate-composite-slice-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-summary-post',
		retry: 'idempotent',
	},
	'videoInsights.predictCompositeSliceMood': {
		operationId:
			'predict-composite-slice-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-mood-post',
		retry: 'idempotent',
		answer: { moods: 'strings' },
	},
	'videoInsights.predictCompositeSliceSubject': {
		operationId:
			'predict-composite-slice-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-subject-post',
		retry: 'idempotent',
		answer: { subjects: 'strings' },
	},
	'videoInsights.predictCompositeSliceFormat': {
		operationId:
			'predict-composite-slice-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-format-post',
		retry: 'idempotent',
		answer: { formats: 'strings' },
	},
	// It starts a captioning job (202, no status endpoint): sent again only when provably not carried out.
	'videoInsights.captionVideoKeyframes': {
		operationId:
			'caption-video-keyframes-api-v-0-video-summarization-datasets-dataset-id-videos-video-id-caption-keyframes-post',
		// Its one documented field, a non-empty text: a gateway's 200 {"detail"} is not taken for the job started.
		answer: { message: 'id' },
	},
	'videoInsights.createMetadata': {
		operationId: 'create-metadata-api-v-0-video-narrative-metadata-metadata-post',
		answer: { item: 'object' },
	},
	'videoInsights.getMetadata': {
		operationId: 'get-metadata-api-v-0-video-narrative-metadata-metadata-get',
		answer: { items: 'records' },
	},
	'videoInsights.updateMetadata': {
		operationId: 'update-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-patch',
		notFound: 'Vocabulary term',
		answer: { item: 'object' },
	},
	'videoInsights.deleteMetadata': {
		operationId: 'delete-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-delete',
		notFound: 'Vocabulary term',
		answer: { id: 'id' },
	},
} satisfies Record<string, AnyEndpoint>;

/** An entry of the table, of whichever operation. */
type AnyEndpoint = { [K in OperationId]: Endpoint<K> }[OperationId];

export type EndpointId = keyof typeof ENDPOINTS;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The operationId of a table entry. */
export type OperationOf<K extends EndpointId> = (typeof ENDPOINTS)[K]['operationId'];
/** The JSON body an endpoint of the table takes. */
export type RequestOf<K extends EndpointId> = BodyOf<OperationOf<K>>;
/** The JSON a successful answer of an endpoint of the table holds. */
export type ResponseOf<K extends EndpointId> = OperationResponse<OperationOf<K>>;
/** The JSON a successful answer of an operation holds (200, 201 or 202). */
type OperationResponse<K extends OperationId> = JsonOf<
	operations[K]['responses'] extends infer R
		? R extends Record<200, infer A>
			? A
			: R extends Record<201, infer A>
				? A
				: R extends Record<202, infer A>
					? A
					: never
		: never
>;

type SpecOf<K extends EndpointId> = (typeof ENDPOINTS)[K] extends { answer: infer S } ? S : never;
/** The answer as the table's check leaves it: every field the entry declares present (but `object?` ones). */
export type CheckedResponseOf<K extends EndpointId> = ResponseOf<K> &
	(SpecOf<K> extends { readonly [field: string]: FieldRule }
		? {
				[F in keyof SpecOf<K> & keyof ResponseOf<K> as SpecOf<K>[F] extends 'object?' ? never : F]-?: Exclude<
					ResponseOf<K>[F],
					null | undefined
				>;
			}
		: unknown);

/** What a call adds to the table's entry: the path's values, query, body and the item. */
export type EndpointCall<K extends EndpointId> = Omit<
	ApiRequest,
	'method' | 'path' | 'idempotent' | 'resourceLabel' | 'answerSecrets' | 'body' | 'answer'
> & {
	params?: Record<string, string>;
	body?: RequestOf<K>;
};

/** A table entry with its method and path, and its retry policy as sent (`DEFAULT_RETRY` where it names none). */
export function endpointOf(id: EndpointId) {
	const entry: AnyEndpoint = ENDPOINTS[id];
	const { method, path } = routes[entry.operationId];
	const answer = entry.pages ? undefined : (entry.answer ?? 'object');
	const retry = entry.retry ?? (entry.pages ? 'idempotent' : DEFAULT_RETRY[method]);
	return { ...entry, method, path, retry, answer };
}

/** The path with its `{name}` placeholders filled in (each value one segment; half a character goes as U+FFFD). */
export function endpointPath(id: EndpointId, params: Record<string, string> = {}): string {
	return endpointOf(id).path.replace(/\{(\w+)\}/g, (_, name: string) =>
		encodeURIComponent(wellFormed(params[name] ?? '')),
	);
}

/** The transport request for a table entry and a call. */
export function endpointRequest<K extends EndpointId>(
	id: K,
	{ params, body, ...call }: EndpointCall<K> = {},
): ApiRequest {
	const entry = endpointOf(id);
	if (entry.retry === 'recover' && !call.recover) throw new Error(`${id} is sent only with a recover lookup`);
	const request: ApiRequest = {
		...call,
		method: entry.method,
		path: endpointPath(id, params),
		idempotent: entry.retry === 'idempotent',
	};
	// A value with half a character: the transport refuses the request, naming it.
	for (const [field, value] of Object.entries(params ?? {})) {
		const at = loneSurrogateAt(value);
		if (at >= 0) request.unsendable ??= { field, at };
	}
	if (entry.notFound) request.resourceLabel = entry.notFound;
	request.notFoundNote = sampleIdNote;
	if (entry.answerSecrets) request.answerSecrets = [...entry.answerSecrets];
	request.answer = entry.pages ?? entry.answer;
	if (entry.identity) request.identity = entry.identity;
	// RequestOf<K> is the document's JSON body, which TypeScript cannot relate to IDataObject for any K.
	if (body !== undefined) request.body = body as unknown as IDataObject;
	return request;
}

/** The endpoints of the table that are paged lists. */
export type PagedEndpointId = {
	[K in EndpointId]: (typeof ENDPOINTS)[K] extends { pages: PageStyle } ? K : never;
}[EndpointId];

/** The field path of a list endpoint's page style (`['data']`, `['data', 'assets', 'data']`, …). */
type ListAtOf<K extends PagedEndpointId> = (typeof ENDPOINTS)[K] extends { pages: PageStyle<infer At> } ? At : never;
/** What the answer `T` holds at the field path `At` (through unions and optional fields, as the document types them). */
type Under<T, At> = At extends readonly [infer Head extends string, ...infer Rest]
	? Under<T extends unknown ? (Head extends keyof T ? NonNullable<T[Head]> : never) : never, Rest>
	: T;
/** The entry types of the lists `L` may be; a list of entries typed "any" (the document's EmptyResponse) adds none. */
type EntriesOf<L> = L extends readonly (infer E)[] ? (unknown extends E ? never : E) : never;
type Entries<K extends PagedEndpointId> = EntriesOf<Under<ResponseOf<K>, ListAtOf<K>>>;

/** One record of a list endpoint as the document types its entries (only JSON objects become records). */
export type RecordOf<K extends PagedEndpointId> = ([Entries<K>] extends [never] ? unknown : Entries<K>) & IDataObject;

/** What `listEndpoint` marks a list's page style with, for the type checker only (no such value exists). */
declare const listedBy: unique symbol;
/** A list endpoint's request and its page style, marked with the endpoint so its records are typed (`RecordOf`). */
export type ListOf<K extends PagedEndpointId> = [request: ApiRequest, style: PageStyle & { readonly [listedBy]?: K }];

export function listEndpoint<K extends PagedEndpointId>(id: K, call: EndpointCall<K> = {}): ListOf<K> {
	const style = endpointOf(id).pages;
	if (!style) throw new Error(`${id} is not a paged list`);
	return [endpointRequest(id, call), style];
}

/**
 * A dataset create whose answer was lost: the dataset listed under its name (names are unique), taken when it has the
 * settings sent and was made since the request (`recoverRecord`); one that does not, or is older, holds the name, so
 * the create was not made.
 */
function recoverDataset(
	run: Run,
	{ body, itemIndex }: { body: DatasetCreateRequest; itemIndex?: number },
): RecoverLookup {
	const qs = { name_pattern: body.name };
	return recoverRecord<IDataObject>({
		list: async (serviceTime) =>
			await paginate(run, ...listEndpoint('datasets.list', { qs, itemIndex, serviceTime }), { returnAll: true }),
		holdsKey: (dataset) => dataset.name === body.name,
		matches: datasetAsSent(body),
		createdAt: (dataset) => dataset.created_dt,
	});
}
