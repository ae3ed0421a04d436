/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * n8n 2.41.1 in queue mode, as teams that ingest at volume run it: Debian's redis-server and PostgreSQL, n8n main
 * and two workers (scripts/n8n-runtime/queue.ts), the package installed as a community package in each. One set-up
 * for every scenario. Executions start like the editor's "Execute workflow" and go through the queue to the workers
 * (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS); the trigger polls on main and its executions run on workers. n8n's
 * execution records do not name the worker: each worker's log does ("Worker started execution <id>"). Every
 * Media Analysis Trigger polls every 5 seconds (test/e2e/polls.ts). Takes three to four minutes on 2 cores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN, type Sandbox, SEED_DATASET_IDS, startSandbox } from '../../sandbox/server';
import { type BucketServer, bucketCredential, startBucketServer } from '../../scripts/n8n-runtime/bucket';
import { loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import {
	type Execution,
	listExecutions,
	nodeOutput,
	runManually,
	waitForExecutions,
	type WorkflowJson,
} from '../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../scripts/n8n-runtime/package';
import { QueueCluster } from '../../scripts/n8n-runtime/queue';
import { INGEST_FILE, ingestVariant, runFolder } from '../../scripts/n8n-runtime/queue-ingest';
import { removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { EXAMPLE_CHECKS, type WrittenFiles } from './example-checks';
import { fastPollingTriggerExamples, JOB_EVENTS_TRIGGER, jobEventsWorkflow, untilFirstPolls } from './polls';
import { SandboxClient, until } from './sandbox-client';

const log = (line: string) => process.stderr.write(`[e2e queue] ${line}\n`);
const WORKERS = ['worker-1', 'worker-2'];
/** Jobs per worker at once: ten executions keep both workers busy. */
const CONCURRENCY = 5;
const examples = loadExamples();
const isManual = (node: { type: string }) => node.type === 'n8n-nodes-base.manualTrigger';
// Examples served to AI clients (a Chat or MCP trigger, no Manual Trigger) run published in test/e2e/n8n/ai-tools.ts.
const runnable = examples.filter((example) => !example.triggered && example.workflow.nodes.some(isManual));
const triggered = fastPollingTriggerExamples();
const CONCURRENT = ingestVariant('maE2eQueueIngest');
const EXPIRY = ingestVariant('maE2eQueueExpiry');
const TRIGGER_ID = 'maE2eQueueTrigge';
const TRIGGER = JOB_EVENTS_TRIGGER;
const JOBS_PATH = '/api/v1/ingestion/jobs';

const credential = (url: string) => sandboxCredential(url);
const triggerWorkflow = () => jobEventsWorkflow(TRIGGER_ID, 'e2e queue: ingestion jobs created and completed');

let sandbox: Sandbox;
// The package export example delivers to the customer's bucket: a local S3 server, as under npm start.
let bucket: BucketServer;
let cluster: QueueCluster;
let folder: string;

beforeAll(async () => {
	folder = scratchUserFolder('e2e-queue');
	sandbox = await startSandbox();
	bucket = await startBucketServer();
	cluster = await QueueCluster.start({
		folder,
		workers: WORKERS.length,
		concurrency: CONCURRENCY,
		log,
		prepare: async (main) => {
			await main.importCredentials([credential(sandbox.url), bucketCredential(bucket.url)]);
			await main.importWorkflows([
				...examples.filter((example) => !example.triggered).map((example) => example.workflow),
				...triggered.map((example) => example.workflow),
				CONCURRENT.workflow,
				EXPIRY.workflow,
				triggerWorkflow(),
			]);
		},
	});
}, 30 * 60_000);

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.close();
	await bucket?.close();
	if (folder) removeUserFolder(folder);
});

const main = () => cluster.main;
const logsOfAll = () =>
	[main(), ...cluster.workers.map((worker) => worker.server)].map((server) => server.logs).join('\n');
const recentLogs = () =>
	cluster.workers.map((w) => `--- ${w.name}\n${w.server.logs.slice(-1500)}`).join('\n') +
	`\n--- main\n${main().logs.slice(-1500)}`;
const executionOf = async (id: string): Promise<Execution> => ({
	ok: true,
	run: await main().execution(id),
	output: '',
});
const bodiesOf = (method: string, path: string) =>
	sandbox.requests
		.filter((r) => r.method === method && r.path === path && r.status < 300)
		.map((r) => r.body as Record<string, unknown>);

/** Ids of every binary the nodes of an execution produced (`<mode>:<file id>`: the mode says where n8n stored it). */
function binaryIds(execution: Execution): string[] {
	type Item = { binary?: Record<string, { id?: string }> };
	return Object.values(execution.run?.data.resultData.runData ?? {}).flatMap((runs) =>
		runs.flatMap((run) =>
			((run.data?.main ?? []) as Array<Item[] | null>).flatMap((items) =>
				(items ?? []).flatMap((item) => Object.values(item.binary ?? {}).map((binary) => String(binary.id))),
			),
		),
	);
}

/** Files an execution wrote, read from the user folder of the worker that ran it. */
function filesOf(workerName: string): WrittenFiles {
	const worker = cluster.workers.find((w) => w.name === workerName);
	if (!worker) throw new Error(`No worker ${workerName}`);
	return { read: (path) => readFileSync(join(worker.folder, path), 'utf8') };
}

function manualTrigger(workflow: WorkflowJson): string {
	const trigger = workflow.nodes.find(isManual);
	if (!trigger) throw new Error(`Workflow ${workflow.id} has no Manual Trigger to start it from`);
	return trigger.name;
}

/** Starts `count` executions at once and waits until all have finished; fails unless every one succeeded. */
async function runAll(workflowId: string, trigger: string, count: number, timeoutMs: number): Promise<string[]> {
	const ids = await Promise.all(Array.from({ length: count }, () => runManually(main(), workflowId, trigger)));
	expect(new Set(ids).size).toBe(count);
	const finished = await waitForExecutions(main(), workflowId, ids, timeoutMs);
	const failed = finished.filter((execution) => execution.status !== 'success');
	if (failed.length > 0) {
		const first = await executionOf(failed[0].id);
		throw new Error(
			`${failed.length} of ${count} executions did not succeed (${failed.map((e) => `${e.id}: ${e.status}`).join(', ')}); ` +
				`first error: ${JSON.stringify((first.run?.data.resultData as { error?: unknown } | undefined)?.error ?? null).slice(0, 1500)}\n${recentLogs()}`,
		);
	}
	return ids;
}

describe('every example runs on a worker and passes its check', () => {
	test.each(runnable.map((example) => [example.file, example] as const))(
		'%s',
		async (_file, example) => {
			// Each example on the sandbox as it was seeded (as in n8n.test): an ingestion example that ran before would
			// otherwise find its images in the dataset and skip them (Already in Dataset).
			sandbox.reset({ keepAccessTokens: true });
			sandbox.clearRequestLog();
			const [id] = await runAll(example.workflow.id, manualTrigger(example.workflow), 1, 5 * 60_000);
			const worker = cluster.workerOf(id);
			expect(WORKERS).toContain(worker);
			const execution = await executionOf(id);
			EXAMPLE_CHECKS[example.file](execution, sandbox, filesOf(String(worker)));
			// Files between nodes (the CSV example's CSV, the export files) are kept in the database, as queue mode needs.
			const binaries = binaryIds(execution);
			if (example.file === INGEST_FILE) expect(binaries.length).toBeGreaterThan(0);
			for (const binaryId of binaries) expect(binaryId).toMatch(/^database:/);
		},
		10 * 60_000,
	);
});

test(
	'20 executions of the ingest example started at once: every one succeeds on a worker, each asset is ingested once',
	async () => {
		sandbox.clearRequestLog();
		const ids = await runAll(CONCURRENT.workflow.id, CONCURRENT.trigger, 20, 10 * 60_000);
		const ranOn = ids.map((id) => cluster.workerOf(id));
		expect(ranOn.filter((name) => name === undefined)).toEqual([]);
		expect(new Set(ranOn)).toEqual(new Set(WORKERS));
		log(
			`20 ingest executions: ${WORKERS.map((w) => `${w} ran ${ranOn.filter((name) => name === w).length}`).join(', ')}`,
		);

		// One ingestion request per execution, each with that execution's six images, and nothing else.
		const requests = bodiesOf('POST', '/api/v1/ingestion/images').map((body) =>
			(body.images as Array<{ source_path: string }>).map((image) => image.source_path),
		);
		expect(requests).toHaveLength(20);
		const jobIds = new Set<string>();
		for (const id of ids) {
			const own = requests.filter((paths) => paths.every((path) => path.startsWith(runFolder(id))));
			expect({ id, requests: own.length, images: own[0]?.length }).toEqual({ id, requests: 1, images: 6 });

			// The ingest's output names its one job: one item per row, each with its ingest_job_id.
			const jobs = new Set(
				nodeOutput(await executionOf(id), 'Ingest Images and Wait').map((item) => String(item.ingest_job_id)),
			);
			expect(jobs.size).toBe(1);
			const [jobId] = jobs;
			jobIds.add(jobId);
			// The sandbox holds each image of this execution once, all from this execution's one job.
			const stored = [...sandbox.store.assets.values()].filter((asset) => asset.path.startsWith(runFolder(id)));
			expect(stored.map((asset) => asset.path).sort()).toEqual([...own[0]].sort());
			expect(stored.map((asset) => asset.ingestJobId)).toEqual(stored.map(() => jobId));
			expect(sandbox.store.ingestion.jobs.get(jobId)?.assets).toHaveLength(6);
		}
		expect(jobIds.size).toBe(20);
	},
	15 * 60_000,
);

test(
	'the access token expires while both workers run executions: every execution succeeds, at most one login per worker',
	async () => {
		// Each job takes 3 steps of 3 s: the executions are waiting for their jobs when the token expires.
		sandbox.store.ingestion.setStepMs(3000);
		try {
			sandbox.clearRequestLog();
			const count = CONCURRENCY * WORKERS.length;
			const ids = await Promise.all(
				Array.from({ length: count }, () => runManually(main(), EXPIRY.workflow.id, EXPIRY.trigger)),
			);
			await until(
				'every execution created its job and both workers are running executions',
				120_000,
				() => {
					const busy = new Set(ids.map((id) => cluster.workerOf(id)));
					return bodiesOf('POST', '/api/v1/ingestion/images').length === count && WORKERS.every((w) => busy.has(w))
						? true
						: undefined;
				},
				recentLogs,
			);
			const loginsBefore = sandbox.stats().logins;
			const expiredAt = sandbox.requests.length;
			expect(sandbox.expireAccessTokens()).toBeGreaterThanOrEqual(1);

			const finished = await waitForExecutions(main(), EXPIRY.workflow.id, ids, 10 * 60_000);
			expect(finished.map((execution) => execution.status)).toEqual(ids.map(() => 'success'));
			const logins = sandbox.stats().logins - loginsBefore;
			const rejected = sandbox.requests.slice(expiredAt).filter((r) => r.status === 401).length;
			log(
				`token expired while ${count} executions ran on ${WORKERS.length} workers: ${logins} login(s) after the expiry ` +
					`(goal: at most ${WORKERS.length}, one per worker), ${rejected} request(s) answered 401`,
			);
			// The expiry was met, and each worker logged in at most once for it: its executions share the login.
			expect(logins).toBeGreaterThanOrEqual(1);
			expect(logins).toBeLessThanOrEqual(WORKERS.length);
		} finally {
			sandbox.store.ingestion.setStepMs(1000);
		}
	},
	15 * 60_000,
);

describe('the trigger polls on main, its executions run on workers', () => {
	const polls = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === JOBS_PATH).length;

	/** Every event the trigger workflow delivered so far, as `<event> <job id>`; each execution ran on a worker. */
	async function delivered() {
		const events: string[] = [];
		for (const { id, status, mode } of await listExecutions(main(), TRIGGER_ID)) {
			if (status === 'new' || status === 'running') continue;
			expect({ id, status, mode, worker: WORKERS.includes(String(cluster.workerOf(id))) }).toEqual({
				id,
				status: 'success',
				mode: 'trigger',
				worker: true,
			});
			for (const item of nodeOutput(await executionOf(id), TRIGGER)) {
				// A job created and completed between two polls is one item listing both events.
				const names = Array.isArray(item.events) ? (item.events as unknown[]) : [item.event];
				for (const name of names) events.push(`${String(name)} ${String(item.id)}`);
			}
		}
		return events.sort();
	}
	/** Assets each trigger example was started for so far (its trigger's items that name an asset). */
	async function exampleAssets(): Promise<Map<string, string[]>> {
		const byFile = new Map<string, string[]>();
		for (const example of triggered) {
			const trigger = example.workflow.nodes.find(
				(node) => node.type === `${PACKAGE_NAME}.mediaAnalysisIngestionTrigger`,
			);
			const assets: string[] = [];
			for (const { id, status } of await listExecutions(main(), example.workflow.id)) {
				if (status === 'new' || status === 'running') continue;
				for (const item of nodeOutput(await executionOf(id), String(trigger?.name))) {
					// Trigger items are flat: the asset's own fields beside the event.
					if (typeof item.asset_id === 'string') assets.push(item.asset_id);
				}
			}
			byFile.set(example.file, assets.sort());
		}
		return byFile;
	}
	const everyExampleHas = async (count: number) =>
		[...(await exampleAssets()).values()].every((assets) => assets.length === 0 || assets.length >= count);
	const jobOf = (assetId: string) => String(sandbox.store.assets.get(assetId)?.ingestJobId);
	const expectedFor = (jobIds: string[]) => jobIds.flatMap((id) => [`jobCompleted ${id}`, `jobCreated ${id}`]).sort();

	test(
		'each sandbox event starts exactly one execution, also across a restart of main',
		async () => {
			// Published now (not at set-up) so that the trigger does not react to the other scenarios' jobs; each polls
			// once as it is published, which records where "now" is.
			sandbox.clearRequestLog();
			const published = [TRIGGER_ID, ...triggered.map((example) => example.workflow.id)];
			for (const id of published) await main().activate(id);
			await untilFirstPolls(sandbox, published.length, polls, recentLogs);
			expect(await listExecutions(main(), TRIGGER_ID)).toEqual([]);

			const client = new SandboxClient(sandbox);
			const before = await client.ingest('images', SEED_DATASET_IDS.demoImages, [
				'https://media.example.com/queue/beach-before-restart.jpg',
				'https://media.example.com/queue/harbour-before-restart.jpg',
			]);
			const firstJobs = [jobOf(before[0].asset_id)];
			await until(
				'the events before the restart were delivered',
				180_000,
				async () => ((await delivered()).length >= 2 && (await everyExampleHas(2)) ? true : undefined),
				recentLogs,
			);
			expect(await delivered()).toEqual(expectedFor(firstJobs));
			const readyBefore = before.map((asset) => asset.asset_id).sort();
			for (const [file, assets] of await exampleAssets()) {
				if (assets.length > 0) expect({ file, assets }).toEqual({ file, assets: readyBefore });
			}

			// Events while main is down are delivered once it is back, from the trigger state kept in the database; the
			// events of the polls before the restart are not delivered again (the trigger has every change of its record
			// saved, README, Queue mode).
			await cluster.stopMain();
			const during = await client.ingest('images', SEED_DATASET_IDS.demoImages, [
				'https://media.example.com/queue/forest-during-restart.jpg',
				'https://media.example.com/queue/broken/city-during-restart.jpg',
			]);
			const allJobs = expectedFor([...firstJobs, jobOf(during[0].asset_id)]);
			const ready = [before[0], before[1], during[0]].map((asset) => asset.asset_id).sort();
			expect(during[1].status).toBe('error');
			const allDelivered = async () => {
				const events = new Set(await delivered());
				const assets = [...(await exampleAssets()).values()]
					.filter((list) => list.length > 0)
					.map((list) => new Set(list));
				// The image example must have delivered them all: an example that has delivered nothing yet is no proof.
				return (
					allJobs.every((event) => events.has(event)) &&
					assets.length > 0 &&
					assets.every((set) => ready.every((id) => set.has(id)))
				);
			};
			await cluster.startMain();
			await until(
				'the events during the restart were delivered',
				180_000,
				async () => ((await allDelivered()) ? true : undefined),
				recentLogs,
			);
			// One more poll after the delivery must find nothing new. Once a second one has started, the first has long
			// finished, and an execution it made (on a worker) would be listed.
			const jobEvents = await delivered();
			const assetEvents = await exampleAssets();
			const pollsAtDelivery = polls();
			await until(
				'main polled twice more',
				60_000,
				() => (polls() >= pollsAtDelivery + 2 ? true : undefined),
				recentLogs,
			);
			await until(
				'every execution so far has finished',
				60_000,
				async () => {
					const running = await Promise.all(
						[TRIGGER_ID, ...triggered.map((example) => example.workflow.id)].map((id) => listExecutions(main(), id)),
					);
					return running.flat().every((execution) => !['new', 'running'].includes(execution.status)) ? true : undefined;
				},
				recentLogs,
			);
			expect(await delivered()).toEqual(jobEvents);
			expect(await exampleAssets()).toEqual(assetEvents);
			// Nothing lost, nothing twice.
			log(`trigger: ${jobEvents.length - allJobs.length} job event(s) delivered again after the restart of main`);
			expect([...jobEvents].sort()).toEqual(allJobs);
			for (const [file, assets] of assetEvents) {
				if (assets.length === 0) continue; // an example that watches no assets
				log(`${file}: ${assets.length - ready.length} asset event(s) delivered again after the restart of main`);
				expect({ file, assets: [...assets].sort() }).toEqual({ file, assets: ready });
			}

			// The trigger examples ran on workers on the same events and pass their checks.
			for (const example of triggered) {
				const executions = await listExecutions(main(), example.workflow.id);
				expect({ file: example.file, runs: executions.length > 0 }).toEqual({ file: example.file, runs: true });
				for (const { id, status } of executions) {
					expect({ file: example.file, id, status, worker: WORKERS.includes(String(cluster.workerOf(id))) }).toEqual({
						file: example.file,
						id,
						status: 'success',
						worker: true,
					});
					EXAMPLE_CHECKS[example.file](await executionOf(id), sandbox);
				}
			}
		},
		20 * 60_000,
	);
});

test('no secret in what main and the workers logged', () => {
	const logs = logsOfAll();
	expect(logs).not.toContain(DEMO_PERSONAL_TOKEN);
	for (const token of sandbox.store.accessTokens.keys()) expect(logs).not.toContain(token);
});
