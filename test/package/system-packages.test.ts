/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* What the tests need from the system (Debian's Chromium): used when present, else apt-installed as root, else one command. */
import { ensureSystemPackages } from '../../scripts/n8n-runtime/system';

const logged: string[] = [];
const log = (line: string) => logged.push(line);

beforeEach(() => {
	logged.length = 0;
});

test('a need that is met is returned as found, and nothing is installed', async () => {
	await expect(ensureSystemPackages({ user: 'A test', packages: ['dash'], find: () => '/bin/sh' }, log)).resolves.toBe(
		'/bin/sh',
	);
	expect(logged).toEqual([]);
});

test('missing, and not root: fails with the one command to run, and installs nothing', async () => {
	const getuid = process.getuid;
	process.getuid = () => 1000;
	try {
		await expect(
			ensureSystemPackages({ user: 'The editor test', packages: ['chromium'], find: () => undefined }, log),
		).rejects.toThrow("The editor test needs Debian's chromium; install it first: sudo apt-get install -y chromium");
	} finally {
		process.getuid = getuid;
	}
	expect(logged).toEqual([]);
});
