/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type HttpResult, send } from '../http-client';
import { PACKAGE_NAME } from './package';
import { freePort, spawnTracked, stopTracked } from './processes';
import { type Log, npmFreeEnvironment, type Runtime } from './runtime';

/** The owner account of a started n8n 2.x (created from environment variables; see `ownerEnvironment`). */
export const OWNER = {
	email: 'owner@media-analysis.example',
	password: 'Sandbox-Demo-2026',
	firstName: 'Demo',
	lastName: 'Owner',
} as const;

export interface CredentialJson {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string; parameters?: Record<string, unknown>; [key: string]: unknown }>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

export interface CliResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

interface TaskData {
	executionStatus?: string;
	error?: { message?: string; description?: string };
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
}

/** What `n8n execute --rawOutput` printed, parsed. */
export interface Execution {
	ok: boolean;
	/** n8n's run data (`IRun`), when the execution succeeded. */
	run?: {
		status?: string;
		data: { resultData: { runData: Record<string, TaskData[]>; lastNodeExecuted?: string } };
	};
	/** What the command printed (`n8n execute`), or the error n8n recorded (a run in a started n8n). */
	output: string;
	/** The execution's id in a started n8n. */
	id?: string;
}

/** Items a node emitted on its first output in its last run. */
export function nodeOutput(execution: Execution, nodeName: string, outputIndex = 0): Array<Record<string, unknown>> {
	if (!execution.run) throw new Error(`The execution failed:\n${tail(execution.output)}`);
	const runs = execution.run.data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) {
		const ran = Object.keys(execution.run.data.resultData.runData).join(', ');
		throw new Error(`Node "${nodeName}" did not run (ran: ${ran})`);
	}
	const items = runs[runs.length - 1].data?.main?.[outputIndex] ?? [];
	return items.map((item) => item.json);
}

export function tail(text: string, chars = 6000): string {
	return text.length > chars ? `…${text.slice(-chars)}` : text;
}

export interface InstanceOptions {
	runtime: Runtime;
	/** n8n's user folder (it keeps `.n8n/` in it): database, encryption key, community packages. */
	userFolder: string;
	log?: Log;
}

/**
 * One n8n installation: a runtime plus an isolated user folder. Every command runs n8n's own CLI on the runtime's
 * Node.js, listening on 127.0.0.1 only, with telemetry and calls home off.
 */
export class N8nInstance {
	readonly runtime: Runtime;
	readonly userFolder: string;
	private readonly log: Log;
	private ownerHash: string | undefined;

	constructor(options: InstanceOptions) {
		this.runtime = options.runtime;
		this.userFolder = options.userFolder;
		this.log = options.log ?? (() => {});
		mkdirSync(this.userFolder, { recursive: true });
		mkdirSync(this.filesFolder, { recursive: true });
	}

	get major(): number {
		return Number(this.runtime.spec.n8nVersion.split('.')[0]);
	}

	/** Folder n8n loads community packages from. */
	get nodesFolder(): string {
		return join(this.userFolder, '.n8n', 'nodes');
	}

	/**
	 * The only folder Read/Write Files from Disk may use: n8n 2.x allows `~/.n8n-files` by default, here `~` is the
	 * user folder (n8n's working folder, so the examples' relative `.n8n-files/…` paths land in it).
	 */
	get filesFolder(): string {
		return join(this.userFolder, '.n8n-files');
	}

	/** Environment of every n8n process. */
	environment(ports: { port: number; brokerPort: number }): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {
			...npmFreeEnvironment(),
			PATH: `${join(this.runtime.nodeBin, '..')}:${process.env.PATH ?? ''}`,
			N8N_USER_FOLDER: this.userFolder,
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_PORT: String(ports.port),
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${ports.port}`,
			N8N_RUNNERS_BROKER_PORT: String(ports.brokerPort),
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			// No calls home: telemetry, version checks, templates, banners, the verified-packages list.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_PYTHON_ENABLED: 'false',
			N8N_RESTRICT_FILE_ACCESS_TO: this.filesFolder,
			// Node.js 22 and later keep the compiled code of n8n's thousands of modules here, so every command and start
			// after the first takes about a tenth less CPU; Node.js 20 (n8n 1.x) ignores it.
			NODE_COMPILE_CACHE: join(this.runtime.dir, '.compile-cache'),
		};
		// Variables that would change what n8n does: jest's NODE_ENV=test makes n8n refuse to load nodes, and a
		// developer's shell may point n8n at other extensions, another database or a config file.
		for (const key of Object.keys(env)) {
			if (key.startsWith('JEST_') || key.startsWith('DB_')) delete env[key];
		}
		for (const key of ['NODE_ENV', 'NODE_OPTIONS', 'N8N_CUSTOM_EXTENSIONS', 'N8N_CONFIG_FILES', 'EXECUTIONS_MODE']) {
			delete env[key];
		}
		return { ...env, ...this.runtime.spec.env };
	}

	/** Puts the packed package where n8n installs community packages: `.n8n/nodes/node_modules/<package>`. */
	async installPackage(tarball: string): Promise<void> {
		const target = join(this.nodesFolder, 'node_modules', PACKAGE_NAME);
		rmSync(target, { recursive: true, force: true });
		mkdirSync(target, { recursive: true });
		await new Promise<void>((resolve, reject) => {
			const child = spawn('tar', ['xzf', tarball, '-C', target, '--strip-components=1'], { stdio: 'inherit' });
			child.once('error', reject);
			child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited with ${code}`))));
		});
		// What `npm install <package>` in the nodes folder leaves behind, so that n8n sees an installed package.
		const manifest = join(this.nodesFolder, 'package.json');
		const version = (JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { version: string }).version;
		writeFileSync(
			manifest,
			`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: version } }, null, 2)}\n`,
		);
	}

	/** Runs `n8n <args>` to completion. Rejects on a non-zero exit unless `allowFailure`. */
	async cli(args: string[], options: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<CliResult> {
		const env = this.environment({ port: await freePort(), brokerPort: await freePort() });
		const child = spawnTracked(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], {
			cwd: this.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timeoutMs = options.timeoutMs ?? 180000;
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			void stopTracked(child, 5000);
		}, timeoutMs);
		const code = await new Promise<number | null>((resolve, reject) => {
			child.once('error', reject);
			child.once('close', (exitCode) => resolve(exitCode));
		});
		clearTimeout(timer);
		const result = { code, signal: child.signalCode, stdout, stderr };
		if (timedOut) throw new Error(`n8n ${args.join(' ')} took longer than ${timeoutMs} ms:\n${tail(stdout + stderr)}`);
		if (code !== 0 && !options.allowFailure) {
			throw new Error(`n8n ${args.join(' ')} exited with ${code}:\n${tail(stdout + stderr)}`);
		}
		return result;
	}

	/** `n8n import:credentials`: plain `data` is encrypted with this instance's key on import. */
	async importCredentials(credentials: CredentialJson[]): Promise<void> {
		await this.withTempFile('credentials.json', credentials, (file) =>
			this.cli(['import:credentials', `--input=${file}`]),
		);
	}

	/** `n8n import:workflow`; a workflow with the id of an existing one replaces it. */
	async importWorkflows(workflows: WorkflowJson[]): Promise<void> {
		if (workflows.length === 0) return;
		await this.withTempFile('workflows.json', workflows, (file) => this.cli(['import:workflow', `--input=${file}`]));
	}

	/** `n8n execute --id=<id> --rawOutput`. */
	async execute(workflowId: string): Promise<Execution> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { allowFailure: true });
		const output = `${result.stdout}\n${result.stderr}`;
		if (result.code !== 0) {
			return {
				ok: false,
				output: `${output}\n[n8n execute ended with exit code ${result.code}, signal ${result.signal}]`,
			};
		}
		// Log lines may come before and after it; the run data is the pretty-printed JSON document that starts and
		// ends on a line of its own ("{" … "}", nested braces being indented).
		const start = result.stdout.search(/^\{$/m);
		const end = start < 0 ? -1 : result.stdout.slice(start).search(/^\}$/m);
		if (end < 0) return { ok: false, output };
		const run = JSON.parse(result.stdout.slice(start, start + end + 1)) as Execution['run'];
		return { ok: true, run, output };
	}

	/** Node types n8n loaded (`n8n export:nodes`, n8n 2.x). */
	async loadedNodeTypes(): Promise<Array<{ name: string; displayName: string; version: number | number[] }>> {
		const dir = mkdtempSync(join(this.userFolder, 'export-'));
		try {
			const file = join(dir, 'nodes.json');
			await this.cli(['export:nodes', `--output=${file}`]);
			return JSON.parse(readFileSync(file, 'utf8')) as Array<{
				name: string;
				displayName: string;
				version: number | number[];
			}>;
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}

	/** Activates a workflow for the next `n8n start` (`publish:workflow` in 2.x, `update:workflow --active` in 1.x). */
	async publish(workflowId: string): Promise<void> {
		if (this.major >= 2) await this.cli(['publish:workflow', `--id=${workflowId}`]);
		else await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
	}

	/** Environment that creates (or resets) the owner account at `n8n start` (n8n 2.x). */
	ownerEnvironment(): NodeJS.ProcessEnv {
		if (this.major < 2) return {};
		if (!this.ownerHash) {
			// n8n wants a bcrypt hash; bcryptjs is n8n's own dependency, pure JavaScript.
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const bcrypt = require(join(this.runtime.dir, 'node_modules', 'bcryptjs')) as {
				hashSync(password: string, rounds: number): string;
			};
			this.ownerHash = bcrypt.hashSync(OWNER.password, 10);
		}
		return {
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: OWNER.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: OWNER.lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: this.ownerHash,
		};
	}

	/**
	 * `n8n start`: the editor and the API on 127.0.0.1. Resolves once n8n reports ready; rejects if it exits first
	 * or is not ready in time. A free port can be taken by another process before n8n binds it (several test files
	 * start n8n at once): when n8n says a port is in use, it starts again on new ports (unless `port` was given).
	 */
	async start(options: StartOptions = {}): Promise<RunningN8n> {
		for (let attempt = 1; ; attempt++) {
			try {
				return await this.startOnce(options);
			} catch (error) {
				const portTaken = error instanceof Error && /port \d+ is already in use/.test(error.message);
				if (!portTaken || options.port !== undefined || attempt >= 3) throw error;
				this.log(`n8n found a port taken by another process; starting again on other ports (attempt ${attempt + 1})`);
			}
		}
	}

	private async startOnce(options: StartOptions): Promise<RunningN8n> {
		const port = options.port ?? (await freePort());
		const command = options.command ?? 'start';
		const env: NodeJS.ProcessEnv = {
			...this.environment({ port, brokerPort: await freePort() }),
			...options.environment,
		};
		if (command === 'start') Object.assign(env, this.ownerEnvironment());
		else {
			Object.assign(env, {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
		}
		const child = spawnTracked(this.runtime.nodeBin, [this.runtime.n8nBin, command, ...(options.args ?? [])], {
			cwd: this.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const server = new RunningN8n(child, `http://127.0.0.1:${port}`, this.runtime.dir);
		const onData = (chunk: Buffer) => {
			const text = chunk.toString();
			server.appendOutput(text);
			options.onOutput?.(text);
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		try {
			await server.waitUntilReady(options.readyTimeoutMs ?? 180000);
		} catch (error) {
			await server.stop();
			throw error;
		}
		this.log(`n8n ${this.runtime.spec.n8nVersion} ${command} is ready on ${server.url}`);
		return server;
	}

	private async withTempFile<T>(name: string, content: unknown, body: (file: string) => Promise<T>): Promise<T> {
		const dir = mkdtempSync(join(this.userFolder, 'import-'));
		try {
			const file = join(dir, name);
			writeFileSync(file, JSON.stringify(content, null, 2));
			return await body(file);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}
}

export interface StartOptions {
	port?: number;
	onOutput?: (text: string) => void;
	readyTimeoutMs?: number;
	/** `worker` (queue mode): `port` is then its health server's (`QUEUE_HEALTH_CHECK_PORT`), `args` its flags. */
	command?: 'start' | 'worker';
	args?: string[];
	/** More environment for this process. */
	environment?: Record<string, string>;
}

/** A started `n8n start`: its URL, its output, a logged-in REST client, and `stop()`. */
export class RunningN8n {
	private output = '';
	private cookie: string | undefined;

	constructor(
		private readonly child: ChildProcess,
		readonly url: string,
		private readonly runtimeDir: string,
	) {}

	appendOutput(text: string) {
		this.output = (this.output + text).slice(-500000);
	}

	/** What n8n printed so far (the last 500 kB). */
	get logs(): string {
		return this.output;
	}

	get exited(): boolean {
		return this.child.exitCode !== null || this.child.signalCode !== null;
	}

	async waitUntilReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.exited) throw new Error(`n8n exited before it was ready:\n${tail(this.output)}`);
			try {
				const response = await fetch(`${this.url}/healthz/readiness`);
				if (response.ok) return;
			} catch {
				// Not listening yet.
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(`n8n was not ready after ${timeoutMs} ms:\n${tail(this.output)}`);
	}

	/** Logs in as the owner (n8n 2.x) and returns the session cookie. */
	async login(): Promise<string> {
		if (this.cookie) return this.cookie;
		const response = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!response.ok) throw new Error(`Login to n8n failed: ${response.status} ${await response.text()}`);
		const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (!setCookie) throw new Error('Login to n8n returned no n8n-auth cookie');
		this.cookie = setCookie.split(';')[0];
		return this.cookie;
	}

	/** GET (or, with a body, POST) on n8n's internal REST API as the owner, as the editor calls it; returns `data`. */
	async rest<T>(path: string, body?: unknown): Promise<T> {
		const cookie = await this.login();
		const method = body === undefined ? 'GET' : 'POST';
		// Each call on a connection of its own (newConnection: a busy n8n reset pooled ones while a 1,000-row run kept
		// it busy). A GET whose connection broke before an answer is sent again, at most twice; a POST is sent once.
		let response: HttpResult | undefined;
		for (let attempt = 1; !response; attempt++) {
			try {
				response = await send(this.url, method, `/rest${path}`, {
					headers: { cookie, 'browser-id': 'e2e' },
					json: body,
					newConnection: true,
					idleTimeoutMs: 120_000,
				});
			} catch (error) {
				if (method !== 'GET' || attempt === 3) {
					const code = (error as { code?: string }).code ?? (error as Error).message;
					throw new Error(
						`${method} /rest${path} failed on the network (${code}) after ${attempt} attempt(s); ` +
							`n8n ${this.exited ? `has exited (${this.child.exitCode ?? this.child.signalCode})` : 'is running'}. Its log:\n${tail(this.output, 3000)}`,
						{ cause: error },
					);
				}
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
		if (response.status < 200 || response.status > 299)
			throw new Error(`${method} /rest${path}: ${response.status} ${response.text}`);
		return (JSON.parse(response.text) as { data: T }).data;
	}

	/**
	 * Publishes a workflow in the running n8n, as the editor's Publish button does (its triggers start: a poll trigger
	 * polls once at once, then on its schedule; a webhook trigger is served).
	 */
	async activate(workflowId: string): Promise<void> {
		const { versionId } = await this.rest<{ versionId: string }>(`/workflows/${workflowId}`);
		await this.rest(`/workflows/${workflowId}/activate`, { versionId });
	}

	/**
	 * Unpublishes it: its triggers stop. Unpublishing twice is harmless, so a refused or lost call is made again (at
	 * most three times, a second apart): a busy n8n may fail one while a poll of the workflow is being torn down.
	 */
	async deactivate(workflowId: string): Promise<void> {
		const failures: string[] = [];
		for (let attempt = 1; attempt <= 3; attempt++) {
			try {
				await this.rest(`/workflows/${workflowId}/deactivate`, {});
				return;
			} catch (error) {
				failures.push(`attempt ${attempt}: ${(error as Error).message}`);
				if (this.exited) break;
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
		}
		throw new Error(`n8n did not unpublish workflow ${workflowId}:\n${failures.join('\n')}`);
	}

	/** Node types the editor is given (`/types/nodes.json`): every node n8n loaded, community packages included. */
	async nodeTypes(): Promise<Array<{ name: string; displayName: string }>> {
		const response = await fetch(`${this.url}/types/nodes.json`, {
			headers: { cookie: await this.login(), 'browser-id': 'e2e' },
			signal: AbortSignal.timeout(60_000),
		});
		if (!response.ok) throw new Error(`GET /types/nodes.json: ${response.status}`);
		return (await response.json()) as Array<{ name: string; displayName: string }>;
	}

	/**
	 * Runs a workflow from its trigger as the editor's "Execute workflow" does and waits (bounded) until it has
	 * finished. `ok` when it succeeded; `output` holds the error n8n recorded otherwise.
	 */
	async runToEnd(workflowId: string, triggerName: string, timeoutMs = 5 * 60_000): Promise<Execution> {
		const id = await runManually(this, workflowId, triggerName);
		const [finished] = await waitForExecutions(this, workflowId, [id], timeoutMs);
		const run = await this.execution(id);
		const error = (run.data.resultData as { error?: { message?: string; description?: string } }).error;
		const output = error ? `${error.message ?? ''}\n${error.description ?? ''}` : '';
		return { ok: finished.status === 'success', run, output, id };
	}

	/** One execution with its run data (n8n stores it as `flatted` text; parsed with n8n's own copy). */
	async execution(id: string): Promise<NonNullable<Execution['run']>> {
		const stored = await this.rest<{ data: string; status: string }>(`/executions/${id}`);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const flatted = require(join(this.runtimeDir, 'node_modules', 'flatted')) as { parse(text: string): unknown };
		return { status: stored.status, data: flatted.parse(stored.data) as NonNullable<Execution['run']>['data'] };
	}

	async stop(): Promise<void> {
		await stopTracked(this.child);
	}
}

/**
 * Starts a manual execution the way the editor's "Execute workflow" does (`POST /rest/workflows/:id/run`); with
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS it goes through the queue to a worker. Returns the execution id.
 */
export async function runManually(main: RunningN8n, workflowId: string, triggerName: string): Promise<string> {
	const started = await main.rest<{ executionId?: string } | undefined>(`/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: triggerName },
	});
	if (!started?.executionId)
		throw new Error(`POST /rest/workflows/${workflowId}/run started no execution: ${JSON.stringify(started)}`);
	return String(started.executionId);
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	createdAt: string;
	startedAt: string | null;
	stoppedAt: string | null;
}

/** Executions of a workflow (the newest `limit`, at most 100 per page in n8n), oldest first, as n8n's REST API lists them. */
export async function listExecutions(main: RunningN8n, workflowId: string, limit = 100): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await main.rest<{ results: ExecutionSummary[] }>(`/executions?filter=${filter}&limit=${limit}`);
	return [...page.results].sort((a, b) => Number(a.id) - Number(b.id));
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/** Waits (bounded) until every one of `ids` has finished; returns their summaries. */
export async function waitForExecutions(
	main: RunningN8n,
	workflowId: string,
	ids: string[],
	timeoutMs: number,
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	const wanted = new Set(ids);
	for (;;) {
		const mine = (await listExecutions(main, workflowId)).filter((execution) => wanted.has(execution.id));
		const finished = mine.filter((execution) => FINISHED.has(execution.status));
		if (finished.length === wanted.size) return finished;
		if (Date.now() > deadline) {
			throw new Error(
				`${wanted.size - finished.length} of ${wanted.size} executions of ${workflowId} had not finished after ` +
					`${timeoutMs} ms:\n${tail(main.logs, 3000)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}
