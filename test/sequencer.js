/**
 * The order jest starts test files in. The end-to-end files take longest and spend most of it waiting on n8n (polls,
 * jobs, the browser), so they start first, each in a worker of its own, and the CPU-bound rest fills the third worker
 * (jest.config.js) meanwhile; then jest's own order (slowest last time first, else largest first).
 */
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['test/e2e/n8n.test.ts', 'test/e2e/queue.test.ts', 'test/e2e/n8n-v1.test.ts'];

class E2eFirstSequencer extends Sequencer {
	sort(tests) {
		const rank = (test) => {
			const index = FIRST.findIndex((file) => test.path.endsWith(file));
			return index === -1 ? FIRST.length : index;
		};
		const first = tests.filter((test) => rank(test) < FIRST.length).sort((a, b) => rank(a) - rank(b));
		const rest = super.sort(tests.filter((test) => rank(test) === FIRST.length));
		return [...first, ...rest];
	}
}

module.exports = E2eFirstSequencer;
