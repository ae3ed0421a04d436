/*
 * The polling trigger in the shared n8n: a workflow with the Media Analysis Trigger is published; the sandbox then
 * produces ingestion events, and each one appears in exactly one execution. Every example of examples/ that starts
 * with the trigger is published beside it: it must activate, run on those events (image jobs on demo_images: job
 * created/completed, assets ready), succeed, and pass its check in example-checks.ts.
 * examples/asset-ready-classify-branch.json in particular: of a beach image, another image and a broken URL, each
 * image that becomes ready runs it exactly once, the broken one never, and the IF takes the branch the sandbox's
 * deterministic score decides. Every trigger polls every 5 seconds (FAST_POLL_TIMES); all are unpublished at the end.
 */
import { DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../../sandbox/server';
import { type Execution, listExecutions, nodeOutput } from '../../../scripts/n8n-runtime/instance';
import { EXAMPLE_CHECKS } from '../example-checks';
import { SandboxClient, until as untilSeen } from '../sandbox-client';
import { fastPollingTriggerExamples, JOB_EVENTS_TRIGGER, jobEventsWorkflow, untilFirstPolls } from '../polls';
import type { Scenario } from './shared';
const WORKFLOW_ID = 'maE2eTrigger0001';
const TRIGGER = JOB_EVENTS_TRIGGER;
const JOBS_PATH = '/api/v1/ingestion/jobs';
const BRANCH_EXAMPLE = 'asset-ready-classify-branch.json';
const BRANCH_TRIGGER = 'When an Image Is Ready to Search';
const triggeredExamples = fastPollingTriggerExamples();
const TRIGGER_WORKFLOW = jobEventsWorkflow(WORKFLOW_ID, 'e2e: ingestion jobs created and completed');
/** The trigger on Job Failed in demo_images, run by hand (as Fetch Test Event does): no failed job there yet. */
const SAMPLE_WORKFLOW = ((workflow) => ({
	...workflow,
	nodes: workflow.nodes.map((node) => ({
		...node,
		parameters: {
			...node.parameters,
			events: ['jobFailed'],
			datasetId: { __rl: true, mode: 'id', value: SEED_DATASET_IDS.demoImages },
		},
	})),
}))(jobEventsWorkflow('maE2eTriggerSample', 'e2e: the trigger run by hand before any matching job'));
const published = [WORKFLOW_ID, ...triggeredExamples.map((example) => example.workflow.id)];

export const triggerScenario: Scenario = {
	workflows: () => [TRIGGER_WORKFLOW, SAMPLE_WORKFLOW, ...triggeredExamples.map((example) => example.workflow)],
	register(n8n) {
		const polls = () => n8n.sandbox.requests.filter((r) => r.method === 'GET' && r.path === JOBS_PATH).length;

		const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined) =>
			untilSeen(what, timeoutMs, probe, () => n8n.server.logs.slice(-3000));

		/** A client of the service (not n8n) starts ingestion jobs: the events n8n should pick up. */
		async function startIngestionJob(accessToken: string, fileName: string): Promise<string> {
			const response = await fetch(`${n8n.sandbox.url}/api/v1/ingestion/assets`, {
				method: 'POST',
				headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
				body: JSON.stringify({
					dataset_id: SEED_DATASET_IDS.demoImages,
					assets: [{ source_path: `https://media.example.com/e2e/${fileName}` }],
				}),
			});
			expect(response.status).toBe(200);
			return String(((await response.json()) as { id: string }).id);
		}

		const assetIdOf = (path: string) => {
			const asset = [...n8n.sandbox.store.assets.values()].find(
				(a) => a.datasetId === SEED_DATASET_IDS.demoImages && a.path === path,
			);
			if (!asset) throw new Error(`The sandbox holds no asset ${path}`);
			return asset.id;
		};

		/** The finished executions of the branch example. */
		async function branchExecutions(): Promise<Execution[]> {
			const example = triggeredExamples.find((e) => e.file === BRANCH_EXAMPLE);
			if (!example)
				throw new Error(`examples/${BRANCH_EXAMPLE} is gone or no longer starts with the Media Analysis Trigger`);
			const executions: Execution[] = [];
			for (const { id, status } of await listExecutions(n8n.server, example.workflow.id)) {
				if (status === 'new' || status === 'running') continue; // looked at again once it has finished
				executions.push({ ok: true, run: await n8n.server.execution(id), output: '' });
			}
			return executions;
		}

		/** The asset IDs the branch example's trigger delivered, one entry per delivery. */
		const branchDeliveries = async () =>
			(await branchExecutions()).flatMap((execution) =>
				nodeOutput(execution, BRANCH_TRIGGER).map((item) => String(item.asset_id)),
			);

		describe('the trigger in n8n', () => {
			afterAll(async () => {
				for (const id of published) await n8n.server.deactivate(id);
			});

			test('run by hand before any job matches, the trigger gives an example shaped like a real job, saying so', async () => {
				n8n.fresh();
				const execution = await n8n.run(SAMPLE_WORKFLOW);
				const events = nodeOutput(execution, TRIGGER);
				expect(events).toHaveLength(1);
				const [sample] = events;
				expect(sample).toMatchObject({
					event: 'jobFailed',
					status: 'failed',
					dataset_id: SEED_DATASET_IDS.demoImages,
					sample: true,
					sample_reason: expect.stringMatching(/^An example, not a real ingestion job: none in this dataset matches/),
				});
				// A real job's shape, as the jobs list gives it: its assets under details.
				expect(Array.isArray((sample.details as { assets?: unknown }).assets)).toBe(true);
				expect(typeof sample.id).toBe('string');
			});

			test(
				'a published trigger workflow runs once for each new ingestion event, and never twice',
				async () => {
					n8n.fresh();
					for (const id of published) await n8n.server.activate(id);
					await untilFirstPolls(n8n.sandbox, published.length, polls, () => n8n.server.logs.slice(-3000));
					expect(await listExecutions(n8n.server, WORKFLOW_ID)).toEqual([]);

					const timing = await fetch(`${n8n.sandbox.url}/__sandbox/ingestion/timing`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ stepMs: 0 }), // jobs settle at once: created and completed before the next poll
					});
					expect(timing.status).toBe(200);
					const login = await fetch(`${n8n.sandbox.url}/api/v0/login`, {
						method: 'POST',
						headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
						body: JSON.stringify({ grant_type: 'refresh_token' }),
					});
					const { access_token: accessToken } = (await login.json()) as { access_token: string };
					// Counted before the first job: a poll may list the jobs while the next ones are still being made.
					const pollsBeforeJobs = polls();
					const jobIds = [
						await startIngestionJob(accessToken, 'one.jpg'),
						await startIngestionJob(accessToken, 'two.jpg'),
					];
					// For the branch example: a beach image, another image and a broken URL in one job (it completes: not all failed).
					const branchJob = await new SandboxClient(n8n.sandbox).ingestJob('images', SEED_DATASET_IDS.demoImages, [
						'https://media.example.com/trigger/beach-bonfire.jpg',
						'https://media.example.com/trigger/harbour-at-dawn.jpg',
						'https://media.example.com/trigger/broken/beach-towels.jpg',
					]);
					const [beach, harbour, broken] = branchJob.assets;
					expect([beach.status, harbour.status, broken.status]).toEqual(['completed', 'completed', 'error']);
					jobIds.push(branchJob.jobId);
					expect(new Set(jobIds).size).toBe(3);

					const expected = jobIds.flatMap((id) => [`jobCreated ${id}`, `jobCompleted ${id}`]).sort();
					const eventsSoFar = async () => {
						const events: string[] = [];
						for (const { id, status } of await listExecutions(n8n.server, WORKFLOW_ID)) {
							// One still running is counted at the next look (the loop waits for every event).
							if (status === 'running' || status === 'new') continue;
							expect(status).toBe('success');
							const run = await n8n.server.execution(id);
							for (const item of nodeOutput({ ok: true, run, output: '' }, TRIGGER)) {
								// One item per change; `events` lists every chosen event it matched.
								for (const name of (item.events as string[] | undefined) ?? [String(item.event)])
									events.push(`${name} ${String(item.id)}`);
							}
						}
						return events.sort();
					};
					const examplesWithoutRuns = async () => {
						const waiting: string[] = [];
						for (const example of triggeredExamples) {
							if ((await listExecutions(n8n.server, example.workflow.id)).length === 0) waiting.push(example.file);
						}
						return waiting;
					};
					const readyImages = [beach, harbour].map((asset) => asset.asset_id);
					const readyIds = [
						...['one.jpg', 'two.jpg'].map((name) => assetIdOf(`https://media.example.com/e2e/${name}`)),
						...readyImages,
					].sort();
					await until('every event was delivered and every trigger example ran', 120_000, async () =>
						(await eventsSoFar()).length >= expected.length &&
						(await examplesWithoutRuns()).length === 0 &&
						(await branchDeliveries()).length >= readyIds.length
							? true
							: undefined,
					);
					// One more poll after the delivery must find nothing new (only the job workflow lists jobs; the examples poll at
					// the same seconds). Once a second one has started, the first has long
					// finished, and an execution it made would be listed.
					const pollsAtDelivery = polls();
					expect(pollsAtDelivery).toBeGreaterThan(pollsBeforeJobs);
					await until('n8n polled twice more', 60_000, () => (polls() >= pollsAtDelivery + 2 ? true : undefined));

					expect(await eventsSoFar()).toEqual(expected);
					expect(n8n.server.logs).not.toContain(DEMO_PERSONAL_TOKEN);

					// The branch example: each ready image once, the broken one never; the beach image went to Find Similar
					// Images, the other ones to Not a Beach Image.
					expect((await branchDeliveries()).sort()).toEqual(readyIds);
					for (const execution of await branchExecutions()) EXAMPLE_CHECKS[BRANCH_EXAMPLE](execution, n8n.sandbox);
					const similarTo = n8n.sandbox.requests
						.filter((r) => r.method === 'POST' && r.path === '/api/v1/search/image-to-image')
						.map((r) => (r.body as { coactive_image_id?: string }).coactive_image_id);
					expect(similarTo).toEqual([beach.asset_id]);
					const notBeach = (await branchExecutions()).flatMap((execution) =>
						execution.run?.data.resultData.runData['Not a Beach Image']
							? nodeOutput(execution, 'Not a Beach Image')
							: [],
					);
					expect(notBeach.map((item) => item.asset_id).sort()).toEqual(readyIds.filter((id) => id !== beach.asset_id));

					for (const example of triggeredExamples) {
						const check = EXAMPLE_CHECKS[example.file];
						if (!check) throw new Error(`examples/${example.file} has no check in test/e2e/example-checks.ts`);
						const executions = await listExecutions(n8n.server, example.workflow.id);
						expect({ file: example.file, statuses: executions.map((e) => e.status) }).toEqual({
							file: example.file,
							statuses: executions.map(() => 'success'),
						});
						const last: Execution = {
							ok: true,
							run: await n8n.server.execution(executions[executions.length - 1].id),
							output: '',
						};
						check(last, n8n.sandbox);
					}
				},
				5 * 60_000,
			);
		});
	},
};
