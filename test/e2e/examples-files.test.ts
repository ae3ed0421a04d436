/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The examples that write files, in real n8n 2.41.1 with the files read back from n8n's folder: the ingestion summary,
 * and the recurring package export run again and again as the dataset grows (delta files, earlier files untouched,
 * root_package_id across versions, the 10-tag limit).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN, type Sandbox, SEED_DATASET_IDS, startSandbox } from '../../sandbox/server';
import { type Example, loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type Execution, type N8nInstance, nodeOutput, tail, type WorkflowJson } from '../../scripts/n8n-runtime/instance';
import { N8N_V2 } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS, type WrittenFiles } from './example-checks';
import { SandboxClient } from './sandbox-client';

const log = (line: string) => process.stderr.write(`[e2e example files] ${line}\n`);
const SUMMARY = 'ingest-csv-classify-summary.json';
const PACKAGE = 'recurring-package-export.json';
const SELECT = 'Select Newly Qualifying Videos';

let sandbox: Sandbox;
let n8n: N8nInstance;
let userFolder: string;
let examples: Map<string, Example>;

const files: WrittenFiles = { read: (path) => readFileSync(join(n8n.userFolder, path), 'utf8') };
const exportFiles = () =>
	readdirSync(n8n.filesFolder)
		.filter((name) => name.startsWith('media-analysis-package-'))
		.sort();

/** The package example with another Package Definition (a new version, too many tags), under its own id. */
function packageVariant(id: string, change: (definition: Record<string, unknown>) => void): WorkflowJson {
	const workflow = JSON.parse(JSON.stringify(examples.get(PACKAGE)?.workflow)) as WorkflowJson;
	const node = workflow.nodes.find((n) => n.name === 'Package Definition');
	if (!node?.parameters) throw new Error(`examples/${PACKAGE} has no Package Definition node`);
	const definition = JSON.parse(String(node.parameters.jsonOutput)) as Record<string, unknown>;
	change(definition);
	node.parameters.jsonOutput = JSON.stringify(definition, null, 2);
	return { ...workflow, id, name: `${workflow.name} (${id})` };
}
const VERSION_2 = 'maE2ePackageV200';
const ELEVEN_TAGS = 'maE2ePackage11Tg';

beforeAll(async () => {
	examples = new Map(loadExamples().map((example) => [example.file, example]));
	for (const file of [SUMMARY, PACKAGE]) if (!examples.has(file)) throw new Error(`examples/${file} is gone`);
	userFolder = scratchUserFolder('e2e-example-files');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	sandbox = await startSandbox();
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflows([
		...[SUMMARY, PACKAGE].map((file) => examples.get(file)?.workflow as WorkflowJson),
		// Version 2 of the package: the exclusion tag is dropped, root_package_id kept.
		packageVariant(VERSION_2, (definition) => {
			definition.version = 2;
			definition.exclusion_tags = [];
		}),
		packageVariant(ELEVEN_TAGS, (definition) => {
			definition.inclusion_tags = ['beach', 'stadium', 'city', 'forest', 'mountain', 'kitchen', 'concert', 'office'];
			definition.exclusion_tags = ['night', 'rain', 'crowd'];
		}),
	]);
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

describe(`${PACKAGE}: a recurring package as the dataset grows`, () => {
	const checkPackageRun = (execution: Execution) => EXAMPLE_CHECKS[PACKAGE](execution, sandbox, files);
	const selection = (execution: Execution) => nodeOutput(execution, SELECT)[0];
	const videoIds = (execution: Execution) =>
		(selection(execution).assets as Array<{ video_id: string }>).map((asset) => asset.video_id).sort();
	let first: Record<string, unknown>;
	let firstFile: string;
	let firstContent: string;
	let second: Record<string, unknown>;
	let newVideos: Record<string, string>;

	test('the first run exports every qualifying video; after new videos, the second run exports only the new qualifying ones', async () => {
		const id = examples.get(PACKAGE)?.workflow.id as string;
		const firstRun = await run(id);
		checkPackageRun(firstRun);
		first = selection(firstRun);
		expect(first).toMatchObject({ export_sequence: 1, package_version: 1, earlier_exports: [] });
		expect(first.asset_count).toBeGreaterThan(0);
		firstFile = String(first.file_name);
		expect(exportFiles()).toEqual([firstFile]);
		firstContent = readFileSync(join(n8n.filesFolder, firstFile), 'utf8');

		// New videos arrive (ingested by another client): one qualifies, one has an exclusion tag, one has no
		// inclusion tag, one fails to ingest.
		const paths = {
			qualifies: 'https://media.example.com/package/beach-sunrise-surf.mp4',
			excluded: 'https://media.example.com/package/stadium-night-game.mp4',
			notIncluded: 'https://media.example.com/package/kitchen-pasta.mp4',
			failed: 'https://media.example.com/package/broken/beach-party.mp4',
		};
		const ingested = await new SandboxClient(sandbox).ingest('videos', SEED_DATASET_IDS.demoVideos, Object.values(paths));
		expect(ingested.map((asset) => asset.status)).toEqual(['completed', 'completed', 'completed', 'error']);
		newVideos = Object.fromEntries(Object.keys(paths).map((key, index) => [key, ingested[index].asset_id]));

		const secondRun = await run(id);
		checkPackageRun(secondRun);
		second = selection(secondRun);
		expect(second).toMatchObject({
			root_package_id: first.root_package_id,
			package_version: 1,
			export_sequence: 2,
			earlier_exports: [firstFile],
			qualifying_count: Number(first.qualifying_count) + 1,
		});
		expect(videoIds(secondRun)).toEqual([newVideos.qualifies]);
		expect(exportFiles()).toEqual([firstFile, String(second.file_name)]);
		// The first export is never rewritten.
		expect(readFileSync(join(n8n.filesFolder, firstFile), 'utf8')).toBe(firstContent);
		const written = exportFiles().map((name) => JSON.parse(readFileSync(join(n8n.filesFolder, name), 'utf8')) as Record<string, unknown>);
		expect(written.map((doc) => doc.root_package_id)).toEqual([first.root_package_id, first.root_package_id]);
	}, 10 * 60_000);

	test('a run with nothing new writes no file and leaves the earlier ones as they were', async () => {
		const before = exportFiles().map((name) => readFileSync(join(n8n.filesFolder, name), 'utf8'));
		const execution = await run(examples.get(PACKAGE)?.workflow.id as string);
		checkPackageRun(execution);
		expect(selection(execution)).toMatchObject({ asset_count: 0, export_sequence: 3, earlier_exports: expect.any(Array) });
		expect(nodeOutput(execution, 'Nothing New: No File')).toHaveLength(1);
		expect(exportFiles().map((name) => readFileSync(join(n8n.filesFolder, name), 'utf8'))).toEqual(before);
	}, 5 * 60_000);

	test('a new version keeps root_package_id, scores all content again into its own first export, and keeps the earlier exports', async () => {
		const before = exportFiles().map((name) => readFileSync(join(n8n.filesFolder, name), 'utf8'));
		const execution = await run(VERSION_2);
		checkPackageRun(execution);
		const version2 = selection(execution);
		expect(version2).toMatchObject({
			root_package_id: first.root_package_id,
			package_version: 2,
			export_sequence: 1,
			earlier_exports: [],
			exclusion_tags: [],
		});
		// Everything version 1 exported, plus the video only the dropped exclusion tag kept out.
		const version1Ids = [...(first.assets as Array<{ video_id: string }>), ...(second.assets as Array<{ video_id: string }>)].map(
			(asset) => asset.video_id,
		);
		expect(videoIds(execution)).toEqual([...version1Ids, newVideos.excluded].sort());
		expect(String(version2.file_name)).toMatch(/-v2-0001\.json$/);
		const after = exportFiles();
		expect(after).toHaveLength(3);
		expect(after.filter((name) => name !== version2.file_name).map((name) => readFileSync(join(n8n.filesFolder, name), 'utf8'))).toEqual(
			before,
		);
	}, 5 * 60_000);

	test('a package of more than 10 tags is refused before anything is searched', async () => {
		sandbox.clearRequestLog();
		const execution = await n8n.execute(ELEVEN_TAGS);
		expect(execution.ok).toBe(false);
		expect(execution.output).toContain(
			'Package Definition: the package has 11 tags (8 inclusion, 3 exclusion), but a package takes at most 10. Remove 1.',
		);
		expect(sandbox.requests.filter((r) => r.path.startsWith('/api/v1/search'))).toEqual([]);
		expect(exportFiles()).toHaveLength(3);
	}, 5 * 60_000);
});
