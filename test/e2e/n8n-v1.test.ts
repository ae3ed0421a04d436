/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Backward compatibility: the same packed package loads in the last n8n 1.x line (1.123.81, on Node.js 20 from the npm
 * registry) and runs the Datasets example against the sandbox. The runtime is installed on first use (cached).
 */
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type N8nInstance, tail } from '../../scripts/n8n-runtime/instance';
import { packagedNodes } from '../../scripts/n8n-runtime/package';
import { N8N_V1 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS } from './example-checks';

const log = (line: string) => process.stderr.write(`[e2e n8n ${N8N_V1.n8nVersion}] ${line}\n`);
const EXAMPLE_FILE = 'datasets-create-and-inspect.json';

let sandbox: Sandbox;
let n8n: N8nInstance;
let userFolder: string;

beforeAll(async () => {
	userFolder = scratchUserFolder('e2e-v1');
	n8n = await prepareN8n({ spec: N8N_V1, userFolder, log });
	sandbox = await startSandbox();
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflows(loadExamples().map((e) => e.workflow));
}, 30 * 60_000);

afterAll(async () => {
	await sandbox?.close();
	if (userFolder) removeUserFolder(userFolder);
});

describe(`n8n ${N8N_V1.n8nVersion} on Node.js ${N8N_V1.nodeVersion}`, () => {
	test(
		'loads every node of package.json as a community package',
		async () => {
			const loaded = new Set((await n8n.loadedNodeTypes()).map((t) => t.name));
			const missing = packagedNodes()
				.map((node) => node.type)
				.filter((type) => !loaded.has(type));
			expect(missing).toEqual([]);
		},
		5 * 60_000,
	);

	test(
		`runs examples/${EXAMPLE_FILE} against the sandbox`,
		async () => {
			const example = loadExamples().find((e) => e.file === EXAMPLE_FILE);
			if (!example) throw new Error(`examples/${EXAMPLE_FILE} is gone: pick another example for this test`);
			const execution = await n8n.execute(example.workflow.id);
			if (!execution.ok) throw new Error(`n8n execute failed:\n${tail(execution.output)}`);
			EXAMPLE_CHECKS[EXAMPLE_FILE](execution, sandbox);
		},
		5 * 60_000,
	);
});
