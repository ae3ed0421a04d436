/**
 * One realm per jest worker, and each package under node_modules loaded once per worker.
 *
 * jest gives every test file a vm context of its own and loads every module again inside it. A file that runs n8n's
 * engine loads about 2,000 modules (n8n-core, n8n-workflow and what they require): about half its CPU went to
 * loading them, file after file, in every worker. Here a worker's test files run in the worker's own realm, and a
 * module under node_modules is loaded by Node's own `require`, once per worker; the project's own modules (nodes,
 * sandbox, harness, tests) are still loaded afresh for every file, so no file sees another's node or sandbox.
 *
 * What a file shares with the files before it in its worker is n8n's own state: its DI container (the harness sets
 * what it needs at the start of every file, test/harness/container.ts) and `process.env`, which is put back after
 * every file.
 */
const { TestEnvironment } = require('jest-environment-node');
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');
const { ModuleMocker } = require('jest-mock');

class OneRealmEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.global = globalThis;
		this.moduleMocker = new ModuleMocker(globalThis);
		this.fakeTimers = new LegacyFakeTimers({
			config: config.projectConfig,
			global: globalThis,
			moduleMocker: this.moduleMocker,
			timerConfig: {
				idToRef: (id) => ({
					id,
					ref() {
						return this;
					},
					unref() {
						return this;
					},
				}),
				refToId: (timer) => timer?.id,
			},
		});
		this.fakeTimersModern = new ModernFakeTimers({ config: config.projectConfig, global: globalThis });
		this.envBefore = { ...process.env };
	}

	async teardown() {
		for (const key of Object.keys(process.env)) if (!(key in this.envBefore)) delete process.env[key];
		Object.assign(process.env, this.envBefore);
		await super.teardown();
	}
}

module.exports = OneRealmEnvironment;
