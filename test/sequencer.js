/**
 * The order jest starts test files in, longest first, so no long file starts last and the workers end together. The
 * end-to-end files start first, all four, each in a worker of its own: they spend most of their time waiting on n8n
 * (polls, jobs, the browser); the fifth worker (jest.config.js) runs the CPU-bound rest from the start, and the short
 * ones (n8n 1.x, the Community Nodes install) free their workers for it long before the two long ones end. Then every other file, longest first.
 *
 * A file's duration is jest's own from the last run on this machine (its cache) when there is one, else the one
 * measured below (a fresh clone has no cache, and jest would then order by file size: the scanner's test, small and
 * among the longest, would start last). Files in neither (a few seconds each) come after, largest first; as in jest's
 * own order, a file that failed last time comes first.
 */
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds measured in `npm test` on 2 cores (jest's per-file times, 2026-11-29, a fresh clone with five workers, the
 * two n8n runtimes installed during the run, nothing else running). Files under 10 s are left out.
 */
const MEASURED_SECONDS = {
	'test/e2e/n8n.test.ts': 247,
	'test/e2e/queue.test.ts': 188,
	'test/e2e/community-install.test.ts': 143,
	'test/e2e/n8n-v1.test.ts': 64,
	'test/reliability/trial.test.ts': 61,
	'test/package/scan.test.ts': 38,
	'test/reliability/gate.test.ts': 34,
	'test/reliability/answers.test.ts': 24,
	'test/nodes/ingestion.test.ts': 23,
	'test/reliability/run-features.test.ts': 21,
	'test/inputs/properties.test.ts': 20,
	'test/reliability/trigger/trigger-soak.test.ts': 18,
	'test/reliability/trigger/trigger-lists.test.ts': 17,
	'test/inputs/bad-input.test.ts': 17,
	'test/reliability/hostile/hostile.test.ts': 16,
	'test/reliability/faults.test.ts': 16,
	'test/nodes/trigger.test.ts': 15,
	'test/secrets/secrets.test.ts': 14,
	'test/nodes/queries-results.test.ts': 11,
	'test/reliability/answer-budget.test.ts': 11,
	'test/nodes/datasets.test.ts': 11,
};
const measured = (test) => Object.keys(MEASURED_SECONDS).find((file) => test.path.endsWith(file));
const isE2e = (test) => /[\\/]test[\\/]e2e[\\/]/.test(test.path);

class LongestFirstSequencer extends Sequencer {
	/** Milliseconds: jest's cached time of the file, else the measured one. */
	time(test) {
		const cached = super.time(test);
		if (cached !== undefined && cached > 0) return cached;
		const file = measured(test);
		return file ? MEASURED_SECONDS[file] * 1000 : undefined;
	}

	sort(tests) {
		const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
		const longestFirst = (a, b) =>
			Number(this.hasFailed(b)) - Number(this.hasFailed(a)) ||
			(this.time(b) ?? 0) - (this.time(a) ?? 0) ||
			size(b) - size(a);
		const e2e = tests.filter(isE2e).sort((a, b) => (this.time(b) ?? 0) - (this.time(a) ?? 0));
		return [...e2e, ...tests.filter((test) => !isE2e(test)).sort(longestFirst)];
	}
}

module.exports = LongestFirstSequencer;
