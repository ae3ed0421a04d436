/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { type Log, run, STATE_ROOT, withLock } from './runtime';

/** Something the tests or scripts need from the system, and the Debian packages that provide it. */
export interface SystemNeed<T> {
	/** What needs it, for messages: e.g. "The editor test". */
	user: string;
	packages: string[];
	/** Where it is on this machine, or undefined when it is missing. */
	find: () => T | undefined;
}

export const aptInstallCommand = (packages: string[]) => `apt-get install -y ${packages.join(' ')}`;

const isRoot = () => process.getuid?.() === 0;

/**
 * The need, found on this machine, or installed with Debian's apt-get (its own registry, nothing else) when this
 * runs as root where apt-get exists; otherwise an error with the one command to run. Processes that need packages
 * at the same time install one after the other (apt holds a lock of its own and would refuse the second).
 */
export async function ensureSystemPackages<T>(need: SystemNeed<T>, log: Log): Promise<T> {
	const found = need.find();
	if (found !== undefined) return found;
	const command = aptInstallCommand(need.packages);
	if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
		throw new Error(`${need.user} needs Debian's ${need.packages.join(' and ')}; install it first: sudo ${command}`);
	}
	await withLock(join(STATE_ROOT, 'apt.lock'), log, `installing ${need.packages.join(' ')}`, async () => {
		if (need.find() !== undefined) return;
		log(`Installing Debian's ${need.packages.join(' and ')} (${command}; first time only)`);
		const options = { cwd: '/', log, env: { DEBIAN_FRONTEND: 'noninteractive' } };
		const install = ['install', '-y', '--no-install-recommends', ...need.packages];
		try {
			await run('apt-get', install, options);
		} catch {
			// A fresh machine has no package lists yet.
			await run('apt-get', ['update'], options);
			await run('apt-get', install, options);
		}
	});
	const installed = need.find();
	if (installed === undefined)
		throw new Error(`${command} finished, but ${need.user} still does not find what it needs`);
	return installed;
}

/** Debian's Chromium (or CHROMIUM_PATH), which the editor test drives; no browser is ever downloaded. */
export async function ensureChromium(log: Log): Promise<string> {
	const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	return await ensureSystemPackages(
		{ user: 'The editor test', packages: ['chromium'], find: () => (existsSync(path) ? path : undefined) },
		log,
	);
}
