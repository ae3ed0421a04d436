/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The one n8n 2.41.1 that test/e2e/n8n.test.ts starts for every scenario in this folder (the Community Nodes install
 * has one of its own, test/e2e/community-install.test.ts): `n8n start` with SQLite, as a user runs it, the package
 * installed as a community package, one sandbox and one bucket. Every workflow of every scenario is imported before
 * the start (one `import:credentials`, one `import:workflow`); a scenario then publishes (activates) what it needs
 * through n8n's REST API and unpublishes it when done, and runs workflows as the editor's "Execute workflow" does.
 * Each scenario group starts from the sandbox's seed data (`fresh`).
 */
import { aiExampleCredentials } from '../../../scripts/n8n-runtime/ai-examples';
import { type BucketServer, bucketCredential, startBucketServer } from '../../../scripts/n8n-runtime/bucket';
import { sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import {
	type Execution,
	type N8nInstance,
	type RunningN8n,
	tail,
	type WorkflowJson,
} from '../../../scripts/n8n-runtime/instance';
import { N8N_V2 } from '../../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../../scripts/n8n-runtime/setup';
import { ensureChromium } from '../../../scripts/n8n-runtime/system';
import { DEMO_PERSONAL_TOKEN, type Sandbox, startSandbox } from '../../../sandbox/server';

export const log = (line: string) => process.stderr.write(`[e2e n8n ${N8N_V2.n8nVersion}] ${line}\n`);

/**
 * What a scenario group brings: the workflows it runs (imported once, before n8n starts; asked for once the package is
 * built) and its tests.
 */
export interface Scenario {
	workflows: () => WorkflowJson[];
	register(n8n: SharedN8n): void;
	/** What the group fetches for itself (an install), started with n8n's set-up so that it is there when needed. */
	prepare?: () => Promise<unknown>;
}

export interface SharedN8n {
	readonly sandbox: Sandbox;
	readonly bucket: BucketServer;
	readonly instance: N8nInstance;
	readonly server: RunningN8n;
	/** Debian's Chromium, for the editor and Community Nodes scenarios. */
	readonly chromiumPath: string;
	/** Every workflow imported before n8n started (every scenario's). */
	readonly workflows: WorkflowJson[];
	/**
	 * The sandbox back to its seed data (datasets, assets, jobs, request log, clock), as a sandbox of its own would
	 * start; the access tokens n8n holds stay valid, as they would against the service.
	 */
	fresh(): void;
	/** Runs a workflow from its trigger to the end; fails with n8n's error unless it succeeded, or if a secret shows. */
	run(workflow: WorkflowJson): Promise<Execution>;
	/** No secret of the sandbox credential in the text, nor in what n8n logged. */
	expectNoSecrets(text: string): void;
}

/** The trigger a manual run starts from: the Manual Trigger, else the first trigger node. */
export function startNode(workflow: WorkflowJson): string {
	const manual = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	const trigger = manual ?? workflow.nodes.find((node) => /trigger$/i.test(node.type));
	if (!trigger) throw new Error(`Workflow ${workflow.id} has no trigger to start it from`);
	return trigger.name;
}

/**
 * Registers the set-up and tear-down of the shared n8n (call at the top of the test file) and returns it. With
 * `start: false` everything is set up but `n8n start`: for a group that starts n8n with settings of its own.
 */
export function useSharedN8n(scenarios: Scenario[], options: { start?: boolean } = {}): SharedN8n {
	let sandbox: Sandbox | undefined;
	let bucket: BucketServer | undefined;
	let instance: N8nInstance | undefined;
	let server: RunningN8n | undefined;
	let userFolder: string | undefined;
	let chromiumPath: string | undefined;
	const imported: WorkflowJson[] = [];
	const ready = <T>(value: T | undefined, what: string): T => {
		if (value === undefined)
			throw new Error(`The shared n8n set-up did not finish (${what}); see the set-up error above`);
		return value;
	};

	beforeAll(async () => {
		userFolder = scratchUserFolder('e2e-v2');
		// Debian's Chromium (the editor scenario's browser) is apt-installed meanwhile when it is missing.
		[instance, sandbox, bucket, chromiumPath] = await Promise.all([
			prepareN8n({ spec: N8N_V2, userFolder, log }),
			startSandbox(),
			startBucketServer(),
			ensureChromium(log),
			...scenarios.map((scenario) => scenario.prepare?.()),
		]);
		await instance.importCredentials([
			sandboxCredential(sandbox.url),
			bucketCredential(bucket.url),
			...aiExampleCredentials(sandbox.url),
		]);
		const workflows = new Map<string, WorkflowJson>();
		for (const scenario of scenarios) {
			for (const workflow of scenario.workflows()) {
				const known = workflows.get(workflow.id);
				if (known && JSON.stringify(known) !== JSON.stringify(workflow)) {
					throw new Error(`Two scenarios import different workflows with the id ${workflow.id}`);
				}
				workflows.set(workflow.id, workflow);
			}
		}
		imported.push(...workflows.values());
		await instance.importWorkflows(imported);
		if (options.start !== false)
			server = await instance.start({ environment: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' } });
	}, 30 * 60_000);

	afterAll(async () => {
		await server?.stop();
		await sandbox?.close();
		await bucket?.close();
		if (userFolder) removeUserFolder(userFolder);
	});

	const shared: SharedN8n = {
		get sandbox() {
			return ready(sandbox, 'sandbox');
		},
		get bucket() {
			return ready(bucket, 'bucket');
		},
		get instance() {
			return ready(instance, 'n8n');
		},
		get server() {
			return ready(server, 'n8n start');
		},
		get chromiumPath() {
			return ready(chromiumPath, 'Chromium');
		},
		get workflows() {
			return imported;
		},
		fresh() {
			shared.sandbox.reset({ keepAccessTokens: true });
		},
		async run(workflow) {
			const execution = await shared.server.runToEnd(workflow.id, startNode(workflow));
			if (!execution.ok) {
				throw new Error(
					`Execution ${execution.id} of ${workflow.id} did not succeed: ${execution.output}\n${tail(shared.server.logs, 3000)}`,
				);
			}
			shared.expectNoSecrets(JSON.stringify(execution.run));
			return execution;
		},
		expectNoSecrets(text) {
			for (const secret of [DEMO_PERSONAL_TOKEN, ...shared.sandbox.store.accessTokens.keys()]) {
				expect(text).not.toContain(secret);
				expect(shared.server.logs).not.toContain(secret);
			}
		},
	};
	for (const scenario of scenarios) scenario.register(shared);
	return shared;
}
