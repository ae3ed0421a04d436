/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is `npm run typecheck`; tests transpile only, so a run stays fast on two cores.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
	// Three workers on two cores: the two long end-to-end files (test/sequencer.js starts them first) mostly wait on
	// n8n, and the third worker runs the CPU-bound files meanwhile. `npm run test:fast` runs on two.
	maxWorkers: 3,
	testSequencer: '<rootDir>/test/sequencer.js',
	testTimeout: 30000,
};
