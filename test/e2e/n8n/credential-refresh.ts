/*
 * Credential refresh in n8n: after the service expires the token, the next execution gets one 401, logs in once and
 * succeeds; the new token is saved with the credential, so later executions, also one in a new n8n process
 * (`n8n execute` once the started n8n has stopped), do not log in. Runs last: it stops the shared n8n.
 */
import { sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import { nodeOutput, tail, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../../scripts/n8n-runtime/package';
import type { Scenario } from './shared';

/** A workflow used only here: Manual Trigger → List Encoders. */
const ENCODERS_WORKFLOW: WorkflowJson = {
	id: 'maE2eEncoders001',
	name: 'e2e: list encoders',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'e1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'e2',
			name: 'List Encoders',
			type: `${PACKAGE_NAME}.mediaAnalysisDatasets`,
			typeVersion: 1,
			position: [200, 0],
			parameters: { resource: 'encoder', operation: 'getMany', returnAll: true },
			credentials: { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } },
		},
	],
	connections: { Start: { main: [[{ node: 'List Encoders', type: 'main', index: 0 }]] } },
};

export const credentialRefreshScenario: Scenario = {
	workflows: () => [ENCODERS_WORKFLOW],
	register(n8n) {
		describe('credential refresh in n8n', () => {
			const requestLog = () => n8n.sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
			const logins = () => n8n.sandbox.stats().logins;

			test(
				'after the service expires the token, the next execution logs in once, retries and succeeds; the new token is saved',
				async () => {
					n8n.fresh();
					await n8n.run(ENCODERS_WORKFLOW); // a valid token is stored with the credential now

					// The next execution reuses the stored token: no login.
					n8n.sandbox.clearRequestLog(); // also zeroes the counters of stats()
					await n8n.run(ENCODERS_WORKFLOW);
					expect(logins()).toBe(0);
					expect(requestLog()).toEqual(['GET /api/v1/encoders 200']);

					expect(n8n.sandbox.expireAccessTokens()).toBeGreaterThanOrEqual(1);
					n8n.sandbox.clearRequestLog();
					const execution = await n8n.run(ENCODERS_WORKFLOW);
					expect(nodeOutput(execution, 'List Encoders').length).toBeGreaterThan(0);
					expect(logins()).toBe(1);
					expect(requestLog()).toEqual([
						'GET /api/v1/encoders 401',
						'POST /api/v0/login 200',
						'GET /api/v1/encoders 200',
					]);

					// The new token was saved with the credential: a new n8n process (n8n's CLI, with the started n8n
					// stopped, so that nothing but the database hands it on) does not log in again.
					await n8n.server.stop();
					n8n.sandbox.clearRequestLog();
					let again = await n8n.instance.execute(ENCODERS_WORKFLOW.id);
					if (!again.ok && /signal SIGSEGV/.test(again.output)) {
						// n8n's CLI (Node 24, native modules) now and then dies of SIGSEGV while shutting down after the run. What
						// this checks is the run's requests: none of them logged in; the run is made once more to read them whole.
						expect(logins()).toBe(0);
						n8n.sandbox.clearRequestLog();
						again = await n8n.instance.execute(ENCODERS_WORKFLOW.id);
					}
					if (!again.ok) throw new Error(`n8n execute --id=${ENCODERS_WORKFLOW.id} failed:\n${tail(again.output)}`);
					n8n.expectNoSecrets(again.output);
					expect(logins()).toBe(0);
					expect(requestLog()).toEqual(['GET /api/v1/encoders 200']);
				},
				5 * 60_000,
			);
		});
	},
};
