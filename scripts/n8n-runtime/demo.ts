/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * `npm run demo`: the set-up of `npm start`, headless, in a throw-away user folder; runs every example workflow with
 * `n8n execute` against a fresh sandbox and prints what each node produced. Exits non-zero if any example fails.
 */
import { startSandbox } from '../../sandbox/server';
import { bucketCredential, startBucketServer } from './bucket';
import { loadExamples, sandboxCredential } from './examples';
import { type Execution, tail } from './instance';
import { stopAllTracked } from './processes';
import { N8N_V2 } from './runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from './setup';

const preview = (value: unknown, max = 240) => {
	const text = JSON.stringify(value);
	return text.length > max ? `${text.slice(0, max)}…` : text;
};

function describeRun(execution: Execution): string[] {
	const runData = execution.run?.data.resultData.runData ?? {};
	return Object.entries(runData).map(([node, runs]) => {
		const last = runs[runs.length - 1];
		const items = last.data?.main?.[0] ?? [];
		const first = items[0]?.json;
		const shown = first === undefined || Object.keys(first).length === 0 ? '' : `  first: ${preview(first)}`;
		return `    ${node}: ${items.length} item(s)${shown}`;
	});
}

async function main(): Promise<number> {
	const log = (line: string) => console.log(`» ${line}`);
	const userFolder = scratchUserFolder('demo');
	const sandbox = await startSandbox();
	// The package export example's customer bucket.
	const bucket = await startBucketServer();
	const cleanUp = async () => {
		await stopAllTracked();
		await sandbox.close();
		await bucket.close();
		removeUserFolder(userFolder);
	};
	process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
	process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
	try {
		const n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
		const examples = loadExamples();
		await n8n.importCredentials([sandboxCredential(sandbox.url), bucketCredential(bucket.url)]);
		await n8n.importWorkflows(examples.map((e) => e.workflow));
		log(`n8n ${N8N_V2.n8nVersion}, sandbox ${sandbox.url}: running ${examples.length} example(s) with n8n execute`);

		let failed = 0;
		for (const example of examples) {
			console.log(`\n${example.workflow.name}  (examples/${example.file})`);
			if (example.triggered) {
				console.log('    starts with the Media Analysis Trigger: it runs when published (try it with npm start)');
				continue;
			}
			if (example.aiEntry) {
				console.log(
					`    serves ${example.aiEntry === 'mcp' ? 'MCP clients' : 'a chat'} once published (try it with npm start)`,
				);
				continue;
			}
			const execution = await n8n.execute(example.workflow.id);
			if (!execution.ok) {
				failed++;
				console.log(`    FAILED:\n${tail(execution.output, 3000)}`);
				continue;
			}
			console.log(describeRun(execution).join('\n'));
		}
		console.log(failed === 0 ? '\nEvery example ran.' : `\n${failed} example(s) failed.`);
		return failed === 0 ? 0 : 1;
	} finally {
		await cleanUp();
	}
}

main().then(
	(code) => process.exit(code),
	async (error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		await stopAllTracked();
		process.exit(1);
	},
);
