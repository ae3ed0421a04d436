/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * examples/asset-ready-classify-branch.json published under `n8n start` (as trigger.test.ts runs its workflow):
 * another client ingests a beach image, another image and a broken URL; each image that becomes ready to search runs
 * the workflow exactly once, the broken one never, and the IF takes the branch the sandbox's deterministic score
 * decides. n8n polls at most once a minute, so this takes two to three minutes.
 */
import { DEMO_PERSONAL_TOKEN, type Sandbox, SEED_DATASET_IDS, startSandbox } from '../../sandbox/server';
import { loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type Execution, type N8nInstance, nodeOutput, type RunningN8n } from '../../scripts/n8n-runtime/instance';
import { N8N_V2 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS } from './example-checks';
import { SandboxClient, until } from './sandbox-client';

const log = (line: string) => process.stderr.write(`[e2e example trigger] ${line}\n`);
const FILE = 'asset-ready-classify-branch.json';
const TRIGGER = 'When an Image Is Ready to Search';
const STATUS_PATH = `/api/v1/ingestion/datasets/${SEED_DATASET_IDS.demoImages}/assets/status`;

let sandbox: Sandbox;
let n8n: N8nInstance;
let server: RunningN8n;
let userFolder: string;
let workflowId: string;

beforeAll(async () => {
	const example = loadExamples().find((e) => e.file === FILE);
	if (!example?.triggered) throw new Error(`examples/${FILE} is gone or no longer starts with the Media Analysis Trigger`);
	workflowId = example.workflow.id;
	userFolder = scratchUserFolder('e2e-example-trigger');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	sandbox = await startSandbox();
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflows([example.workflow]);
	await n8n.publish(workflowId);
	server = await n8n.start();
}, 30 * 60_000);

afterAll(async () => {
	await server?.stop();
	await sandbox?.close();
	if (userFolder) removeUserFolder(userFolder);
});

const statusPolls = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === STATUS_PATH).length;
const serverLogs = () => server.logs.slice(-3000);

/** Every finished execution of the example, each checked by its entry in example-checks.ts. */
async function checkedExecutions(): Promise<Execution[]> {
	const executions: Execution[] = [];
	for (const { id, status } of await server.executions(workflowId)) {
		if (status === 'new' || status === 'running') continue; // looked at again once it has finished
		expect(status).toBe('success');
		const execution: Execution = { ok: true, run: await server.execution(id), output: '' };
		EXAMPLE_CHECKS[FILE](execution, sandbox);
		executions.push(execution);
	}
	return executions;
}

const deliveredAssetIds = (executions: Execution[]) =>
	executions.flatMap((execution) => nodeOutput(execution, TRIGGER).map((item) => String((item.asset as { asset_id: string }).asset_id)));

test('each image that becomes ready runs the published workflow once, on the branch its score decides', async () => {
	// n8n polls once on activation; that poll only records what already exists.
	await until('n8n activated the trigger (its first poll)', 120_000, () => (statusPolls() >= 1 ? true : undefined), serverLogs);
	expect(await server.executions(workflowId)).toEqual([]);

	const [beach, harbour, broken] = await new SandboxClient(sandbox).ingest('images', SEED_DATASET_IDS.demoImages, [
		'https://media.example.com/trigger/beach-bonfire.jpg',
		'https://media.example.com/trigger/harbour-at-dawn.jpg',
		'https://media.example.com/trigger/broken/beach-towels.jpg',
	]);
	expect([beach.status, harbour.status, broken.status]).toEqual(['completed', 'completed', 'error']);
	const pollsAfterIngest = statusPolls();

	await until(
		'both ready images were delivered',
		180_000,
		async () => (deliveredAssetIds(await checkedExecutions()).length >= 2 ? true : undefined),
		serverLogs,
	);
	// One more poll after the delivery: it must find nothing new.
	const pollsAtDelivery = statusPolls();
	expect(pollsAtDelivery).toBeGreaterThan(pollsAfterIngest);
	await until('n8n polled again', 120_000, () => (statusPolls() > pollsAtDelivery ? true : undefined), serverLogs);
	await new Promise((resolve) => setTimeout(resolve, 5000)); // time to save an execution, had that poll made one

	const executions = await checkedExecutions();
	expect(deliveredAssetIds(executions).sort()).toEqual([beach.asset_id, harbour.asset_id].sort());
	// The beach image went to Find Similar Images, the other one to Not a Beach Image.
	const similarTo = sandbox.requests
		.filter((r) => r.method === 'POST' && r.path === '/api/v1/search/image-to-image')
		.map((r) => (r.body as { coactive_image_id?: string }).coactive_image_id);
	expect(similarTo).toEqual([beach.asset_id]);
	const notBeach = executions.flatMap((execution) =>
		execution.run?.data.resultData.runData['Not a Beach Image'] ? nodeOutput(execution, 'Not a Beach Image') : [],
	);
	expect(notBeach.map((item) => item.asset_id)).toEqual([harbour.asset_id]);
	expect(server.logs).not.toContain(DEMO_PERSONAL_TOKEN);
}, 10 * 60_000);
