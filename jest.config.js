/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is `npm run typecheck`; tests transpile only, so a run stays fast on two cores.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
	// Three workers on two cores for `npm test`: the three end-to-end files (test/sequencer.js starts them first, longest
	// first) mostly wait on n8n, whose own processes do the work, and the worker the short one (n8n 1.x) frees runs the
	// CPU-bound files meanwhile. With two, the end-to-end files alone would hold both workers one after another for
	// longer than the whole run takes now. `npm run test:fast` runs on three as well: several of its files wait on
	// loopback servers and bounds in real time, and a third worker runs another file meanwhile (95 s against 112 s on two).
	maxWorkers: 3,
	testSequencer: '<rootDir>/test/sequencer.js',
	testTimeout: 30000,
};
