/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The examples that write files, in real n8n 2.41.1 with the files read back from n8n's folder: the ingestion summary.
 * (The package export writes to a bucket: package-export.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN, type Sandbox, startSandbox } from '../../sandbox/server';
import { type Example, loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type Execution, type N8nInstance, tail, type WorkflowJson } from '../../scripts/n8n-runtime/instance';
import { N8N_V2 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS, type WrittenFiles } from './example-checks';

const log = (line: string) => process.stderr.write(`[e2e example files] ${line}\n`);
const SUMMARY = 'ingest-csv-classify-summary.json';

let sandbox: Sandbox;
let n8n: N8nInstance;
let userFolder: string;
let examples: Map<string, Example>;

const files: WrittenFiles = { read: (path) => readFileSync(join(n8n.userFolder, path), 'utf8') };

beforeAll(async () => {
	examples = new Map(loadExamples().map((example) => [example.file, example]));
	if (!examples.has(SUMMARY)) throw new Error(`examples/${SUMMARY} is gone`);
	userFolder = scratchUserFolder('e2e-example-files');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	sandbox = await startSandbox();
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflows([examples.get(SUMMARY)?.workflow as WorkflowJson]);
}, 30 * 60_000);

afterAll(async () => {
	await sandbox?.close();
	if (userFolder) removeUserFolder(userFolder);
});

async function run(workflowId: string): Promise<Execution> {
	sandbox.clearRequestLog();
	const execution = await n8n.execute(workflowId);
	if (!execution.ok) throw new Error(`n8n execute --id=${workflowId} failed:\n${tail(execution.output)}`);
	expect(execution.output).not.toContain(DEMO_PERSONAL_TOKEN);
	return execution;
}

test(`${SUMMARY}: the summary file holds every asset of the job, ready or failed`, async () => {
	const execution = await run(examples.get(SUMMARY)?.workflow.id as string);
	EXAMPLE_CHECKS[SUMMARY](execution, sandbox, files);
}, 5 * 60_000);
