/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error --
	Test-only code that runs in Node under jest; it is never built into dist. It throws what n8n's own engine throws. */
import { createContext, Script } from 'node:vm';
import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

/**
 * n8n runs the patterns a parameter declares (a resource locator's ID check) in node:vm with a 250 ms wall-clock
 * bound. On the 2-core CI, with three test workers, n8n processes and Chromium beside them, a garbage collection or
 * a descheduled thread overruns that bound for a one-line UUID pattern, and the run fails with "Regular expression
 * execution timed out" before the node is reached. The harness runs them the same way, in node:vm, with a bound of
 * 5 s: a pattern that backtracks without end still times out, a busy machine does not. n8n-workflow exports only
 * setSafeRegexEngine, not its engine's factory or bound, so the engine is written out here.
 */
const HARNESS_REGEX_TIMEOUT_MS = 5_000;

export function installHarnessRegexEngine(): void {
	const context = createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined as unknown });
	const scripts = {
		exec: new Script('result = new RegExp(pattern, flags).exec(input)'),
		test: new Script('result = new RegExp(pattern, flags).test(input)'),
		replace: new Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: new Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: new Script('result = input.split(new RegExp(pattern, flags))'),
	};
	function run<T>(script: Script, pattern: string, input: string, flags = '', replacement = ''): T {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		try {
			script.runInContext(context, { timeout: HARNESS_REGEX_TIMEOUT_MS });
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
				throw new Error('Regular expression execution timed out');
			throw error;
		}
		return context.result as T;
	}
	const engine: RegexEngine = {
		exec: (pattern, input, flags) => run(scripts.exec, pattern, input, flags),
		test: (pattern, input, flags) => run(scripts.test, pattern, input, flags),
		replace: (pattern, input, flags, replacement) => run(scripts.replace, pattern, input, flags, replacement),
		matchAll: (pattern, input, flags) =>
			run(scripts.matchAll, pattern, input, flags?.includes('g') ? flags : `${flags ?? ''}g`),
		split: (pattern, input, flags) => run(scripts.split, pattern, input, flags),
	};
	setSafeRegexEngine(engine);
}
