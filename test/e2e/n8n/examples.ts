/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * n8n loads the package as a community package; every example that starts with a Manual Trigger runs against the
 * sandbox and passes its check (example-checks.ts), the files it writes read back from n8n's folder; the export
 * example's CSV against the sandbox's Classify for the images it can be given; the Quick start run twice (one job, the
 * second run's items `skipped`); the CSV example at real size (1,000 rows, its defaults); Celebrity Identify on an
 * image URL. Which scenario runs which example is EXAMPLE_SCENARIOS: each example exactly once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SEED_IMAGE_HOST } from '../../../sandbox/assets/seed';
import { seedPersonId } from '../../../sandbox/celebrity/model';
import { SEED_DATASET_IDS } from '../../../sandbox/server';
import { parseCsv } from '../../../nodes/MediaAnalysisQueries/actions/query/results';
import { loadExamples, QUICK_START_FILE, sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import { type Execution, nodeOutput, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME, packagedNodes } from '../../../scripts/n8n-runtime/package';
import { N8N_V2 } from '../../../scripts/n8n-runtime/runtime';
import { csvText, EXAMPLE_CHECKS, type WrittenFiles } from '../example-checks';
import { SandboxClient } from '../sandbox-client';
import { log, type Scenario } from './shared';
import { byId } from '../../support/locators';

const examples = loadExamples();

/**
 * Where each example runs on the shared n8n: here with Execute workflow, or in the scenario that is about it (the
 * package export's versions and bucket, the Quick start from the editor, the AI examples' clients, the trigger
 * examples on live events). `n8n.test.ts` checks that this names every file in examples/ once.
 */
export const EXAMPLE_SCENARIOS: Record<
	string,
	'examples' | 'package-export' | 'editor' | 'ai-tools' | 'trigger' | 'video-insights' | 'administration'
> = {
	'quick-start.json': 'editor',
	'datasets-create-and-inspect.json': 'examples',
	'ingest-and-search.json': 'examples',
	'ingest-csv-classify-summary.json': 'examples',
	'concept-scores-to-csv.json': 'examples',
	'package-export.json': 'package-export',
	'mcp-server-media-library.json': 'ai-tools',
	'ask-your-media-library-agent.json': 'ai-tools',
	'asset-ready-classify-branch.json': 'trigger',
	'video-ready-describe-and-tag.json': 'video-insights',
	'invite-users-from-a-list.json': 'administration',
};
const runHere = examples.filter((example) => EXAMPLE_SCENARIOS[example.file] === 'examples');

/** The CSV example (the second after the Quick start): its check at real size, 1,000 rows. */
const CSV_EXAMPLE = examples.find((example) => example.file === 'ingest-csv-classify-summary.json')!;
/** Rows of the CSV example at real size: 800 images to classify, 100 broken links, 100 refused ones. */
const REAL_SIZE = 1_000;

/**
 * The CSV example as a user runs it on a real file: its CSV replaced by `rows` rows, every other parameter as the
 * example ships (defaults: Combine Items, the ingest's own wait, no Limit anywhere). Row i is a beach or a city image;
 * every tenth row from the fourth is a broken link and every tenth from the eighth a refused one. Names count in base
 * 36, so no path holds a word the sandbox reads as a failure ("404").
 */
function realSizeCsvExample(rows: number): WorkflowJson {
	const workflow = JSON.parse(JSON.stringify(CSV_EXAMPLE.workflow)) as WorkflowJson;
	const csv = workflow.nodes.find((node) => node.name === 'Image URLs (CSV)');
	const assignment = (csv?.parameters?.assignments as { assignments?: Array<{ value: string }> } | undefined)
		?.assignments?.[0];
	if (!assignment) throw new Error('examples/ingest-csv-classify-summary.json has no "Image URLs (CSV)" to fill');
	const lines = ['source_path,campaign'];
	for (let i = 0; i < rows; i++) {
		const folder = i % 10 === 3 ? 'broken/' : i % 10 === 7 ? 'forbidden/' : '';
		lines.push(
			`https://media.example.com/real-size/${folder}${i % 2 ? 'city' : 'beach'}-${i.toString(36)}.jpg,week-${i % 4}`,
		);
	}
	assignment.value = lines.join('\n');
	return { ...workflow, id: 'maE2eCsvRealSize', name: `${workflow.name} (${rows} rows)` };
}
const REAL_SIZE_WORKFLOW = realSizeCsvExample(REAL_SIZE);

/** The export example of issue 50: its CSV is compared with what the sandbox's Classify answers. */
const EXPORT_FILE = 'concept-scores-to-csv.json';

/**
 * The Quick start as the editor scenario runs it once, here under an id of its own to run it twice: its Ingestion
 * node is version 1.1, whose Already in Dataset (default Skip) sends nothing the dataset holds.
 */
const QUICK_START = examples.find((example) => example.file === QUICK_START_FILE)!;
const QUICK_START_TWICE: WorkflowJson = {
	...QUICK_START.workflow,
	id: 'maE2eQuickTwice1',
	name: `${QUICK_START.workflow.name} (run twice)`,
};
const QUICK_START_INGEST = 'Ingest Images and Wait';

const IDENTIFY_IMAGE_URL =
	'https://photos.example.com/premiere/celebrity:Ava%20Marlowe;celebrity:Dima;.jpg?X-Amz-Signature=abc';

/** A workflow used only here: Manual Trigger → Identify Persons in an image URL. */
const IDENTIFY_WORKFLOW: WorkflowJson = {
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
				datasetId: byId(SEED_DATASET_IDS.demoImages),
				imageUrl: IDENTIFY_IMAGE_URL,
				options: { pollInterval: 0.5 },
			},
			credentials: { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } },
		},
	],
	connections: { Start: { main: [[{ node: 'Identify Persons', type: 'main', index: 0 }]] } },
};

export const examplesScenario: Scenario = {
	workflows: () => [
		...runHere.map((example) => example.workflow),
		QUICK_START_TWICE,
		REAL_SIZE_WORKFLOW,
		IDENTIFY_WORKFLOW,
	],
	register(n8n) {
		/** What the examples wrote, read from n8n's folder. */
		const files: WrittenFiles = { read: (path) => readFileSync(join(n8n.instance.userFolder, path), 'utf8') };

		describe(`n8n ${N8N_V2.n8nVersion} loads the package as a community package`, () => {
			test('every node listed in package.json is a node type of n8n, named <package>.<node>', async () => {
				const loaded = new Map((await n8n.server.nodeTypes()).map((type) => [type.name, type]));
				const expected = packagedNodes();
				expect(expected.length).toBeGreaterThan(0);
				for (const node of expected) expect(loaded.get(node.type)?.displayName).toBe(node.displayName);
				// Action nodes are also offered to AI agents (n8n derives `<type>Tool` from usableAsTool), and nothing of
				// this package is loaded under another prefix (as a custom node would be).
				const ours = [...loaded.keys()].filter((name) => name.toLowerCase().includes('mediaanalysis'));
				const tools = expected.filter((node) => node.usableAsTool).map((node) => `${node.type}Tool`);
				// Every action node but Administration, deliberately not a tool (NOT_TOOLS in test/package/conventions.test.ts).
				expect(tools.length).toBe(
					expected.filter((node) => !node.trigger && node.name !== 'mediaAnalysisAdministration').length,
				);
				expect([...new Set(ours)].sort()).toEqual([...expected.map((node) => node.type), ...tools].sort());
			});
		});

		/** Each example's execution in the test below, by file. */
		const ran = new Map<string, Execution>();

		describe('every example workflow runs in n8n against the sandbox', () => {
			beforeAll(() => n8n.fresh());

			test('each file in examples/ has a check in test/e2e/example-checks.ts and one scenario that runs it', () => {
				expect(examples.length).toBeGreaterThan(0);
				const files = examples.map((example) => example.file).sort();
				expect(Object.keys(EXAMPLE_CHECKS).sort()).toEqual(files);
				expect(Object.keys(EXAMPLE_SCENARIOS).sort()).toEqual(files);
			});

			test.each(runHere.map((example) => [example.file, example] as const))(
				'%s',
				async (_file, example) => {
					n8n.sandbox.clearRequestLog();
					const execution = await n8n.run(example.workflow);
					ran.set(example.file, execution);
					EXAMPLE_CHECKS[example.file](execution, n8n.sandbox, files);
				},
				5 * 60_000,
			);

			test(`${EXPORT_FILE}: its CSV agrees with the sandbox's Classify on every image Classify can be given`, async () => {
				const execution = ran.get(EXPORT_FILE);
				if (!execution) throw new Error(`${EXPORT_FILE} did not run (see its test above)`);
				const [written] = nodeOutput(execution, 'Write CSV File');
				const csv = new Map(parseCsv(csvText(files, written.fileName)).map((row) => [String(row.path), row]));
				// The sample: the seeded images of demo_images at a public address (Classify refuses s3:// paths).
				const sample = [...n8n.sandbox.store.assets.values()]
					.filter((asset) => asset.datasetId === SEED_DATASET_IDS.demoImages && asset.path.startsWith(SEED_IMAGE_HOST))
					.map((asset) => asset.path);
				expect(sample.length).toBeGreaterThan(1);
				const client = new SandboxClient(n8n.sandbox);
				const seen = await Promise.all(
					sample.map(async (url) => {
						const beach = (await client.classify(url, SEED_DATASET_IDS.demoImages, 0.8)).find(
							(score) => score.conceptName === 'beach',
						);
						const row = csv.get(url);
						return { url, positive: beach?.positive, inCsv: row !== undefined, score: row ? row.score : beach?.score };
					}),
				);
				// In the CSV exactly when Classify calls it positive above 0.8, with Classify's score; some are, some not.
				expect(seen.map(({ url, inCsv, score }) => ({ url, positive: inCsv, score }))).toEqual(
					seen.map(({ url, positive, score }) => ({ url, positive, score })),
				);
				expect(seen.some((image) => image.inCsv)).toBe(true);
				expect(seen.some((image) => !image.inCsv)).toBe(true);
			});
		});

		describe('the Quick start run twice (Ingestion 1.1, Already in Dataset: Skip by default)', () => {
			test(
				'one ingestion job; the second run sends nothing, its items say skipped and go on as in the first',
				async () => {
					n8n.fresh();
					const ingest = QUICK_START.workflow.nodes.find((node) => node.name === QUICK_START_INGEST);
					expect(ingest?.typeVersion).toBe(1.1);
					expect(ingest?.parameters?.existingAssets).toBeUndefined(); // the default: Skip
					const first = await n8n.run(QUICK_START_TWICE);
					EXAMPLE_CHECKS[QUICK_START_FILE](first, n8n.sandbox, files);
					const links = nodeOutput(first, QUICK_START_INGEST).map((item) => item.source_path);
					expect(nodeOutput(first, QUICK_START_INGEST).map((item) => item.ingestion)).toEqual(
						links.map(() => 'created'),
					);

					n8n.sandbox.clearRequestLog();
					const second = await n8n.run(QUICK_START_TWICE);
					// The sandbox holds one job for these links, the first run's; the second run only looked them up.
					const jobs = [...n8n.sandbox.store.ingestion.jobs.values()].filter((job) =>
						job.assets.some((asset) => links.includes(asset.sourcePath)),
					);
					expect(jobs.map((job) => [job.datasetId, job.assets.map((asset) => asset.sourcePath)])).toEqual([
						[SEED_DATASET_IDS.demoImages, links],
					]);
					const paths = (method: string, pattern: RegExp) =>
						n8n.sandbox.requests.filter((r) => r.method === method && pattern.test(r.path));
					expect(paths('POST', /^\/api\/v1\/ingestion\/(images|videos|assets)$/)).toEqual([]);
					expect(
						paths('POST', /^\/api\/v1\/ingestion\/datasets\/[^/]+\/assets\/status$/)
							.map((r) => (r.body as { source_path?: unknown }).source_path)
							.sort(),
					).toEqual([...links].sort());
					// Each link comes out once, in order, `skipped`, with the asset and outcome the first run made.
					const fields = (item: Record<string, unknown>) => [
						item.source_path,
						item.asset_id,
						item.status,
						item.error_code,
					];
					const again = nodeOutput(second, QUICK_START_INGEST);
					expect(again.map(fields)).toEqual(nodeOutput(first, QUICK_START_INGEST).map(fields));
					expect(again.map((item) => item.ingestion)).toEqual(links.map(() => 'skipped'));
					// The rest of the workflow does what it did: the same images classified, the same branches.
					for (const [node, output] of [
						['Ready?', 0],
						['Ready?', 1],
						['Any Concept Above 0.5?', 0],
						['Any Concept Above 0.5?', 1],
					] as const) {
						expect(nodeOutput(second, node, output).map((item) => item.source_path)).toEqual(
							nodeOutput(first, node, output).map((item) => item.source_path),
						);
					}
				},
				5 * 60_000,
			);
		});

		describe('the CSV example at real size', () => {
			test(
				`${REAL_SIZE} CSV rows with its defaults, every row once in the summary`,
				async () => {
					// Jobs settle as soon as they are created: the run measures the workflow, not the sandbox's timeline.
					n8n.fresh();
					n8n.sandbox.store.ingestion.setStepMs(0);
					try {
						const started = Date.now();
						const execution = await n8n.run(REAL_SIZE_WORKFLOW);
						log(`the CSV example with ${REAL_SIZE} rows ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
						// The example's own check: each row once, in the ingest and in the summary, with its score or its error.
						EXAMPLE_CHECKS[CSV_EXAMPLE.file](execution, n8n.sandbox, files);
						expect(nodeOutput(execution, 'Parse CSV Rows')).toHaveLength(REAL_SIZE);
						// Ten requests of 100 rows (Combine Items is on by default).
						expect(
							n8n.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/ingestion/images'),
						).toHaveLength(10);
						const [summary] = nodeOutput(execution, 'Summary');
						const summaryRows = summary.rows as Array<Record<string, unknown>>;
						expect(summaryRows).toHaveLength(REAL_SIZE);
						const codes = (folder: string) =>
							summaryRows
								.filter((row) => String(row.source_path).includes(`/real-size/${folder}`))
								.map((row) => row.error_code);
						expect(codes('broken/')).toEqual(Array(100).fill('broken_url'));
						expect(codes('forbidden/')).toEqual(Array(100).fill('permission_denied'));
						const scored = summaryRows.filter((row) => row.status === 'completed');
						expect(scored).toHaveLength(800);
						// Rows 0, 2, 4, 6 and 8 of every ten are beach images that went through: 500 positive for beach.
						expect(scored.filter((row) => row.beach_positive === true)).toHaveLength(500);
						expect(scored.every((row) => typeof row.beach_score === 'number')).toBe(true);
						expect(summary.counts).toEqual([
							{ status: 'completed', count_source_path: 800 },
							{ status: 'error', count_source_path: 200 },
						]);
					} finally {
						n8n.sandbox.store.ingestion.setStepMs(1000);
					}
				},
				10 * 60_000,
			);
		});

		describe('Celebrity Identify in n8n', () => {
			test(
				'it finds the persons in the image at a URL and leaves the dataset as it was',
				async () => {
					const { sandbox } = n8n;
					const config = sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages)!.config;
					const detection = config.celebrity_detection_enabled;
					config.celebrity_detection_enabled = true;
					try {
						sandbox.clearRequestLog();
						const assetsBefore = [...sandbox.store.assets.keys()].sort();
						const execution = await n8n.run(IDENTIFY_WORKFLOW);
						const [item] = nodeOutput(execution, 'Identify Persons');
						expect((item.persons as Array<{ id: string }>).map((person) => person.id)).toEqual([
							seedPersonId('Ava Marlowe'),
							seedPersonId('Dmitri Volkanov'),
						]);

						const calls = sandbox.requests.filter((request) => request.path !== '/api/v0/login');
						const steps = calls.map(
							(request) => `${request.method} ${request.path.replace(/[0-9a-f-]{24,36}/g, ':id')}`,
						);
						expect(steps.slice(0, 3)).toEqual([
							'GET /api/v1/datasets/:id',
							'POST /api/v1/ingestion/datasets/:id/assets/status',
							'POST /api/v1/ingestion/images',
						]);
						expect(steps.slice(-2)).toEqual([
							'GET /api/v0/celebrity-detection/persons-in-image/:id',
							'POST /api/v0/delete/assets',
						]);
						expect(calls.filter((request) => request.method === 'GET' && request.body !== null)).toEqual([]);
						expect([...sandbox.store.assets.keys()].sort()).toEqual(assetsBefore);
					} finally {
						config.celebrity_detection_enabled = detection;
					}
				},
				5 * 60_000,
			);
		});
	},
};
