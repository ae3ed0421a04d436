/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/* Dev-only: no secret in any output item, error (message, description, context, node) or log line, on any node (issue 8).
 * Secrets: the personal token, client ID and secret, every access token the sandbox issued, connection passwords and
 * bearer tokens typed into the Connections node or stored on the sandbox, and the wrong values typed into a
 * credential. Every node runs its operations, an error path with and without Continue On Fail, and once more under
 * the sandbox's faults (retries, lost answers, revoked tokens). */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { createServer } from 'node:net';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { LOGIN_LIMITS } from '../../credentials/login';
import { RETRY } from '../../nodes/shared/transport';
import { LIMIT } from '../../nodes/shared/transport/limit';
import { RECOVERY } from '../../nodes/shared/transport/request';
import { SEED_CLIENTS, seedClientSecret, seedUserId } from '../../sandbox/administration/model';
import { assetsOf } from '../../sandbox/assets/model';
import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_BUCKET, SEED_CONNECTION_NAMES, SEED_HTTPS_PASSWORD } from '../../sandbox/connections/model';
import { SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { slicesOf } from '../../sandbox/search/engine';
import type { FaultPlan } from '../../sandbox/server';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../sandbox/server';
import { createHarness, type Harness, type HarnessInputItem } from '../harness/engine';
import { SECRETS, TYPES, useTestBed, visibleText } from '../nodes/setup';
import { startFaultProxy } from '../support/fault-proxy';
import { byId, byName, byUrl, fromList } from '../support/locators';
import { useLimits } from '../reliability/hostile/bed';

const bed = useTestBed();

// Typed by the user: long and distinctive, so that any leak is found.
const PASSWORD = 'typed-password-secret-scan-8Jd3KqZr';
const BEARER = 'typed-bearer-secret-scan-5Wn7PzHx';
const WRONG_TOKEN = 'typed-wrong-personal-token-2Hv9LcQs';
const WRONG_SECRET = 'typed-wrong-client-secret-6Tb4MxNa';

const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';
const AVA = seedPersonId('Ava Marlowe');

/** Access tokens the sandbox issued in earlier tests (the store forgets them at each reset). */
const issued = new Set<string>();

/** Every secret known now: fixed ones, typed ones, stored ones and every access token issued so far. */
function secrets(): string[] {
	for (const token of bed.sandbox.store.accessTokens.keys()) issued.add(token);
	// Client secrets the sandbox made (a deleted credential's too): none may show but in its create's own output.
	for (const secret of bed.sandbox.store.administration.secrets()) issued.add(secret);
	for (const harness of [bed.harness, probe]) {
		const token = harness?.credentials.get('mediaAnalysisApi')?.accessToken;
		if (typeof token === 'string' && token !== '') issued.add(token);
	}
	const all = [
		...SECRETS,
		DEMO_PERSONAL_TOKEN,
		DEMO_CLIENT_ID,
		DEMO_CLIENT_SECRET,
		PASSWORD,
		BEARER,
		WRONG_TOKEN,
		WRONG_SECRET,
		SEED_HTTPS_PASSWORD,
		...[SEED_CLIENTS.ingestion.id, SEED_CLIENTS.reporting.id].map(seedClientSecret),
		...bed.sandbox.store.secrets(),
		...issued,
	];
	return [...new Set(all)].filter((secret) => secret.length >= 8);
}

/** What a user or log reader saw in this test: every run's items and errors, plus every log line so far. */
let seen: string[] = [];

/** Fails with the secret and where it showed up. */
function expectNoSecret(): void {
	const text = [...seen, visibleText(bed.harness.logs), visibleText(probe.logs)].join('\n');
	const leaks = secrets()
		.filter((secret) => text.includes(secret))
		.map((secret) => {
			const at = text.indexOf(secret);
			return `${secret.slice(0, 6)}… in: ${text.slice(Math.max(0, at - 120), at + secret.length + 40)}`;
		});
	expect(leaks).toEqual([]);
}

afterEach(() => {
	secrets();
	seen = [];
});

// ---------------------------------------------------------------------------------------------------------------
// Runs

type NodeKey = keyof typeof TYPES;

interface Run {
	node: NodeKey;
	parameters: IDataObject;
	inputItems?: Array<IDataObject | HarnessInputItem>;
	/** An error path: runs twice, once failing the node and once with Continue On Fail. */
	fails?: boolean;
	/** Set-up the run needs first (e.g. the sandbox's query timings). */
	before?: () => void;
}

const ok = (node: NodeKey, parameters: IDataObject, inputItems?: Run['inputItems']): Run => ({
	node,
	parameters,
	inputItems,
});
const failing = (node: NodeKey, parameters: IDataObject, inputItems?: Run['inputItems']): Run => ({
	node,
	parameters,
	inputItems,
	fails: true,
});

/**
 * Runs each in order and records what it showed. `strict`: successes must succeed and error paths must fail (the
 * normal pass); off under faults, where anything may fail after its retries.
 */
async function runAll(runs: Run[], strict = true): Promise<void> {
	for (const run of runs) {
		run.before?.();
		const modes = run.fails ? [false, true] : [!strict];
		for (const continueOnFail of modes) {
			const result = await bed.harness.runNode({
				type: TYPES[run.node],
				parameters: run.parameters as INodeParameters,
				inputItems: run.inputItems,
				continueOnFail,
			});
			seen.push(visibleText(result.items, result.error));
			if (!strict) continue;
			const label = `${run.node} ${String(run.parameters.resource)}/${String(run.parameters.operation)}`;
			if (!run.fails) expect({ label, error: result.error?.message }).toEqual({ label, error: undefined });
			else if (continueOnFail)
				expect({ label, errorItem: result.items.some((item) => item.json.error !== undefined) }).toEqual({
					label,
					errorItem: true,
				});
			else expect({ label, failed: result.error !== undefined }).toEqual({ label, failed: true });
		}
	}
}

/** Sandbox timings that let Wait for Completion finish within a test. */
function fastService(): void {
	bed.sandbox.store.ingestion.setStepMs(20);
	bed.sandbox.store.queries.timings = { queuedMs: 20, runningMs: 60, stoppingMs: 20 };
}

const WAIT = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 30 };

function datasetRuns(): Run[] {
	return [
		ok('datasets', {
			resource: 'dataset',
			operation: 'create',
			name: 'secret_scan',
			encoderName: 'resnet-50',
			additionalFields: { datasetConfig: '{"embedding_id": {}, "encoder_name": {}}' },
		}),
		ok('datasets', { resource: 'dataset', operation: 'getMany', returnAll: true }),
		ok('datasets', { resource: 'dataset', operation: 'get', datasetId: fromList(IMAGES) }),
		ok('datasets', { resource: 'dataset', operation: 'getConfig', datasetId: byId(IMAGES) }),
		ok('datasets', {
			resource: 'dataset',
			operation: 'update',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
			updateFields: { storePreview: false },
		}),
		ok('datasets', { resource: 'encoder', operation: 'getMany', returnAll: true }),
		failing('datasets', { resource: 'dataset', operation: 'get', datasetId: byId(UNKNOWN) }),
		failing('datasets', {
			resource: 'dataset',
			operation: 'create',
			name: 'bad_config',
			encoderName: 'resnet-50',
			additionalFields: { datasetConfig: '{"embedding_id": 5}' },
		}),
		failing('datasets', { resource: 'dataset', operation: 'get', datasetId: byId('={{ "nope" }}') }),
	];
}

function conceptRuns(): Run[] {
	const beach = byId(SEED_CONCEPT_IDS.beach);
	return [
		ok('concepts', { resource: 'concept', operation: 'create', name: 'secret_scan', datasetId: byId(IMAGES) }),
		ok('concepts', { resource: 'concept', operation: 'getMany', returnAll: true }),
		ok('concepts', { resource: 'concept', operation: 'get', conceptId: beach }),
		ok('concepts', { resource: 'concept', operation: 'estimatePredictions', conceptId: beach, threshold: 0.5 }),
		ok('concepts', { resource: 'label', operation: 'getMany', conceptId: beach, returnAll: true }),
		ok('concepts', { resource: 'label', operation: 'getCandidates', conceptId: beach, numberOfCandidates: 3 }),
		ok('concepts', {
			resource: 'classification',
			operation: 'classifyImage',
			imageUrl: 'https://example.com/beach.jpg',
			classifyAgainst: 'dataset',
			datasetId: byId(IMAGES),
		}),
		failing('concepts', {
			resource: 'concept',
			operation: 'get',
			conceptId: byId('9b2f6c1e-4d3a-4f8b-9c7d-1e2f3a4b5c6d'),
		}),
		failing('concepts', {
			resource: 'concept',
			operation: 'create',
			name: 'x',
			datasetId: byId('3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c'),
		}),
	];
}

function celebrityRuns(): Run[] {
	const image = bed.sandbox.store.celebrity.faces[0]?.imageId ?? UNKNOWN;
	// Identify ingests its URL into a dataset with celebrity detection on.
	bed.sandbox.store.datasets.get(IMAGES)!.config.celebrity_detection_enabled = true;
	bed.sandbox.store.ingestion.setStepMs(20);
	return [
		ok('celebrity', { resource: 'person', operation: 'getMany', returnAll: true }),
		ok('celebrity', { resource: 'person', operation: 'get', personId: byId(AVA) }),
		ok('celebrity', { resource: 'person', operation: 'getByNames', namesOrAliases: 'Ava Marlowe, Nobody Known' }),
		ok('celebrity', {
			resource: 'person',
			operation: 'updateAliases',
			personId: byId(AVA),
			aliasesMode: 'add',
			aliases: 'Scan Alias',
		}),
		ok('celebrity', { resource: 'face', operation: 'getMany', personId: byName('Ava Marlowe'), returnAll: true }),
		ok('celebrity', { resource: 'image', operation: 'getPersons', imageId: byId(image) }),
		ok('celebrity', {
			resource: 'image',
			operation: 'identify',
			datasetId: byId(IMAGES),
			imageUrl: 'https://photos.example.com/celebrity:Ava%20Marlowe;.jpg',
			options: { pollInterval: 0.1 },
		}),
		failing('celebrity', { resource: 'person', operation: 'get', personId: byId(UNKNOWN) }),
		failing('celebrity', {
			resource: 'image',
			operation: 'identify',
			datasetId: byId(IMAGES),
			imageUrl: `http://127.0.0.1:${closedPort}/broken/ava.jpg?X-Amz-Signature=signed-url-part`,
			options: { pollInterval: 0.1 },
		}),
	];
}

function chatRuns(): Run[] {
	return [
		ok('conversationalSearch', {
			resource: 'chat',
			operation: 'sendMessage',
			scope: 'organization',
			message: 'surfers at sunset',
			historySource: 'none',
		}),
		ok('conversationalSearch', {
			resource: 'chat',
			operation: 'sendMessage',
			scope: 'dataset',
			datasetId: byId(VIDEOS),
			message: 'a kitchen',
			historySource: 'none',
		}),
		failing('conversationalSearch', {
			resource: 'chat',
			operation: 'sendMessage',
			scope: 'dataset',
			datasetId: byId(UNKNOWN),
			message: 'x',
			historySource: 'none',
		}),
	];
}

function adSegmentRuns(): Run[] {
	const video = { datasetId: byId(VIDEOS), assetIdentifier: 'video-001' };
	const segments = {
		segmentsInput: 'fields',
		segments: { segment: [{ startTimeMs: 0, endTimeMs: 15000, startFrame: 0, endFrame: 375 }] },
	};
	return [
		ok('adSegments', { resource: 'adSegment', operation: 'create', ...video, ...segments }),
		ok('adSegments', { resource: 'adSegment', operation: 'get', ...video }),
		ok('adSegments', { resource: 'adSegment', operation: 'delete', ...video }),
		failing('adSegments', {
			resource: 'adSegment',
			operation: 'get',
			datasetId: byId(VIDEOS),
			assetIdentifier: 'no-such-video',
		}),
	];
}

function dynamicTagRuns(): Run[] {
	return [
		ok('dynamicTags', {
			resource: 'tagGroup',
			operation: 'getMany',
			returnAll: true,
			options: { includeTags: true, includeVersions: true, includeTrainingDatasets: true },
		}),
		failing('dynamicTags', {
			resource: 'tagGroup',
			operation: 'getMany',
			returnAll: false,
			limit: 5,
			sort: { field: '={{ "not_a_field" }}' },
		}),
	];
}

function videoInsightRuns(): Run[] {
	const video =
		assetsOf(bed.sandbox.store.assets, VIDEOS).find((asset) => asset.kind === 'video') ??
		assetsOf(bed.sandbox.store.assets, VIDEOS)[0];
	const target = { datasetId: byId(VIDEOS), videoId: byId(video.id) };
	const term = { resource: 'term', termType: 'genre', description: 'A host cooks', examples: ['recipe'] };
	return [
		ok('videoInsights', { resource: 'video', operation: 'generateSummary', ...target, videoContext: 'secret scan' }),
		ok('videoInsights', { resource: 'video', operation: 'predictGenres', ...target }),
		ok('videoInsights', { resource: 'video', operation: 'captionKeyframes', ...target }),
		ok('videoInsights', {
			resource: 'compositeSlice',
			operation: 'predictMoods',
			...target,
			compositeSliceId: fromList(slicesOf(video, 'shot')[0].id),
		}),
		ok('videoInsights', { ...term, operation: 'create', name: 'Secret Scan Show' }),
		ok('videoInsights', { resource: 'term', operation: 'getMany', termType: 'genre', returnAll: true }),
		failing('videoInsights', {
			resource: 'video',
			operation: 'predictMoods',
			datasetId: byId(VIDEOS),
			videoId: byId(UNKNOWN),
		}),
		failing('videoInsights', { ...term, operation: 'create', name: 'Secret Scan Show' }),
		failing('videoInsights', { resource: 'term', operation: 'delete', termId: byId(UNKNOWN) }),
	];
}

/** Every Administration operation but Create System Credential (the one output a client secret may show). */
function administrationRuns(): Run[] {
	const ana = byId(seedUserId('ana.costa@example.com'));
	const ingestion = byId(SEED_CLIENTS.ingestion.id);
	const unknownRole = { role: [{ roleId: byId('owner') }] };
	return [
		ok('administration', { resource: 'user', operation: 'getMany', returnAll: true, filters: { includeRoles: true } }),
		ok('administration', {
			resource: 'user',
			operation: 'updateRoles',
			userId: ana,
			rolesScope: 'system',
			roles: { role: [{ roleId: fromList('member') }] },
		}),
		ok('administration', { resource: 'role', operation: 'getMany', returnAll: true }),
		ok('administration', {
			resource: 'invitation',
			operation: 'create',
			email: 'scan@example.com',
			name: 'Secret Scan',
		}),
		ok('administration', { resource: 'invitation', operation: 'getMany', returnAll: true }),
		ok('administration', { resource: 'systemCredential', operation: 'getMany', returnAll: true }),
		ok('administration', { resource: 'systemCredential', operation: 'get', clientId: ingestion }),
		ok('administration', {
			resource: 'systemCredential',
			operation: 'update',
			clientId: ingestion,
			updateFields: { name: 'scanned' },
		}),
		ok('administration', {
			resource: 'systemCredential',
			operation: 'delete',
			clientId: byId(SEED_CLIENTS.reporting.id),
		}),
		ok('administration', { resource: 'user', operation: 'remove', userId: ana }),
		// With echoSecrets the service quotes the client's secret in its 422, in words and under ctx.client.client_secret.
		failing('administration', {
			resource: 'systemCredential',
			operation: 'update',
			clientId: ingestion,
			rolesChange: 'replace',
			roles: unknownRole,
		}),
		failing('administration', {
			resource: 'systemCredential',
			operation: 'update',
			clientId: ingestion,
			updateFields: { name: 'x' },
			rolesChange: 'replace',
			roles: unknownRole,
		}),
		failing('administration', { resource: 'systemCredential', operation: 'get', clientId: byId('unknown-client') }),
		failing('administration', {
			resource: 'invitation',
			operation: 'create',
			email: 'x@example.com',
			name: 'X',
			roles: unknownRole,
		}),
	];
}

function connectionRuns(): Run[] {
	const basic = {
		resource: 'connection',
		operation: 'create',
		type: 'https_basic',
		hostname: 'media.partner.example',
		username: 'reader',
		password: PASSWORD,
	};
	return [
		ok('connections', { ...basic, name: 'partner_host', additionalFields: { testLocation: '/incoming/' } }),
		ok('connections', {
			resource: 'connection',
			operation: 'create',
			name: 'bearer_host',
			type: 'https_bearer',
			hostname: 'h.example',
			bearerToken: BEARER,
		}),
		ok('connections', {
			resource: 'connection',
			operation: 'create',
			name: 'role_bucket',
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/reader',
			scope: 's3',
		}),
		ok('connections', { resource: 'connection', operation: 'get', connection: byName('partner_host') }),
		ok('connections', { resource: 'connection', operation: 'getMany', returnAll: true }),
		ok('connections', {
			resource: 'connection',
			operation: 'update',
			connection: byName('bearer_host'),
			updateFields: { description: 'scanned' },
		}),
		ok('connections', {
			resource: 'connection',
			operation: 'test',
			connection: byName(SEED_CONNECTION_NAMES.https),
			location: '/',
			updateState: false,
		}),
		ok('connections', {
			resource: 'connection',
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: SEED_BUCKET,
			returnAll: true,
		}),
		ok('connections', {
			resource: 'connection',
			operation: 'getCredentials',
			connection: byName(SEED_CONNECTION_NAMES.s3),
		}),
		ok('connections', { resource: 'connection', operation: 'delete', connection: byName('bearer_host') }),
		// The service quotes the token in its 422; a second create with the same name is refused with the password typed.
		failing('connections', {
			resource: 'connection',
			operation: 'create',
			name: 'quoted_token',
			type: 'https_bearer',
			hostname: 'h.example',
			bearerToken: `${BEARER} with-space`,
		}),
		failing('connections', { ...basic, name: 'partner_host' }),
		failing('connections', { ...basic, name: '={{ "Not Valid" }}' }),
		failing('connections', { resource: 'connection', operation: 'get', connection: byId(UNKNOWN) }),
	];
}

function ingestionRuns(jobId: string): Run[] {
	const image = assetsOf(bed.sandbox.store.assets, IMAGES)[0];
	return [
		ok('ingestion', {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(IMAGES),
			inputMode: 'fields',
			images: { image: [{ sourcePath: 'https://cdn.example.com/scan.jpg', metadata: '{"campaign": "scan"}' }] },
			...WAIT,
		}),
		ok('ingestion', {
			resource: 'job',
			operation: 'createFromBucket',
			datasetId: byId(IMAGES),
			options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
			bucketPath: `s3://${SEED_BUCKET}/`,
			maxDepth: 1,
		}),
		ok('ingestion', { resource: 'job', operation: 'get', jobId: byId(jobId) }),
		ok('ingestion', { resource: 'job', operation: 'getStatus', jobId: byId(jobId), returnAll: true }),
		ok('ingestion', { resource: 'job', operation: 'getMany', returnAll: true }),
		ok('ingestion', { resource: 'asset', operation: 'getStatus', asset: byId(image.id) }),
		ok('ingestion', {
			resource: 'asset',
			operation: 'updateMetadata',
			datasetId: byId(IMAGES),
			updatesFrom: 'fields',
			updates: {
				update: [
					{
						identifyBy: 'assetId',
						identifier: image.id,
						assetType: 'image',
						metadataInput: 'json',
						metadata: '{"scan": true}',
					},
				],
			},
		}),
		ok('ingestion', {
			resource: 'asset',
			operation: 'delete',
			datasetId: byId(IMAGES),
			assetType: 'image',
			identifiers: 'https://cdn.example.com/scan.jpg',
		}),
		ok('ingestion', { resource: 'dataset', operation: 'countAssetStatuses', datasetId: byId(IMAGES) }),
		ok('ingestion', { resource: 'dataset', operation: 'getAssetStatuses', datasetId: byId(IMAGES), returnAll: true }),
		ok('ingestion', {
			resource: 'dataset',
			operation: 'getAssetStatuses',
			detail: 'summary',
			datasetId: byId(IMAGES),
			returnAll: true,
		}),
		failing('ingestion', {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(UNKNOWN),
			inputMode: 'fields',
			images: { image: [{ sourcePath: 'https://cdn.example.com/x.jpg' }] },
		}),
		failing('ingestion', { resource: 'job', operation: 'get', jobId: byId('0123456789abcdef01234567') }),
	];
}

function searchRuns(): Run[] {
	const kitchen =
		assetsOf(bed.sandbox.store.assets, VIDEOS).find((asset) => asset.kind === 'video') ??
		assetsOf(bed.sandbox.store.assets, VIDEOS)[0];
	const images = { datasetId: byId(IMAGES), returnAll: false, limit: 3 };
	return [
		ok('search', { resource: 'image', operation: 'searchByText', ...images, textQuery: 'beach' }),
		ok('search', {
			resource: 'image',
			operation: 'searchByImage',
			...images,
			queryImage: byUrl('https://example.com/a.jpg'),
		}),
		ok('search', {
			resource: 'keyframe',
			operation: 'searchByText',
			datasetId: byId(VIDEOS),
			textQuery: 'kitchen',
			limit: 3,
		}),
		ok('search', {
			resource: 'transcript',
			operation: 'searchSpokenContent',
			datasetId: byId(VIDEOS),
			textQuery: 'sauce',
			limit: 3,
		}),
		ok('search', {
			resource: 'transcript',
			operation: 'searchExactPhrase',
			datasetId: byId(VIDEOS),
			textQuery: 'the',
			limit: 3,
		}),
		ok('search', { resource: 'video', operation: 'search', datasetId: byId(VIDEOS), textQuery: 'kitchen', limit: 3 }),
		ok('search', {
			resource: 'video',
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId(kitchen.id),
			textQuery: 'sauce',
			limit: 2,
		}),
		failing('search', { resource: 'image', operation: 'searchByText', datasetId: byId(UNKNOWN), textQuery: 'x' }),
	];
}

function queryRuns(): Run[] {
	const complete = byId(SEED_QUERY_IDS.imagesComplete);
	return [
		ok('queries', {
			resource: 'query',
			operation: 'create',
			datasetId: byId(IMAGES),
			queryType: 'SQL',
			query: 'SELECT * FROM images LIMIT 5',
			...WAIT,
		}),
		ok('queries', { resource: 'query', operation: 'getMany', returnAll: true }),
		ok('queries', { resource: 'query', operation: 'get', queryId: complete }),
		ok('queries', { resource: 'query', operation: 'getResults', queryId: complete, output: 'rows', returnAll: true }),
		ok('queries', {
			resource: 'query',
			operation: 'getResults',
			queryId: complete,
			output: 'link',
			urlFormat: 'download',
			expirationSeconds: 60,
		}),
		ok('queries', {
			resource: 'query',
			operation: 'export',
			queryId: complete,
			exportType: 'CSV',
			targetBucket: SEED_BUCKET,
			connection: byName(SEED_CONNECTION_NAMES.s3),
		}),
		{
			...ok('queries', { resource: 'query', operation: 'run', queryId: complete }),
			// Still running when Cancel comes, however slow this machine is (a run takes 4 s by default).
			before: () => (bed.sandbox.store.queries.timings = { queuedMs: 60_000, runningMs: 60_000, stoppingMs: 1000 }),
		},
		{
			...ok('queries', { resource: 'query', operation: 'cancel', queryId: complete }),
			before: fastService,
		},
		ok('queries', { resource: 'query', operation: 'delete', queryId: byId(SEED_QUERY_IDS.videosQuestion) }),
		failing('queries', { resource: 'query', operation: 'get', queryId: byId(UNKNOWN) }),
		failing('queries', {
			resource: 'query',
			operation: 'create',
			datasetId: byId(IMAGES),
			queryType: 'SQL',
			// Unchecked, so the run itself ends in Error (no such column).
			query: 'SELECT count(*) FROM images WHERE score > 0.8',
			additionalFields: { checkValidity: false },
			...WAIT,
		}),
	];
}

/** A job to read back: created first, its ID used by the job operations. */
async function createJob(): Promise<string> {
	const { items } = await bed.harness.runNode({
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(IMAGES),
			inputMode: 'fields',
			images: { image: [{ sourcePath: 'https://cdn.example.com/first.jpg' }] },
		},
		continueOnFail: true,
	});
	seen.push(visibleText(items));
	return String(items[0]?.json.ingest_job_id ?? '0123456789abcdef01234567'); // Each row names its job
}

/** Polls the trigger: manual mode, first activation, a poll with events, and a dataset that does not exist. */
async function triggerPolls(strict = true): Promise<void> {
	const poll = async (parameters: IDataObject, mode: 'trigger' | 'manual', staticData?: IDataObject) => {
		try {
			const result = await bed.harness.runPoll({
				type: TYPES.trigger,
				parameters: parameters as INodeParameters,
				mode,
				staticData,
			});
			seen.push(visibleText(result.items, result.staticData));
			return { ...result, error: undefined };
		} catch (error) {
			seen.push(visibleText(error));
			return { items: null, staticData: staticData ?? {}, error };
		}
	};
	const all = {
		events: ['jobCreated', 'jobStatusChanged', 'jobCompleted', 'assetStatusChanged', 'assetCompleted', 'assetFailed'],
	};
	const manual = await poll(all, 'manual');
	const first = await poll({ ...all, datasetId: byId(IMAGES) }, 'trigger');
	await createJob();
	bed.sandbox.clock.advance(60_000);
	const second = await poll({ ...all, datasetId: byId(IMAGES) }, 'trigger', first.staticData);
	const missing = await poll({ ...all, datasetId: byId(UNKNOWN) }, 'trigger');
	if (strict) {
		expect([manual.error, first.error, second.error]).toEqual([undefined, undefined, undefined]);
		expect(second.items?.[0]?.length).toBeGreaterThan(0);
		expect(missing.error).toBeDefined();
	}
}

// ---------------------------------------------------------------------------------------------------------------
// The credential's own test request, run as n8n runs it: a declarative node whose only property routes the request

let probe: Harness;
const PROBE = 'n8n-nodes-harness.credentialTestProbe';
/** A loopback port nothing listens on. */
let closedPort = 0;

beforeAll(async () => {
	closedPort = await freePort();
	const credential = new MediaAnalysisApi();
	const probeNode: INodeType = {
		description: {
			displayName: 'Credential Test Probe',
			name: 'credentialTestProbe',
			group: ['transform'],
			version: 1,
			description: 'Sends the credential test request of the Media Analysis credential',
			defaults: { name: 'Credential Test Probe' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'mediaAnalysisApi', required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: credential.test.request },
				},
			],
		},
	};
	probe = createHarness({ nodeTypes: { [PROBE]: probeNode }, credentialTypes: [credential] });
});
afterAll(() => probe?.dispose());

async function credentialTest(overrides: IDataObject): Promise<{ ok: boolean }> {
	probe.credentials.set('mediaAnalysisApi', {
		baseUrl: bed.sandbox.url,
		authentication: 'personalToken',
		personalToken: DEMO_PERSONAL_TOKEN,
		clientId: '',
		clientSecret: '',
		accessToken: '',
		...overrides,
	});
	const result = await probe.runNode({ type: PROBE });
	seen.push(visibleText(result.items, result.error));
	return { ok: result.error === undefined };
}

async function freePort(): Promise<number> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

// ---------------------------------------------------------------------------------------------------------------

describe('no secret in items, errors or logs', () => {
	test('Datasets, with a personal token and with system credentials', async () => {
		await runAll(datasetRuns());
		bed.useCredential('systemCredentials');
		await runAll(datasetRuns().slice(1, 4));
		expectNoSecret();
	});

	test('Concepts', async () => {
		await runAll(conceptRuns());
		expectNoSecret();
	});

	test('Celebrity Detection', async () => {
		await runAll(celebrityRuns());
		expectNoSecret();
	});

	test('Conversational Search', async () => {
		await runAll(chatRuns());
		expectNoSecret();
	});

	test('Ad Segments', async () => {
		await runAll(adSegmentRuns());
		expectNoSecret();
	});

	test('Dynamic Tags', async () => {
		await runAll(dynamicTagRuns());
		expectNoSecret();
	});

	test('Video Insights', async () => {
		await runAll(videoInsightRuns());
		expectNoSecret();
	});

	test("Administration: a client secret shows once, in its create's own item, and nowhere else (echoed, quoted, learned, lost)", async () => {
		const admin = bed.sandbox.store.administration;
		admin.echoSecrets = true;
		const create = { resource: 'systemCredential', operation: 'create', name: '={{ $json.name }}', access: 'full' };
		const created = await bed.harness.runNode({
			type: TYPES.administration,
			parameters: create,
			inputItems: [{ name: 'scan-one' }, { name: 'scan-two' }],
		});
		expect(created.error).toBeUndefined();
		const handedOut = created.items.map((item) => String(item.json.client_secret));
		const shown = visibleText(created.items, created.error, bed.harness.logs);
		for (const [index, secret] of handedOut.entries()) {
			expect(admin.secrets()).toContain(secret);
			expect(shown.split(secret).length - 1).toBe(1);
			expect(JSON.stringify(created.items[index].json)).toContain(secret);
		}
		// The created ones, read, listed, updated, refused and deleted by a service that echoes their secret.
		const [one, two] = created.items.map((item) => byId(String(item.json.client_id)));
		await runAll([
			...administrationRuns(),
			ok('administration', { resource: 'systemCredential', operation: 'get', clientId: one }),
			ok('administration', { resource: 'systemCredential', operation: 'getMany', returnAll: true }),
			ok('administration', {
				resource: 'systemCredential',
				operation: 'update',
				clientId: two,
				updateFields: { name: 'scan-two-renamed' },
			}),
			failing('administration', {
				resource: 'systemCredential',
				operation: 'update',
				clientId: one,
				rolesChange: 'replace',
				roles: { role: [{ roleId: byId('owner') }] },
			}),
			ok('administration', { resource: 'systemCredential', operation: 'delete', clientId: two }),
		]);
		// A secret the run learned (the current credential read before its update) quoted in words only by the next answer.
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			const quoted = seedClientSecret(SEED_CLIENTS.ingestion.id);
			proxy.inject((method) => method === 'PUT', {
				kind: 'status',
				status: 422,
				body: {
					detail: [
						{
							loc: ['body', 'name'],
							msg: `name refused for the client whose secret is ${quoted}`,
							type: 'value_error',
						},
					],
				},
			});
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const learned = await bed.harness.runNode({
				type: TYPES.administration,
				parameters: {
					resource: 'systemCredential',
					operation: 'update',
					clientId: byId(SEED_CLIENTS.ingestion.id),
					updateFields: { name: 'y' },
				},
			});
			expect(learned.error?.description).toContain('name: name refused for the client whose secret is [redacted]');
			seen.push(visibleText(learned.items, learned.error));
		} finally {
			await proxy.close();
			bed.useCredential();
		}
		// A create whose answer was lost: the service made a client (and a secret) nobody saw.
		bed.sandbox.setFaults({ dropAfterRate: 1, maxFaults: 1, paths: ['/api/v1/auth-management/clients'] });
		const lost = await bed.harness.runNode({
			type: TYPES.administration,
			parameters: { ...create, name: 'scan-lost' },
		});
		expect(lost.error?.message).toMatch(/its client secret cannot be shown again/);
		seen.push(visibleText(lost.items, lost.error));
		expect([...admin.clients.values()].some((client) => client.name === 'scan-lost')).toBe(true);
		expectNoSecret();
	});

	test('Connections: typed passwords and bearer tokens, echoed and quoted by the service', async () => {
		bed.sandbox.store.connections.echoSecrets = true;
		await runAll(connectionRuns());
		expectNoSecret();
	});

	test('Ingestion', async () => {
		fastService();
		await runAll(ingestionRuns(await createJob()));
		expectNoSecret();
	});

	test('Search', async () => {
		await runAll(searchRuns());
		expectNoSecret();
	});

	test('Queries', async () => {
		fastService();
		await runAll(queryRuns());
		expectNoSecret();
	});

	test('Trigger: manual mode, first activation, a poll with events, an unknown dataset', async () => {
		fastService();
		await triggerPolls();
		expectNoSecret();
	});

	test('list searches of the editor (From List)', async () => {
		for (const [node, method] of [
			['datasets', 'searchDatasets'],
			['connections', 'searchConnections'],
			['celebrity', 'searchPersons'],
			['concepts', 'searchConcepts'],
		] as const) {
			const result = await bed.harness.runListSearch({ type: TYPES[node], method });
			expect(result.results.length).toBeGreaterThan(0);
			seen.push(visibleText(result));
		}
		bed.useCredential('personalToken', { personalToken: WRONG_TOKEN });
		await expect(bed.harness.runListSearch({ type: TYPES.datasets, method: 'searchDatasets' })).rejects.toThrow(
			/rejected the personal token/,
		);
		expectNoSecret();
	});
});

describe('no secret when logging in fails or the credential is tested', () => {
	const getDataset = async () => {
		const result = await bed.harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'get', datasetId: byId(IMAGES) },
		});
		seen.push(visibleText(result.items, result.error));
		return result;
	};

	test('a wrong or revoked personal token, wrong system credentials, an unreachable host', async () => {
		bed.useCredential('personalToken', { personalToken: WRONG_TOKEN });
		expect((await getDataset()).error?.message).toBe(
			'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
		);
		bed.useCredential('systemCredentials', { clientSecret: WRONG_SECRET });
		expect((await getDataset()).error?.message).toBe(
			'The Media Analysis Service rejected the client ID and client secret: check both in the credential, or ask a system administrator to confirm or regenerate them',
		);
		bed.useCredential();
		expect((await getDataset()).error).toBeUndefined();
		bed.sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN);
		bed.sandbox.expireAccessTokens();
		expect((await getDataset()).error?.message).toBe(
			'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
		);
		bed.useCredential('personalToken', { baseUrl: `http://127.0.0.1:${await freePort()}` });
		expect((await getDataset()).error?.message).toMatch(/^Could not reach the Media Analysis Service/);
		expectNoSecret();
	});

	test('the credential test request: accepted, then refused for a wrong token or secret', async () => {
		expect(await credentialTest({})).toEqual({ ok: true });
		expect(
			await credentialTest({
				authentication: 'systemCredentials',
				clientId: DEMO_CLIENT_ID,
				clientSecret: DEMO_CLIENT_SECRET,
				personalToken: '',
			}),
		).toEqual({ ok: true });
		expect(await credentialTest({ personalToken: WRONG_TOKEN })).toEqual({ ok: false });
		expect(
			await credentialTest({
				authentication: 'systemCredentials',
				clientId: DEMO_CLIENT_ID,
				clientSecret: WRONG_SECRET,
				personalToken: '',
			}),
		).toEqual({ ok: false });
		expect(await credentialTest({ baseUrl: `http://127.0.0.1:${await freePort()}` })).toEqual({ ok: false });
		expectNoSecret();
	});
});

describe("no secret under the sandbox's faults (retries, lost answers, revoked tokens, failed logins)", () => {
	const PLAN: FaultPlan = {
		errorRate: 0.12,
		rateLimitRate: 0.05,
		rateLimitBurst: 2,
		retryAfterSeconds: 0,
		dropBeforeRate: 0.05,
		dropAfterRate: 0.05,
		revokeTokensEvery: 9,
		includeLogin: true,
		seed: 8,
	};
	// Back-off, looking for a lost create and the pace after a 429 are not what this test checks: short waits keep
	// it quick.
	useLimits(RETRY, { baseDelayMs: 5 });
	useLimits(RECOVERY, { windowMs: 200 });
	useLimits(LIMIT, { slowestPace: 100 });
	useLimits(LOGIN_LIMITS.throttle, { firstBackOffMs: 10 });

	test('every node once more, Continue On Fail on', async () => {
		fastService();
		bed.sandbox.store.connections.echoSecrets = true;
		bed.sandbox.store.administration.echoSecrets = true;
		bed.sandbox.setFaults(PLAN);
		const jobId = await createJob();
		await runAll(
			[
				...datasetRuns(),
				...conceptRuns(),
				...celebrityRuns(),
				...chatRuns(),
				...adSegmentRuns(),
				...dynamicTagRuns(),
				...videoInsightRuns(),
				...administrationRuns(),
				...connectionRuns(),
				...ingestionRuns(jobId),
				...searchRuns(),
				...queryRuns(),
			],
			false,
		);
		await triggerPolls(false);
		const injected = bed.sandbox.clearFaults();
		expect(injected.status + injected.rateLimit + injected.dropBefore + injected.dropAfter).toBeGreaterThan(0);
		expect(injected.revocations).toBeGreaterThan(0);
		expectNoSecret();
	}, 60_000);
});

test('the scan knew the access tokens it looked for', () => {
	expect(issued.size).toBeGreaterThan(5);
});
