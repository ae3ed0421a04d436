/*
 * The Media Analysis Trigger workflows of the end-to-end tests (test/e2e/n8n/trigger.ts, queue.test.ts), and how often
 * they poll.
 */
import type { Sandbox } from '../../sandbox/server';
import { type Example, loadExamples, sandboxCredential } from '../../scripts/n8n-runtime/examples';
import type { WorkflowJson } from '../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../scripts/n8n-runtime/package';
import { until } from './sandbox-client';

/**
 * Poll Times of every Media Analysis Trigger in the end-to-end tests: twelve entries of n8n's own "Custom (Cron)" mode,
 * at seconds 0, 5, …, 55 of every minute, instead of the examples' one poll a minute. n8n (2.41) accepts an entry that
 * polls at most once a minute (a single second in the cron's seconds field) and as many entries as one likes; the
 * trigger then polls every 5 seconds, with the same code and n8n's same scheduler, so a poll round takes seconds.
 */
export const FAST_POLL_TIMES = {
	item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })),
};

/** A copy of the workflow whose Media Analysis Triggers poll every 5 seconds (FAST_POLL_TIMES). */
export function withFastPolls<T extends WorkflowJson>(workflow: T): T {
	const copy = JSON.parse(JSON.stringify(workflow)) as T;
	for (const node of copy.nodes) {
		if (node.type === `${PACKAGE_NAME}.mediaAnalysisIngestionTrigger`)
			node.parameters = { ...node.parameters, pollTimes: FAST_POLL_TIMES };
	}
	return copy;
}

/**
 * Trigger examples that watch events the shared trigger scenario and queue mode do not make (videos ready in
 * demo_videos): a scenario of their own runs them (test/e2e/n8n/video-insights.ts).
 */
export const OWN_SCENARIO_TRIGGER_EXAMPLES = new Set(['video-ready-describe-and-tag.json']);

/** The examples that start with the Media Analysis Trigger, polling every 5 seconds (but OWN_SCENARIO_TRIGGER_EXAMPLES). */
export function fastPollingTriggerExamples(): Example[] {
	return loadExamples()
		.filter((example) => example.triggered && !OWN_SCENARIO_TRIGGER_EXAMPLES.has(example.file))
		.map((example) => ({ ...example, workflow: withFastPolls(example.workflow) }));
}

/** Name of the trigger node in `jobEventsWorkflow`. */
export const JOB_EVENTS_TRIGGER = 'Media Analysis Trigger';

/** A workflow of one Media Analysis Trigger for ingestion jobs created and completed, polling every 5 seconds. */
export function jobEventsWorkflow(id: string, name: string): WorkflowJson {
	const credential = sandboxCredential('');
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1', saveManualExecutions: true },
		connections: {},
		nodes: [
			{
				id: 'trigger',
				name: JOB_EVENTS_TRIGGER,
				type: `${PACKAGE_NAME}.mediaAnalysisIngestionTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: FAST_POLL_TIMES, events: ['jobCreated', 'jobCompleted'] },
				credentials: { mediaAnalysisApi: { id: credential.id, name: credential.name } },
			},
		],
	};
}

/**
 * Waits (bounded) until the triggers just published have made their first polls (n8n polls once as it publishes a
 * workflow; that poll only records where "now" is) and the sandbox has gone quiet: at least `reads` requests to the
 * jobs list (`jobPolls`), one request per trigger, and no new request between two looks 2 s apart.
 */
export async function untilFirstPolls(
	sandbox: Sandbox,
	triggers: number,
	jobPolls: () => number,
	context: () => string,
	reads = 1,
): Promise<void> {
	let seen = -1;
	await until(
		'n8n made the first poll of every published trigger and went quiet',
		60_000,
		() => {
			const now = sandbox.requests.length;
			const settled = jobPolls() >= reads && now >= triggers && now === seen;
			seen = now;
			return settled ? true : undefined;
		},
		context,
		2000,
	);
}
