/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * `npm start`: builds the package, installs n8n 2.41.1 with its Node.js 24 (first time only, cached in node_modules),
 * loads the package into n8n as a community package, starts the sandbox, imports a credential for it and the example
 * workflows, and starts n8n on 127.0.0.1. Ctrl-C stops everything.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { resolvePort } from '../../sandbox/cli-options';
import { startSandbox } from '../../sandbox/server';
import { bucketCredential, startBucketServer } from './bucket';
import { aiExampleCredentials, MCP_DEMO_TOKEN, mcpExampleUrl } from './ai-examples';
import { loadExamples, sandboxCredential } from './examples';
import { OWNER, tail } from './instance';
import { preferredOrFreePort, stopAllTracked } from './processes';
import { N8N_V2 } from './runtime';
import { prepareN8n, USER_FOLDERS } from './setup';

const DEFAULT_N8N_PORT = 5678;
const DEFAULT_BUCKET_PORT = 4569;

async function main(): Promise<void> {
	const started = Date.now();
	const log = (line: string) => console.log(`» ${line}`);
	const userFolder = join(USER_FOLDERS, 'start');
	const n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });

	const sandbox = await startSandbox({
		port: await preferredOrFreePort(resolvePort(process.argv.slice(2), process.env)),
	});
	// The Packages example's customer bucket; its files stay in the user folder, so recurring exports add up.
	const bucket = await startBucketServer({
		port: await preferredOrFreePort(DEFAULT_BUCKET_PORT),
		directory: join(userFolder, 'bucket'),
	});
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n, the sandbox and the bucket…');
		await stopAllTracked();
		await sandbox.close();
		await bucket.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		// Imports cost a few seconds each; they run only when the credential or an example changed.
		const credential = sandboxCredential(sandbox.url);
		const bucketAccess = bucketCredential(bucket.url);
		const credentials = [credential, bucketAccess, ...aiExampleCredentials(sandbox.url)];
		const examples = loadExamples();
		const importsHash = createHash('sha256')
			.update(JSON.stringify({ credentials, examples: examples.map((e) => e.workflow) }))
			.digest('hex');
		const stampFile = join(userFolder, 'imported.sha256');
		if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== importsHash) {
			log(`Importing the sandbox credential and ${examples.length} example workflow(s)`);
			await n8n.importCredentials(credentials);
			await n8n.importWorkflows(examples.map((e) => e.workflow));
			// The chat and MCP examples answer clients outside the editor only when published.
			for (const example of examples.filter((e) => e.aiEntry)) await n8n.publish(example.workflow.id);
			writeFileSync(stampFile, importsHash);
		}

		const logFile = join(userFolder, 'n8n.log');
		const logStream = createWriteStream(logFile, { flags: 'w' });
		const port = process.env.N8N_PORT ? Number(process.env.N8N_PORT) : await preferredOrFreePort(DEFAULT_N8N_PORT);
		log(`Starting n8n ${N8N_V2.n8nVersion} (its output goes to ${logFile})`);
		const server = await n8n.start({ port, onOutput: (text) => logStream.write(text) });

		const seconds = Math.round((Date.now() - started) / 1000);
		console.log(
			[
				'',
				`n8n ${N8N_V2.n8nVersion} with n8n-nodes-media-analysis is running (ready in ${seconds} s).`,
				'',
				`  Editor:    ${server.url}`,
				`  Log in:    ${OWNER.email}  /  ${OWNER.password}   (a local owner account made for this folder)`,
				`  Sandbox:   ${sandbox.url}   (the Media Analysis Service stand-in; data resets when it stops)`,
				`  Credential "${credential.name}" points at the sandbox.`,
				`  Bucket:    ${bucket.url}/${bucket.bucket}   (the package export's customer bucket; credential "${bucketAccess.name}")`,
				'',
				'  Example workflows:',
				...examples.map((e) => `    ${server.url}/workflow/${e.workflow.id}   ${e.workflow.name}`),
				'',
				`  MCP server: ${mcpExampleUrl(server.url)}   (header  Authorization: Bearer ${MCP_DEMO_TOKEN})`,
				'  AI Agent:   the chat example\'s model is the sandbox\'s scripted stand-in (README: "AI agents and MCP").',
				'',
				'Ctrl-C stops n8n and the sandbox.',
			].join('\n'),
		);

		const exitCode = await new Promise<number | null>((resolve) => {
			const timer = setInterval(() => {
				if (server.exited) {
					clearInterval(timer);
					resolve(1);
				}
			}, 1000);
		});
		if (!stopping) {
			console.error(`n8n stopped unexpectedly:\n${tail(server.logs, 4000)}`);
			await stop(exitCode ?? 1);
		}
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		await stop(1);
	}
}

main().catch(async (error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	await stopAllTracked();
	process.exit(1);
});
