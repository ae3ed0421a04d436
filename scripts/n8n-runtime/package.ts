/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { type Log, npmFreeEnvironment, REPO_ROOT, STATE_ROOT, withLock } from './runtime';

interface PackageJson {
	name: string;
	version: string;
	n8n: { nodes: string[]; credentials: string[] };
}

export function readPackageJson(): PackageJson {
	return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;
}

/** The package name, which n8n puts in front of every node type name (`n8n-nodes-media-analysis.<name>`). */
export const PACKAGE_NAME = readPackageJson().name;

export interface PackagedNode {
	/** Path listed in package.json `n8n.nodes`. */
	file: string;
	/** `description.name`. */
	name: string;
	/** Type name in n8n: `<package>.<name>`. */
	type: string;
	displayName: string;
	/** True for trigger nodes (no main input). */
	trigger: boolean;
	/** `usableAsTool`: n8n also offers it to AI agents as `<type>Tool`. */
	usableAsTool: boolean;
	/** `description.description`: the line the node panel shows under the name. */
	description: string;
	/** Label of the first parameter shown whatever else is set (e.g. Resource, Events). */
	firstParameter: string | undefined;
}

/**
 * Every node listed in package.json `n8n.nodes`, read from the built files (call after `stagePackage`). Node files
 * that are listed but missing throw: a listed node that does not build must fail the tests, never be skipped.
 */
export function packagedNodes(): PackagedNode[] {
	return readPackageJson().n8n.nodes.map((file) => {
		const path = join(REPO_ROOT, file);
		if (!existsSync(path)) throw new Error(`${file} is listed in package.json n8n.nodes but was not built`);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(path) as Record<string, new () => { description: NodeDescription }>;
		const NodeClass = Object.values(exported).find((value) => typeof value === 'function');
		if (!NodeClass) throw new Error(`${file} exports no node class`);
		const { description } = new NodeClass();
		return {
			file,
			name: description.name,
			type: `${PACKAGE_NAME}.${description.name}`,
			displayName: description.displayName,
			trigger: (description.inputs ?? []).length === 0,
			usableAsTool: description.usableAsTool === true,
			description: description.description,
			firstParameter: description.properties.find(
				(p) => !p.displayOptions && p.type !== 'hidden' && p.type !== 'notice',
			)?.displayName,
		};
	});
}

interface NodeDescription {
	name: string;
	displayName: string;
	inputs?: unknown[];
	usableAsTool?: boolean;
	description: string;
	properties: Array<{ displayName: string; type: string; displayOptions?: unknown }>;
}

/** What goes into the package: a change in any of these rebuilds it. */
const SOURCE_ROOTS = [
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'credentials',
	'nodes',
	'icons',
];

function sourceHash(): string {
	const hash = createHash('sha256');
	const visit = (path: string) => {
		if (!existsSync(path)) return;
		if (statSync(path).isDirectory()) {
			for (const entry of readdirSync(path).sort()) visit(join(path, entry));
			return;
		}
		hash.update(relative(REPO_ROOT, path));
		hash.update('\0');
		hash.update(readFileSync(path));
		hash.update('\0');
	};
	for (const root of SOURCE_ROOTS) visit(join(REPO_ROOT, root));
	return hash.digest('hex');
}

const STAGING_DIR = join(STATE_ROOT, 'package');

/**
 * Builds the package (`npm run build`) and packs it (`npm pack`) exactly as it would be published, unless the sources
 * are unchanged since the last pack. Returns the tarball. Several processes may call it at once: one builds under a
 * lock, the others reuse its result.
 */
export async function stagePackage(log: Log = () => {}): Promise<string> {
	mkdirSync(STAGING_DIR, { recursive: true });
	let tarball = '';
	await withLock(join(STAGING_DIR, 'build.lock'), log, 'building the package', async () => {
		const stampFile = join(STAGING_DIR, 'stamp.json');
		const hash = sourceHash();
		try {
			const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { hash: string; tarball: string };
			if (stamp.hash === hash && existsSync(stamp.tarball)) {
				tarball = stamp.tarball;
				return;
			}
		} catch {
			// No stamp yet: build.
		}
		rmSync(stampFile, { force: true });
		log('Building the package (npm run build)');
		await runNpm(['run', 'build']);
		for (const entry of readdirSync(STAGING_DIR)) if (entry.endsWith('.tgz')) rmSync(join(STAGING_DIR, entry));
		const packed = await runNpm(['pack', '--ignore-scripts', '--json', `--pack-destination=${STAGING_DIR}`]);
		const [{ filename }] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string }>;
		tarball = join(STAGING_DIR, filename);
		if (!existsSync(tarball)) throw new Error(`npm pack did not write ${tarball}`);
		writeFileSync(stampFile, JSON.stringify({ hash, tarball }));
	});
	return tarball;
}

function runNpm(args: string[]): Promise<string> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn('npm', [...args, '--loglevel=error'], {
			cwd: REPO_ROOT,
			env: npmFreeEnvironment(),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('close', (code) => {
			if (code === 0) return resolvePromise(stdout);
			reject(new Error(`npm ${args.join(' ')} failed with exit code ${code}:\n${(stdout + stderr).slice(-6000)}`));
		});
	});
}
