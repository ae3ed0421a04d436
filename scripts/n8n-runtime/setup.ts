/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { N8nInstance } from './instance';
import { stagePackage } from './package';
import { ensureRuntime, type Log, type RuntimeSpec, STATE_ROOT } from './runtime';

/** Home of every n8n user folder this project makes. */
export const USER_FOLDERS = join(STATE_ROOT, 'user');

/**
 * USER_FOLDERS with every symbolic link resolved. n8n compares a file's real path with N8N_RESTRICT_FILE_ACCESS_TO, so
 * a user folder under a linked node_modules (a git worktree sharing another checkout's) must be named by its real path,
 * or Read/Write Files from Disk refuses every file in it ("Access to the file is not allowed").
 */
function userFoldersHome(): string {
	mkdirSync(USER_FOLDERS, { recursive: true });
	return realpathSync(USER_FOLDERS);
}

/** A new, empty user folder `<USER_FOLDERS>/<name>-<pid>-<time>` (tests and demos remove it when done). */
export function scratchUserFolder(name: string): string {
	const folder = join(userFoldersHome(), `${name}-${process.pid}-${Date.now()}`);
	mkdirSync(folder, { recursive: true });
	return folder;
}

export function removeUserFolder(folder: string): void {
	if (!folder.startsWith(`${USER_FOLDERS}/`) && !folder.startsWith(`${userFoldersHome()}/`))
		throw new Error(`Refusing to remove ${folder}`);
	rmSync(folder, { recursive: true, force: true });
}

/**
 * Builds and packs the package, installs the runtime if needed (cached), and puts the package into the user folder as
 * a community package. Returns the instance, ready for imports and commands.
 */
export async function prepareN8n(options: { spec: RuntimeSpec; userFolder: string; log?: Log }): Promise<N8nInstance> {
	const log = options.log ?? (() => {});
	// Independent: the build is the TypeScript compiler's work, the install mostly the network's and the disk's.
	const [tarball, runtime] = await Promise.all([stagePackage(log), ensureRuntime(options.spec, log)]);
	const instance = new N8nInstance({ runtime, userFolder: options.userFolder, log });
	await instance.installPackage(tarball);
	return instance;
}
