/** @type {import('jest').Config} */
module.exports = {
	// Each worker runs its files in its own realm and loads a package under node_modules once (n8n-core, n8n-workflow):
	// test/one-realm-environment.js says why and what files share.
	testEnvironment: '<rootDir>/test/one-realm-environment.js',
	runtime: '<rootDir>/test/one-realm-runtime.js',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is `npm run typecheck`; tests transpile only, so a run stays fast on two cores.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
	// Five workers on two cores for `npm test`: the four end-to-end files (test/sequencer.js starts them first, longest
	// first) mostly wait on n8n, whose own processes do the work, and the fifth runs the CPU-bound files from the start.
	// With one worker fewer those files waited for an end-to-end file to end (329 s from a fresh clone with three
	// workers and three end-to-end files, 285–319 s with four). `npm run test:fast` runs on three: several of its files
	// wait on loopback servers and bounds in real time, and a third worker runs another file meanwhile (95 s against 112 s
	// on two).
	maxWorkers: 5,
	testSequencer: '<rootDir>/test/sequencer.js',
	// After jest's own summary: one line per failed test, so a log cut in the middle still names them.
	reporters: ['default', '<rootDir>/test/failed-tests-reporter.js'],
	testTimeout: 30000,
};
