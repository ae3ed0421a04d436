/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * n8n in queue mode on this machine: Debian's redis-server and PostgreSQL on 127.0.0.1 with their data under one
 * folder, n8n main (`n8n start`) plus workers (`n8n worker`), each with its own user folder holding the package as a
 * community package, all sharing one encryption key, Redis and the database. Used by `npm run start:queue`, the
 * queue-mode e2e tests and the queue benchmark.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { N8nInstance, type RunningN8n, tail } from './instance';
import { stagePackage } from './package';
import { freePort, spawnTracked, stopTracked } from './processes';
import { ensureRuntime, type Log, N8N_V2, run, type Runtime } from './runtime';
import { aptInstallCommand, ensureSystemPackages } from './system';

/** Debian packages queue mode needs from the system. */
const SYSTEM_PACKAGES = ['redis-server', 'postgresql'];
const DATABASE = 'n8n';
const DB_USER = 'n8n';

interface SystemTools {
	redisServer: string;
	/** PostgreSQL's bin folder (initdb, postgres, pg_isready, createdb). */
	pgBin: string;
}

function findTools(): SystemTools | undefined {
	const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
	const pgRoot = '/usr/lib/postgresql';
	const versions = existsSync(pgRoot)
		? readdirSync(pgRoot)
				.filter((version) => existsSync(join(pgRoot, version, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (!redisServer || versions.length === 0) return undefined;
	return { redisServer, pgBin: join(pgRoot, versions[0], 'bin') };
}

const isRoot = () => process.getuid?.() === 0;

/** Debian's redis-server and PostgreSQL, found or apt-installed (see system.ts), otherwise one line says how. */
export async function ensureQueueTools(log: Log): Promise<SystemTools> {
	return await ensureSystemPackages({ user: 'Queue mode', packages: SYSTEM_PACKAGES, find: findTools }, log);
}

/** Passwords and the encryption key of one queue folder, kept with its data so that a restart finds them again. */
interface Secrets {
	postgresPassword: string;
	redisPassword: string;
	encryptionKey: string;
}

function secretsOf(folder: string): Secrets {
	const file = join(folder, 'secrets.json');
	if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
	const secret = () => randomBytes(24).toString('hex');
	const secrets = { postgresPassword: secret(), redisPassword: secret(), encryptionKey: secret() };
	writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
	return secrets;
}

/** A started server process: its output so far (for error messages) and how to stop it. */
interface Service {
	name: string;
	port: number;
	child: ChildProcess;
	output: () => string;
}

function startService(
	name: string,
	port: number,
	command: string,
	args: string[],
	onOutput?: (text: string) => void,
): Service {
	const child = spawnTracked(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	const onData = (chunk: Buffer) => {
		const text = chunk.toString();
		output = (output + text).slice(-100_000);
		onOutput?.(text);
	};
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	return { name, port, child, output: () => output };
}

async function waitFor(service: Service, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (service.child.exitCode !== null || service.child.signalCode !== null) {
			throw new Error(`${service.name} exited before it was ready:\n${tail(service.output(), 3000)}`);
		}
		if (await probe()) return;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(`${service.name} was not ready after ${timeoutMs} ms:\n${tail(service.output(), 3000)}`);
}

/** True when Redis on `port` answers PING after AUTH (a bounded exchange on one connection). */
function redisAnswers(port: number, password: string): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(2000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`));
		socket.on('data', (chunk: Buffer) => {
			answer += chunk.toString();
			if (answer.includes('+PONG')) done(true);
			else if (answer.includes('-')) done(false);
		});
	});
}

async function startRedis(tools: SystemTools, folder: string, password: string, onOutput?: (text: string) => void) {
	const dir = join(folder, 'redis');
	mkdirSync(dir, { recursive: true });
	const port = await freePort();
	// The password goes in a file only this user reads, not on a command line every user can list.
	const config = join(dir, 'redis.conf');
	writeFileSync(
		config,
		[
			`bind 127.0.0.1`,
			`port ${port}`,
			`requirepass ${password}`,
			'save ""',
			'appendonly no',
			`dir ${dir}`,
			'protected-mode yes',
		].join('\n'),
		{ mode: 0o600 },
	);
	chmodSync(config, 0o600);
	const redis = startService('redis-server', port, tools.redisServer, [config], onOutput);
	await waitFor(redis, 30_000, () => redisAnswers(port, password));
	return redis;
}

/**
 * PostgreSQL with its cluster in `<folder>/postgres`, listening on 127.0.0.1 only (no Unix socket), password
 * authentication. initdb refuses to run as root, so as root the server runs as Debian's `postgres` user (setpriv
 * execs it in place: the tracked process is the postmaster itself).
 */
async function startPostgres(
	tools: SystemTools,
	folder: string,
	password: string,
	durable: boolean,
	log: Log,
	onOutput?: (text: string) => void,
) {
	const dir = join(folder, 'postgres');
	const data = join(dir, 'data');
	mkdirSync(dir, { recursive: true });
	const asOwner = (command: string, args: string[]): [string, string[]] =>
		isRoot()
			? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]]
			: [command, args];
	if (isRoot()) {
		try {
			execFileSync('chown', ['-R', 'postgres:postgres', dir]);
		} catch {
			throw new Error(
				`Running as root, PostgreSQL needs Debian's "postgres" user (from the postgresql package): ${aptInstallCommand(SYSTEM_PACKAGES)}`,
			);
		}
	}
	const fresh = !existsSync(join(data, 'PG_VERSION'));
	if (fresh) {
		const passwordFile = join(dir, 'initdb-password');
		writeFileSync(passwordFile, password, { mode: 0o600 });
		if (isRoot()) execFileSync('chown', ['postgres:postgres', passwordFile]);
		const [initdb, initdbArgs] = asOwner(join(tools.pgBin, 'initdb'), [
			`--pgdata=${data}`,
			`--username=${DB_USER}`,
			'--auth=scram-sha-256',
			`--pwfile=${passwordFile}`,
			'--encoding=UTF8',
			'--no-locale',
			'--no-instructions',
		]);
		await run(initdb, initdbArgs, { cwd: dir, log });
		writeFileSync(passwordFile, '');
	}
	const port = await freePort();
	// A throw-away cluster (tests, benchmark) needs no crash safety: no fsync keeps its writes off the shared disk.
	const speed = durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
	const [command, args] = asOwner(join(tools.pgBin, 'postgres'), [
		'-D',
		data,
		'-h',
		'127.0.0.1',
		'-p',
		String(port),
		'-k',
		'',
		'-c',
		'max_connections=200',
		...speed,
	]);
	const postgres = startService('postgres', port, command, args, onOutput);
	const env = { PGPASSWORD: password };
	const client = ['-h', '127.0.0.1', '-p', String(port), '-U', DB_USER];
	await waitFor(postgres, 60_000, () =>
		run(join(tools.pgBin, 'pg_isready'), [...client, '-d', 'postgres'], { cwd: dir, log: () => {}, env }).then(
			() => true,
			() => false,
		),
	);
	if (fresh) await run(join(tools.pgBin, 'createdb'), [...client, DATABASE], { cwd: dir, log, env });
	return postgres;
}

/** An n8n installation that runs in queue mode against the given Redis and PostgreSQL. */
export class QueueN8nInstance extends N8nInstance {
	constructor(
		options: ConstructorParameters<typeof N8nInstance>[0],
		private readonly queueEnvironment: Record<string, string>,
	) {
		super(options);
	}

	override environment(ports: { port: number; brokerPort: number }): NodeJS.ProcessEnv {
		return { ...super.environment(ports), ...this.queueEnvironment };
	}
}

/**
 * What n8n needs for queue mode with this package (README "Queue mode" lists the same): Redis, PostgreSQL, one
 * encryption key for every process, binary data in the database (filesystem mode keeps files on the machine that
 * wrote them, which another process cannot read), manual executions offloaded to workers too.
 */
function queueEnvironment(redisPort: number, postgresPort: number, secrets: Secrets): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		QUEUE_BULL_REDIS_PASSWORD: secrets.redisPassword,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: DATABASE,
		DB_POSTGRESDB_USER: DB_USER,
		DB_POSTGRESDB_PASSWORD: secrets.postgresPassword,
		N8N_ENCRYPTION_KEY: secrets.encryptionKey,
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		// Below the 15 s after which stopTracked kills: a stopping worker finishes its running jobs first.
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
	};
}

export interface QueueClusterOptions {
	/** Everything goes under it: Redis, PostgreSQL, one n8n user folder per process, the secrets. */
	folder: string;
	workers: number;
	/** Jobs one worker runs at once (`n8n worker --concurrency`). */
	concurrency: number;
	log: Log;
	/** Keep PostgreSQL crash-safe (`npm run start:queue`); tests and the benchmark throw the data away. */
	durable?: boolean;
	mainPort?: number;
	/** Output of every process, named `redis`, `postgres`, `main`, `worker-1`, … */
	onOutput?: (name: string, text: string) => void;
	/** Runs once the database is up and before any n8n process starts: imports and publishes through the main's CLI. */
	prepare?: (main: QueueN8nInstance) => Promise<void>;
}

export interface QueueWorker {
	name: string;
	/** Its n8n user folder (files a workflow writes land in its `.n8n-files`). */
	folder: string;
	server: RunningN8n;
}

/** Redis, PostgreSQL, n8n main and workers in queue mode; `stop()` ends all of them. */
export class QueueCluster {
	main!: RunningN8n;
	readonly workers: QueueWorker[] = [];
	private services: Service[] = [];
	private runtime!: Runtime;
	private tarball!: string;
	private environment!: Record<string, string>;
	mainInstance!: QueueN8nInstance;

	private constructor(private readonly options: QueueClusterOptions) {}

	static async start(options: QueueClusterOptions): Promise<QueueCluster> {
		const cluster = new QueueCluster(options);
		try {
			await cluster.boot();
		} catch (error) {
			await cluster.stop();
			throw error;
		}
		return cluster;
	}

	private output(name: string) {
		return this.options.onOutput ? (text: string) => this.options.onOutput?.(name, text) : undefined;
	}

	private instance(name: string): QueueN8nInstance {
		return new QueueN8nInstance(
			{ runtime: this.runtime, userFolder: join(this.options.folder, name), log: this.options.log },
			this.environment,
		);
	}

	private async boot() {
		const { folder, log } = this.options;
		mkdirSync(folder, { recursive: true });
		const tools = await ensureQueueTools(log);
		[this.tarball, this.runtime] = await Promise.all([stagePackage(log), ensureRuntime(N8N_V2, log)]);
		const secrets = secretsOf(folder);
		log('Starting redis-server and PostgreSQL on 127.0.0.1');
		const redis = await startRedis(tools, folder, secrets.redisPassword, this.output('redis'));
		this.services.push(redis);
		const postgres = await startPostgres(
			tools,
			folder,
			secrets.postgresPassword,
			this.options.durable ?? false,
			log,
			this.output('postgres'),
		);
		this.services.push(postgres);
		this.environment = queueEnvironment(redis.port, postgres.port, secrets);

		const main = this.instance('main');
		this.mainInstance = main;
		await main.installPackage(this.tarball);
		// The first n8n command migrates the database; workers start only after main, so they never race it.
		await this.options.prepare?.(main);
		await this.startMain();
		await Promise.all(Array.from({ length: this.options.workers }, () => this.addWorker()));
	}

	/** `n8n start` of the main instance (again, after `stopMain`); it keeps its port. */
	async startMain(): Promise<RunningN8n> {
		this.main = await this.mainInstance.start({ port: this.options.mainPort, onOutput: this.output('main') });
		this.options.mainPort = Number(new URL(this.main.url).port);
		return this.main;
	}

	async stopMain(): Promise<void> {
		await this.main?.stop();
	}

	/** One more `n8n worker`, with its own user folder and the package installed there. */
	async addWorker(): Promise<QueueWorker> {
		const name = `worker-${this.workers.length + 1}`;
		const instance = this.instance(name);
		const slot: QueueWorker = { name, folder: instance.userFolder, server: undefined as unknown as RunningN8n };
		this.workers.push(slot);
		await instance.installPackage(this.tarball);
		slot.server = await instance.start({
			command: 'worker',
			args: [`--concurrency=${this.options.concurrency}`],
			onOutput: this.output(name),
		});
		return slot;
	}

	/** The worker whose log says it ran the execution (n8n keeps no worker in the execution record; see README). */
	workerOf(executionId: string): string | undefined {
		const started = new RegExp(`Worker started execution ${executionId} \\(job `);
		return this.workers.find((worker) => started.test(worker.server.logs))?.name;
	}

	async stop(): Promise<void> {
		await Promise.all(this.workers.map((worker) => worker.server?.stop()));
		await this.main?.stop();
		for (const service of this.services.reverse()) await stopTracked(service.child);
		this.services = [];
	}
}
