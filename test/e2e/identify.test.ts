/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Celebrity Identify in a real n8n 2.41.1 (n8n's own request helpers, which drop every GET body): the image URL is
 * ingested into a dataset with celebrity detection on, the persons in it are read, and the image is deleted again.
 */
import { sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type N8nInstance, nodeOutput, tail } from '../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../scripts/n8n-runtime/package';
import { N8N_V2 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_DATASET_IDS, type Sandbox, startSandbox } from '../../sandbox/server';

const log = (line: string) => process.stderr.write(`[e2e identify] ${line}\n`);
const IMAGE_URL = 'https://photos.example.com/premiere/celebrity:Ava%20Marlowe;celebrity:Dima;.jpg?X-Amz-Signature=abc';
const credential = sandboxCredential('');

const WORKFLOW = {
	id: 'maE2eIdentify001',
	name: 'e2e: identify persons in an image URL',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'i1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'i2',
			name: 'Identify Persons',
			type: `${PACKAGE_NAME}.mediaAnalysisCelebrityDetection`,
			typeVersion: 1,
			position: [220, 0],
			parameters: {
				resource: 'image',
				operation: 'identify',
				datasetId: { __rl: true, mode: 'id', value: SEED_DATASET_IDS.demoImages },
				imageUrl: IMAGE_URL,
				options: { pollInterval: 0.5 },
			},
			credentials: { mediaAnalysisApi: { id: credential.id, name: credential.name } },
		},
	],
	connections: { Start: { main: [[{ node: 'Identify Persons', type: 'main', index: 0 }]] } },
};

let sandbox: Sandbox;
let n8n: N8nInstance;
let userFolder: string;

beforeAll(async () => {
	userFolder = scratchUserFolder('e2e-identify');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	sandbox = await startSandbox();
	sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages)!.config.celebrity_detection_enabled = true;
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflows([WORKFLOW]);
}, 30 * 60_000);

afterAll(async () => {
	await sandbox?.close();
	if (userFolder) removeUserFolder(userFolder);
});

test(`n8n ${N8N_V2.n8nVersion}: Identify finds the persons in the image at a URL and leaves the dataset as it was`, async () => {
	const assetsBefore = [...sandbox.store.assets.keys()].sort();
	const execution = await n8n.execute(WORKFLOW.id);
	if (!execution.ok) throw new Error(`n8n execute failed:\n${tail(execution.output)}`);
	const [item] = nodeOutput(execution, 'Identify Persons');
	expect((item.persons as Array<{ id: string }>).map((person) => person.id)).toEqual([
		seedPersonId('Ava Marlowe'),
		seedPersonId('Dmitri Volkanov'),
	]);

	const calls = sandbox.requests.filter((request) => request.path !== '/api/v0/login');
	const steps = calls.map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{24,36}/g, ':id')}`);
	expect(steps.slice(0, 3)).toEqual([
		'GET /api/v1/datasets/:id',
		'POST /api/v1/ingestion/datasets/:id/assets/status',
		'POST /api/v1/ingestion/images',
	]);
	expect(steps.slice(-2)).toEqual(['GET /api/v0/celebrity-detection/persons-in-image/:id', 'POST /api/v0/delete/assets']);
	expect(calls.filter((request) => request.method === 'GET' && request.body !== null)).toEqual([]);
	expect([...sandbox.store.assets.keys()].sort()).toEqual(assetsBefore);
}, 10 * 60_000);
