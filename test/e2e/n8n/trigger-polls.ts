/*
 * The trigger's polls as a busy n8n 2.41 runs them (docs/reliability.md, Across polls):
 * - trigger-overlap, in the shared n8n (legacy scheduling, n8n's default): the jobs list answers slower than the
 *   trigger's 5-second interval, so n8n starts polls beside the one still reading; each job still gives exactly one
 *   Job Created, and n8n's log shows the polls that were skipped.
 * - trigger-durable: n8n's durable scheduler with durable cursors, a 20-second poll timeout (n8n gives the poll a
 *   budget of 15 s), and a jobs list whose next answers take 16 s: the polls that meet them end inside the budget
 *   (none is abandoned), the cursor each poll saves is committed with its execution, and each job gives exactly one
 *   Job Created and one Job Completed. The scheduler is read from the
 *   environment at start, so this group restarts the shared n8n (same user folder and database) with it, and runs
 *   last (after credential-refresh, which stops it anyway).
 */
import { DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../../sandbox/server';
import { listExecutions, nodeOutput, type RunningN8n } from '../../../scripts/n8n-runtime/instance';
import { until } from '../sandbox-client';
import type { FaultPlan } from '../../../sandbox/faults';
import { JOB_EVENTS_TRIGGER, jobEventsWorkflow, untilFirstPolls } from '../polls';
import type { Scenario, SharedN8n } from './shared';

const JOBS_PATH = '/api/v1/ingestion/jobs';
const OVERLAP_WORKFLOW = jobEventsWorkflow('maE2eOverlap0001', 'e2e: polls slower than their interval');
const DURABLE_WORKFLOW = jobEventsWorkflow('maE2eDurable0001', 'e2e: polls under the durable scheduler');

/** Starts `count` ingestion jobs of one image each on demo_images (a client of the service, not n8n); their IDs. */
async function startJobs(n8n: SharedN8n, count: number, prefix: string): Promise<string[]> {
	n8n.sandbox.store.ingestion.setStepMs(0);
	const login = await fetch(`${n8n.sandbox.url}/api/v0/login`, {
		method: 'POST',
		headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
		body: JSON.stringify({ grant_type: 'refresh_token' }),
	});
	const { access_token: token } = (await login.json()) as { access_token: string };
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const response = await fetch(`${n8n.sandbox.url}/api/v1/ingestion/images`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				dataset_id: SEED_DATASET_IDS.demoImages,
				images: [{ source_path: `https://media.example.com/${prefix}/${i}.jpg` }],
			}),
		});
		expect(response.status).toBe(200);
		ids.push(String(((await response.json()) as { id: string }).id));
	}
	return ids;
}

/** "<event> <job id>" for every event of every finished execution of the workflow. */
async function deliveredEvents(server: RunningN8n, workflowId: string): Promise<string[]> {
	const events: string[] = [];
	for (const { id, status } of await listExecutions(server, workflowId)) {
		if (status === 'running' || status === 'new') continue;
		expect(status).toBe('success');
		const run = await server.execution(id);
		for (const item of nodeOutput({ ok: true, run, output: '' }, JOB_EVENTS_TRIGGER))
			for (const name of item.events as string[]) events.push(`${name} ${String(item.id)}`);
	}
	return events.sort();
}

/**
 * Publishes the workflow; once its first poll (the activation) is done, makes the jobs list slow as `slow` says and
 * starts `count` jobs; waits until every job's Job Created and Job Completed came and two more polls found nothing
 * more. Returns what was delivered and the expected events.
 */
async function deliverOnce(
	n8n: SharedN8n,
	server: RunningN8n,
	workflowId: string,
	{ count, prefix, slow, firstReads = 1 }: { count: number; prefix: string; slow: FaultPlan; firstReads?: number },
) {
	const logs = () => server.logs.slice(-3000);
	let expected: string[] = [];
	let delivered: string[] = [];
	// On a timeout: what is missing, and the lines of n8n's log about polls (a back-off, an abandoned poll, a skip).
	const whatHappened = () => {
		const missing = new Set(expected).size - new Set(delivered.filter((event) => expected.includes(event))).size;
		const lines = server.logs
			.split('\n')
			.filter((line) => /poll|backing off|abandon|cursor|scheduler|lease/i.test(line));
		const pollLines = [...lines.slice(0, 40), '…', ...lines.slice(-20)].join('\n');
		return `${delivered.length} events delivered, ${missing} of ${expected.length} missing, ${polls()} reads of the jobs list\n${pollLines}\n--- n8n's last lines:\n${logs()}`;
	};
	const polls = () => n8n.sandbox.requests.filter((r) => r.method === 'GET' && r.path === JOBS_PATH).length;
	await server.activate(workflowId);
	await untilFirstPolls(n8n.sandbox, 1, polls, logs, firstReads);
	n8n.sandbox.store.faults.set({ ...slow, slowRate: 1, paths: [JOBS_PATH] });
	const ids = await startJobs(n8n, count, prefix);
	expected = ids.flatMap((id) => [`jobCreated ${id}`, `jobCompleted ${id}`]).sort();
	await until(
		`every event of ${count} jobs was delivered`,
		240_000,
		async () => {
			delivered = await deliveredEvents(server, workflowId);
			return delivered.length >= expected.length ? true : undefined;
		},
		whatHappened,
		3000,
	);
	const atDelivery = polls();
	await until(
		'n8n polled twice more',
		120_000,
		() => (polls() >= atDelivery + 2 ? true : undefined),
		whatHappened,
		1000,
	);
	await server.deactivate(workflowId);
	return { delivered: await deliveredEvents(server, workflowId), expected };
}

export const triggerOverlapScenario: Scenario = {
	workflows: () => [OVERLAP_WORKFLOW],
	register(n8n) {
		describe('polls slower than their interval (legacy scheduling)', () => {
			afterAll(() => n8n.sandbox.store.faults.clear());

			test(
				'n8n starts polls beside the one still reading; each of 150 jobs is delivered once, the extra polls skipped',
				async () => {
					n8n.fresh();
					// Every page of the jobs list takes 7 s; the trigger polls every 5 s.
					const { delivered, expected } = await deliverOnce(n8n, n8n.server, OVERLAP_WORKFLOW.id, {
						count: 150,
						prefix: 'overlap',
						slow: { slowMs: 7000 },
					});
					expect(delivered).toEqual(expected);
					expect(n8n.server.logs).toMatch(
						/Media Analysis Trigger": this poll was skipped because the previous poll of the trigger is still running/,
					);
					n8n.expectNoSecrets(n8n.server.logs);
				},
				8 * 60_000,
			);
		});
	},
};

/** What turns on n8n 2.41's durable scheduler for poll triggers, with durable cursors (docs/reliability.md). */
export const DURABLE_SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	// A poll may take 20 s: n8n gives it a budget of 15 s (less a margin of at least 5 s), room for a loaded machine.
	N8N_SCHEDULER_POLL_TIMEOUT: '20',
};

export const triggerDurableScenario: Scenario = {
	workflows: () => [DURABLE_WORKFLOW],
	register(n8n) {
		describe('polls under the durable scheduler', () => {
			let server: RunningN8n | undefined;
			afterAll(async () => {
				n8n.sandbox.store.faults.clear();
				await server?.stop();
			});

			test(
				'no poll outlives its budget or loses its commit; each of 300 jobs is delivered once',
				async () => {
					if (!n8n.server.exited) await n8n.server.stop();
					server = await n8n.instance.start({
						environment: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true', ...DURABLE_SCHEDULER },
					});
					n8n.fresh();
					// The next three reads of the jobs list take 16 s: past the 11.25 s the trigger reads of its 15 s budget.
					const { delivered, expected } = await deliverOnce(n8n, server, DURABLE_WORKFLOW.id, {
						count: 300,
						prefix: 'durable',
						slow: { slowMs: 16_000, maxFaults: 3 },
						// n8n polls once as it publishes (the legacy way, into the workflow's static data), and its scheduler may
						// have made the durable cursor before that poll saved: its first scheduled poll then starts afresh. Jobs
						// start once that poll has run too (docs/reliability.md, Across polls).
						firstReads: 2,
					});
					expect(delivered).toEqual(expected);
					expect(server.logs).toMatch(/Media Analysis Trigger": the poll reached the time n8n gives a poll \(15 s\)/);
					expect(server.logs).not.toMatch(/Poll exceeded its timeout and was abandoned/);
					// n8n's own words when a setting is missing and polls stay on the legacy engine, or a commit came too late.
					expect(server.logs).not.toMatch(
						/durable poll cursors stay disabled|cannot take over poll triggers|cursor-only commit skipped/,
					);
					n8n.expectNoSecrets(server.logs);
				},
				10 * 60_000,
			);
		});
	},
};
