/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Real n8n 2.41.1 (its own CLI, on Node 24, installed from the npm registry into the runtime root on first use) loads the
 * built package as a community package and runs every example workflow against the sandbox with `n8n execute`, the
 * files they write read back from n8n's folder (the package export writes to a bucket: package-export.test.ts).
 * Celebrity Identify runs in the same n8n (its request helpers drop every GET body). One user folder for all of it.
 * Nothing is skipped: a missing runtime is installed (a few minutes, once), a missing build is built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { seedPersonId } from '../../sandbox/celebrity/model';
import { DEMO_PERSONAL_TOKEN, type Sandbox, SEED_DATASET_IDS, startSandbox } from '../../sandbox/server';
import { type BucketServer, bucketCredential, startBucketServer } from '../../scripts/n8n-runtime/bucket';
import { loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type Execution, type N8nInstance, nodeOutput, tail } from '../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME, packagedNodes } from '../../scripts/n8n-runtime/package';
import { N8N_V2 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS, type WrittenFiles } from './example-checks';

const log = (line: string) => process.stderr.write(`[e2e n8n ${N8N_V2.n8nVersion}] ${line}\n`);
const examples = loadExamples();
// Examples served to AI clients (chat, MCP) run published in ai-tools.test.ts.
const runnable = examples.filter((e) => !e.triggered && !e.aiEntry);

let sandbox: Sandbox;
// The package export example delivers to a bucket: a local S3 server, as under npm start.
let bucket: BucketServer;
let n8n: N8nInstance;
let userFolder: string;

/** A workflow used only here: Manual Trigger → List Encoders. */
const ENCODERS_WORKFLOW = {
	id: 'maE2eEncoders001',
	name: 'e2e: list encoders',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'e1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'e2',
			name: 'List Encoders',
			type: `${PACKAGE_NAME}.mediaAnalysisDatasets`,
			typeVersion: 1,
			position: [200, 0],
			parameters: { resource: 'encoder', operation: 'getMany', returnAll: true },
			credentials: { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } },
		},
	],
	connections: { Start: { main: [[{ node: 'List Encoders', type: 'main', index: 0 }]] } },
};

const IDENTIFY_IMAGE_URL = 'https://photos.example.com/premiere/celebrity:Ava%20Marlowe;celebrity:Dima;.jpg?X-Amz-Signature=abc';

/** A workflow used only here: Manual Trigger → Identify Persons in an image URL. */
const IDENTIFY_WORKFLOW = {
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
				imageUrl: IDENTIFY_IMAGE_URL,
				options: { pollInterval: 0.5 },
			},
			credentials: { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } },
		},
	],
	connections: { Start: { main: [[{ node: 'Identify Persons', type: 'main', index: 0 }]] } },
};

/** What the examples wrote, read from n8n's folder. */
const files: WrittenFiles = { read: (path) => readFileSync(join(n8n.userFolder, path), 'utf8') };

beforeAll(async () => {
	userFolder = scratchUserFolder('e2e-v2');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	sandbox = await startSandbox();
	bucket = await startBucketServer();
	await n8n.importCredentials([sandboxCredential(sandbox.url), bucketCredential(bucket.url)]);
	await n8n.importWorkflows([...examples.map((e) => e.workflow), ENCODERS_WORKFLOW, IDENTIFY_WORKFLOW]);
}, 30 * 60_000);

afterAll(async () => {
	await sandbox?.close();
	await bucket?.close();
	if (userFolder) removeUserFolder(userFolder);
});

/** Executes and fails with n8n's own output when the execution did not succeed. */
async function execute(workflowId: string): Promise<Execution> {
	const execution = await n8n.execute(workflowId);
	if (!execution.ok) throw new Error(`n8n execute --id=${workflowId} failed:\n${tail(execution.output)}`);
	expect(execution.output).not.toContain(DEMO_PERSONAL_TOKEN);
	for (const token of sandbox.store.accessTokens.keys()) expect(execution.output).not.toContain(token);
	return execution;
}

const postJson = async (path: string) => {
	const response = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
	expect(response.status).toBe(200);
	return (await response.json()) as Record<string, unknown>;
};
const stats = async () => (await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { logins: number };

describe(`n8n ${N8N_V2.n8nVersion} loads the package as a community package`, () => {
	test('every node listed in package.json is a node type of n8n, named <package>.<node>', async () => {
		const loaded = new Map((await n8n.loadedNodeTypes()).map((t) => [t.name, t]));
		const expected = packagedNodes();
		expect(expected.length).toBeGreaterThan(0);
		for (const node of expected) {
			expect(loaded.get(node.type)?.displayName).toBe(node.displayName);
		}
		// Action nodes are also offered to AI agents (n8n derives `<type>Tool` from usableAsTool), and nothing of this
		// package is loaded under another prefix (as a custom node would be).
		const ours = [...loaded.keys()].filter((name) => name.toLowerCase().includes('mediaanalysis'));
		const tools = expected.filter((n) => n.usableAsTool).map((n) => `${n.type}Tool`);
		expect(tools.length).toBe(expected.filter((n) => !n.trigger).length);
		expect(ours.sort()).toEqual([...expected.map((n) => n.type), ...tools].sort());
	}, 5 * 60_000);
});

describe('every example workflow runs in n8n against the sandbox', () => {
	// Examples that start with the trigger run in trigger.test.ts (published, under n8n start); their checks are here too.
	test('each file in examples/ has a check in test/e2e/example-checks.ts', () => {
		expect(examples.length).toBeGreaterThan(0);
		expect(Object.keys(EXAMPLE_CHECKS).sort()).toEqual(examples.map((e) => e.file).sort());
	});

	test.each(runnable.map((e) => [e.file, e] as const))('%s', async (_file, example) => {
		sandbox.clearRequestLog();
		const execution = await execute(example.workflow.id);
		EXAMPLE_CHECKS[example.file](execution, sandbox, files);
	}, 5 * 60_000);
});

describe('Celebrity Identify in n8n', () => {
	test('it finds the persons in the image at a URL and leaves the dataset as it was', async () => {
		const config = sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages)!.config;
		const detection = config.celebrity_detection_enabled;
		config.celebrity_detection_enabled = true;
		try {
			sandbox.clearRequestLog();
			const assetsBefore = [...sandbox.store.assets.keys()].sort();
			const execution = await execute(IDENTIFY_WORKFLOW.id);
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
		} finally {
			config.celebrity_detection_enabled = detection;
		}
	}, 10 * 60_000);
});

describe('credential refresh in n8n', () => {
	const requestLog = () => sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

	test('after the service expires the token, the next execution logs in once, retries and succeeds', async () => {
		await execute(ENCODERS_WORKFLOW.id); // a valid token is stored with the credential now

		// A new execution (a new n8n process) reuses the stored token: no login.
		sandbox.clearRequestLog(); // also zeroes the counters of /__sandbox/stats
		await execute(ENCODERS_WORKFLOW.id);
		expect((await stats()).logins).toBe(0);
		expect(requestLog()).toEqual(['GET /api/v1/encoders 200']);

		const expired = await postJson('/__sandbox/tokens/expire');
		expect(expired.expired).toBeGreaterThanOrEqual(1);
		sandbox.clearRequestLog();
		const execution = await execute(ENCODERS_WORKFLOW.id);
		expect(nodeOutput(execution, 'List Encoders').length).toBeGreaterThan(0);
		expect((await stats()).logins).toBe(1);
		expect(requestLog()).toEqual(['GET /api/v1/encoders 401', 'POST /api/v0/login 200', 'GET /api/v1/encoders 200']);

		// The new token was saved with the credential: the next execution does not log in again.
		sandbox.clearRequestLog();
		await execute(ENCODERS_WORKFLOW.id);
		expect((await stats()).logins).toBe(0);
		expect(requestLog()).toEqual(['GET /api/v1/encoders 200']);
	}, 10 * 60_000);
});
