/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * `npm run start:queue`: `npm start` in queue mode. Debian's redis-server and PostgreSQL (apt-get installs them when
 * missing and this runs as root), n8n 2.41.1 main + 2 workers with the package as a community package in each, the
 * sandbox, its credential and the example workflows. Data stays in <USER_FOLDERS>/queue/ between runs;
 * Ctrl-C stops everything this started.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

import { resolvePort } from '../../sandbox/cli-options';
import { startSandbox } from '../../sandbox/server';
import { aiExampleCredentials } from './ai-examples';
import { bucketCredential, startBucketServer } from './bucket';
import { loadExamples, sandboxCredential } from './examples';
import { OWNER, tail } from './instance';
import { preferredOrFreePort, stopAllTracked } from './processes';
import { QueueCluster } from './queue';
import { N8N_V2 } from './runtime';
import { USER_FOLDERS } from './setup';

const DEFAULT_N8N_PORT = 5678;
const WORKERS = 2;
const CONCURRENCY = 10;

async function main(): Promise<void> {
	const started = Date.now();
	const log = (line: string) => console.log(`» ${line}`);
	const folder = join(USER_FOLDERS, 'queue');
	const logs = join(folder, 'logs');
	mkdirSync(logs, { recursive: true });
	const streams = new Map<string, WriteStream>();
	const logTo = (name: string, text: string) => {
		if (!streams.has(name)) streams.set(name, createWriteStream(join(logs, `${name}.log`), { flags: 'w' }));
		streams.get(name)?.write(text);
	};

	const sandbox = await startSandbox({
		port: await preferredOrFreePort(resolvePort(process.argv.slice(2), process.env)),
	});
	// The package export example's customer bucket; its files stay with the queue data, so recurring exports add up.
	const bucket = await startBucketServer({ directory: join(folder, 'bucket') });
	let cluster: QueueCluster | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping the workers, n8n main, PostgreSQL, redis-server, the sandbox and the bucket…');
		await cluster?.stop();
		await stopAllTracked();
		await sandbox.close();
		await bucket.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		const credential = sandboxCredential(sandbox.url);
		const bucketAccess = bucketCredential(bucket.url);
		const examples = loadExamples();
		cluster = await QueueCluster.start({
			folder,
			workers: WORKERS,
			concurrency: CONCURRENCY,
			durable: true,
			mainPort: process.env.N8N_PORT ? Number(process.env.N8N_PORT) : await preferredOrFreePort(DEFAULT_N8N_PORT),
			log,
			onOutput: logTo,
			prepare: async (n8n) => {
				// Every start: the sandbox may listen on another port than last time.
				log(`Importing the sandbox credential and ${examples.length} example workflow(s)`);
				await n8n.importCredentials([credential, bucketAccess, ...aiExampleCredentials(sandbox.url)]);
				await n8n.importWorkflows(examples.map((e) => e.workflow));
				// The chat and MCP examples answer clients outside the editor only when published (as in npm start).
				for (const example of examples.filter((e) => e.aiEntry)) await n8n.publish(example.workflow.id);
			},
		});
		const { main: server, workers } = cluster;
		const seconds = Math.round((Date.now() - started) / 1000);
		console.log(
			[
				'',
				`n8n ${N8N_V2.n8nVersion} in queue mode with n8n-nodes-media-analysis is running (ready in ${seconds} s).`,
				'',
				`  Editor:    ${server.url}   (main: editor, API, triggers; executions go to the workers)`,
				`  Workers:   ${workers.map((w) => `${w.name} (health ${w.server.url}/healthz)`).join(', ')}, ${CONCURRENCY} jobs each`,
				`  Log in:    ${OWNER.email}  /  ${OWNER.password}   (a local owner account made for this folder)`,
				`  Sandbox:   ${sandbox.url}   (the Media Analysis Service stand-in; data resets when it stops)`,
				`  Credential "${credential.name}" points at the sandbox.`,
				`  Bucket:    ${bucket.url}/${bucket.bucket}   (the package export's customer bucket; credential "${bucketAccess.name}")`,
				`  Redis, PostgreSQL and n8n data: ${folder}   (logs in ${logs})`,
				'',
				'  Example workflows:',
				...examples.map((e) => `    ${server.url}/workflow/${e.workflow.id}   ${e.workflow.name}`),
				'',
				'Ctrl-C stops the workers, n8n, PostgreSQL, redis-server and the sandbox.',
			].join('\n'),
		);

		await new Promise<void>((resolve) => {
			const timer = setInterval(() => {
				if (server.exited || workers.some((w) => w.server.exited)) {
					clearInterval(timer);
					resolve();
				}
			}, 1000);
		});
		if (!stopping) {
			const gone = [{ name: 'main', server }, ...workers].find((p) => p.server.exited);
			console.error(`n8n ${gone?.name} stopped unexpectedly:\n${tail(gone?.server.logs ?? '', 4000)}`);
			await stop(1);
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
