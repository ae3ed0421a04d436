/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { resolvePort } from './cli-options';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	DEMO_PERSONAL_TOKEN,
	SEED_DATASET_IDS,
	SEED_DATASET_NAMES,
	startSandbox,
} from './server';

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: resolvePort(process.argv.slice(2), process.env) });
	const datasets = (Object.keys(SEED_DATASET_IDS) as Array<keyof typeof SEED_DATASET_IDS>).map(
		(key) => `    ${SEED_DATASET_NAMES[key].padEnd(14)} ${SEED_DATASET_IDS[key]}`,
	);
	console.log(
		[
			`Media Analysis sandbox listening on ${sandbox.url}`,
			'',
			'Credentials for n8n (Base URL: the address above):',
			`    Personal token:  ${DEMO_PERSONAL_TOKEN}`,
			`    Client ID:       ${DEMO_CLIENT_ID}`,
			`    Client secret:   ${DEMO_CLIENT_SECRET}`,
			'',
			'Seed datasets (demo_archived is soft-deleted):',
			...datasets,
			'',
			'Control routes (no authentication):',
			`    POST ${sandbox.url}/__sandbox/reset`,
			`    POST ${sandbox.url}/__sandbox/tokens/expire`,
			`    POST ${sandbox.url}/__sandbox/tokens/lifetime           {"seconds": 60}`,
			`    POST ${sandbox.url}/__sandbox/personal-tokens/revoke    {"token": "..."}`,
			`    POST ${sandbox.url}/__sandbox/clock/advance             {"ms": 3600000}`,
			`    GET  ${sandbox.url}/__sandbox/stats`,
			`    GET  ${sandbox.url}/__sandbox/requests`,
			'',
			'Ctrl-C stops it.',
		].join('\n'),
	);

	let stopping = false;
	const stop = (signal: NodeJS.Signals) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal}: stopping the sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
