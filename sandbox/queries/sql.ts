/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox), never published: the n8n Cloud rules for node code do not apply. */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * The SQL engine behind the sandbox's queries: SQLite compiled to WebAssembly (sql.js, a dev dependency), in a
 * worker thread. A call is synchronous for the caller, who waits on a shared flag for at most `timeoutMs`; a query
 * still running then (a runaway join, an endless recursive CTE) is ended with its worker, so a query can never hold
 * the sandbox, or the n8n process it runs in, for longer than that. Each call builds a fresh database from the tables
 * it is given and marks it read-only before the query runs.
 */

export type SqlValue = string | number | null;

/** SQLite's storage classes, which the tables' Spark-style column types map to. */
export type SqlStorage = 'TEXT' | 'INTEGER' | 'REAL';

export interface SqlTable {
	name: string;
	columns: Array<{ name: string; storage: SqlStorage }>;
	rows: SqlValue[][];
}

export type SqlOutcome =
	| { kind: 'complete'; columns: string[]; rows: SqlValue[][] }
	| { kind: 'error'; message: string };

export interface SqlJob {
	tables: SqlTable[];
	sql: string;
	/** `check` compiles the query and takes its first step (a write fails there); `run` reads every row. */
	mode: 'check' | 'run';
	/** More rows than this is an error, never a cut result. */
	maxRows: number;
}

/** The worker's code (CommonJS, run with `eval`), so it needs no file of its own under ts-node or jest. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { port, signal, sqlJs } = workerData;
let ready;
try {
	ready = require(sqlJs)();
} catch (error) {
	ready = Promise.reject(error);
}
// signal[1]: the engine has loaded (or failed to; each job then reports why).
const loaded = () => {
	Atomics.store(signal, 1, 1);
	Atomics.notify(signal, 1);
};
ready.then(loaded, loaded);
const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';
const blob = (value) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value);

function execute(SQL, job) {
	const db = new SQL.Database();
	try {
		// The database lives in memory for one job: no journal to disk, one transaction for every table.
		db.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; BEGIN');
		for (const table of job.tables) {
			const columns = table.columns.map((column) => quote(column.name) + ' ' + column.storage);
			db.run('CREATE TABLE ' + quote(table.name) + ' (' + columns.join(', ') + ')');
			if (table.rows.length === 0) continue;
			const insert = db.prepare(
				'INSERT INTO ' + quote(table.name) + ' VALUES (' + table.columns.map(() => '?').join(', ') + ')',
			);
			for (const row of table.rows) insert.run(row);
			insert.free();
		}
		db.run('COMMIT');
		db.run('PRAGMA query_only = ON');
		const statements = db.iterateStatements(job.sql);
		const first = statements.next();
		if (first.done) return { kind: 'error', message: 'the query holds no SQL statement' };
		const statement = first.value;
		let more;
		try {
			more = db.iterateStatements(statements.getRemainingSQL()).next();
		} catch (error) {
			more = { done: false };
		}
		if (!more.done) {
			if (more.value) more.value.free();
			return { kind: 'error', message: 'a query runs one SQL statement; this one holds more than one' };
		}
		const columns = statement.getColumnNames();
		const rows = [];
		while (statement.step()) {
			if (job.mode === 'check') break;
			if (rows.length === job.maxRows) {
				return {
					kind: 'error',
					message: 'the result has more than ' + job.maxRows + ' rows, more than the sandbox keeps; add a LIMIT',
				};
			}
			rows.push(statement.get().map(blob));
		}
		return { kind: 'complete', columns, rows };
	} finally {
		db.close();
	}
}

port.on('message', async (job) => {
	let answer;
	try {
		answer = execute(await ready, job);
	} catch (error) {
		const message = String((error && error.message) || error);
		answer = {
			kind: 'error',
			message: /readonly database/.test(message) ? 'a query can only read the tables: ' + message : message,
		};
	}
	port.postMessage(answer);
	// signal[0]: the answer to the job just sent is on the port.
	Atomics.store(signal, 0, 1);
	Atomics.notify(signal, 0);
});
`;

/** How long the worker may take to load the engine (WebAssembly compiled on a busy machine), apart from the query's own limit. */
const STARTUP_MS = 20_000;

interface Running {
	worker: Worker;
	port: MessagePort;
	signal: Int32Array;
}

export class SqlEngine {
	private running: Running | undefined;

	/** Runs one job and answers its outcome; a job not done within `timeoutMs` ends its worker and is an error. */
	execute(job: SqlJob, timeoutMs: number): SqlOutcome {
		const running = this.start();
		if (Atomics.wait(running.signal, 1, 0, STARTUP_MS) === 'timed-out') {
			this.close();
			return { kind: 'error', message: `the sandbox's SQL engine did not start within ${STARTUP_MS / 1000} s` };
		}
		Atomics.store(running.signal, 0, 0);
		running.port.postMessage(job);
		const waited = Atomics.wait(running.signal, 0, 0, timeoutMs);
		const answer = receiveMessageOnPort(running.port)?.message as SqlOutcome | undefined;
		if (waited === 'timed-out' || !answer) {
			this.close();
			return {
				kind: 'error',
				message: `the query ran longer than ${timeoutMs / 1000} s, the sandbox's limit, and was stopped`,
			};
		}
		return answer;
	}

	/** Ends the worker (a later job starts another). */
	close(): void {
		if (!this.running) return;
		const { worker, port } = this.running;
		this.running = undefined;
		port.close();
		void worker.terminate();
	}

	private start(): Running {
		if (this.running) return this.running;
		const { port1, port2 } = new MessageChannel();
		const signal = new Int32Array(new SharedArrayBuffer(8));
		const worker = new Worker(WORKER_SOURCE, {
			eval: true,
			workerData: { port: port2, signal, sqlJs: require.resolve('sql.js') },
			transferList: [port2],
		});
		// Neither keeps the process alive: the sandbox closes the engine, and an idle worker must not hold a test run.
		worker.unref();
		port1.unref();
		const running = { worker, port: port1, signal };
		// A worker that dies (out of memory, say) answers nothing: the job waiting on it times out; the next starts anew.
		worker.on('error', () => {
			if (this.running === running) this.close();
		});
		this.running = running;
		return running;
	}
}
