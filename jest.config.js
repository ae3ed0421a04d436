/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is `npm run typecheck`; tests transpile only, so a run stays fast on two cores.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
	// Three workers on two cores for `npm test`: the end-to-end files (test/sequencer.js starts them first, longest first)
	// mostly wait on n8n, whose own processes do their work, and a worker runs the CPU-bound files meanwhile. With two,
	// the four end-to-end files alone would hold both workers one after another for about 400 s (242 + 223 + 152 + 97
	// seconds measured on 2 cores). `npm run test:fast`, all CPU-bound, runs on two.
	maxWorkers: 3,
	testSequencer: '<rootDir>/test/sequencer.js',
	testTimeout: 30000,
};
