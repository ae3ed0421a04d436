/**
 * A jest reporter that ends a run with one line per failed test (file, full name, the first lines of its error), and
 * one per file that failed outside its tests (an `afterAll` that threw, a file that did not load). jest's own
 * summary of failures prints every stack and every console line first, and a CI log that keeps only the head and the
 * tail of the output loses the failures' names in the middle; these lines come last, after jest's summary.
 */
const { writeSync } = require('node:fs');

const MAX_LINES = 40;
const MAX_WIDTH = 300;

const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first three lines of an error that say something (an expect()'s matcher, then Expected and Received). */
const gist = (text) =>
	String(text ?? '')
		.replace(COLOUR, '')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line.length > 0 && !line.startsWith('●') && !line.startsWith('at '))
		.slice(0, 3)
		.join(' | ');

const cut = (line) => (line.length > MAX_WIDTH ? `${line.slice(0, MAX_WIDTH - 1)}…` : line);

class FailedTestsReporter {
	constructor(globalConfig) {
		this.rootDir = globalConfig.rootDir;
	}

	onRunComplete(_contexts, results) {
		const lines = [];
		for (const file of results.testResults) {
			const path = file.testFilePath.startsWith(this.rootDir)
				? file.testFilePath.slice(this.rootDir.length + 1)
				: file.testFilePath;
			if (file.testExecError)
				lines.push(`${path} (outside its tests): ${gist(file.testExecError.stack ?? file.testExecError.message)}`);
			for (const test of file.testResults) {
				if (test.status !== 'failed') continue;
				lines.push(`${path} › ${test.fullName}: ${gist(test.failureMessages[0])}`);
			}
		}
		if (lines.length === 0) return;
		const shown = lines.slice(0, MAX_LINES).map((line) => `  ${cut(line)}\n`);
		if (lines.length > MAX_LINES) shown.push(`  … and ${lines.length - MAX_LINES} more\n`);
		// jest's summary reporter always runs after the others: written as the process exits, these lines come last.
		process.once('exit', () => writeSync(2, `\nFailed (${lines.length}):\n${shown.join('')}`));
	}
}

module.exports = FailedTestsReporter;
