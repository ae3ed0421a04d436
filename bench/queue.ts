/* Benchmark code (bench/), never published. */
/**
 * Queue mode (scripts/n8n-runtime/queue.ts): the ingest example (its per-execution variant, queue-ingest.ts) run 100
 * times through Redis, with 1 worker and then with 2, and once more on 2 workers with access tokens that live a few
 * seconds, to count logins across workers.
 */
import { startSandbox } from '../sandbox/server';
import { sandboxCredential } from '../scripts/n8n-runtime/examples';
import { listExecutions, runManually, waitForExecutions } from '../scripts/n8n-runtime/instance';
import { QueueCluster } from '../scripts/n8n-runtime/queue';
import { ingestVariant } from '../scripts/n8n-runtime/queue-ingest';
import { removeUserFolder, scratchUserFolder } from '../scripts/n8n-runtime/setup';
import { check, int, type Log, LOGIN_PATH, ms, table } from './common';

const EXECUTIONS = 100;
const CONCURRENCY = 10;
const SHORT_TOKEN_SECONDS = 5;

export interface QueueRow {
	run: string;
	workers: number;
	/** Wall time from the first start request to the last execution's end (n8n's stoppedAt). */
	wallMs: number;
	succeeded: number;
	perWorker: number[];
	apiRequests: number;
	logins: number;
	/** Lifetime of the access tokens issued during the run; undefined: the sandbox's default (1 hour). */
	tokenSeconds?: number;
}

export interface QueueResult {
	rows: QueueRow[];
	concurrency: number;
	executions: number;
}

const VARIANTS = {
	warmUp: 'maBenchQueueWarm',
	one: 'maBenchQueue1Wkr',
	two: 'maBenchQueue2Wkr',
	short: 'maBenchQueueTokn',
};

export async function runQueue(log: Log): Promise<QueueResult> {
	const folder = scratchUserFolder('bench-queue');
	const sandbox = await startSandbox();
	const workflows = Object.fromEntries(Object.entries(VARIANTS).map(([key, id]) => [key, ingestVariant(id)])) as Record<
		keyof typeof VARIANTS,
		ReturnType<typeof ingestVariant>
	>;
	let cluster: QueueCluster | undefined;
	try {
		cluster = await QueueCluster.start({
			folder,
			workers: 1,
			concurrency: CONCURRENCY,
			log,
			prepare: async (main) => {
				await main.importCredentials([sandboxCredential(sandbox.url)]);
				await main.importWorkflows(Object.values(workflows).map((variant) => variant.workflow));
			},
		});
		const started = cluster;
		const runBatch = async (key: keyof typeof VARIANTS, count: number) => {
			const { workflow, trigger } = workflows[key];
			sandbox.clearRequestLog(); // also zeroes the login counter
			const began = Date.now();
			const ids = await Promise.all(
				Array.from({ length: count }, () => runManually(started.main, workflow.id, trigger)),
			);
			const finished = await waitForExecutions(started.main, workflow.id, ids, 20 * 60_000);
			const lastStop = Math.max(...finished.map((execution) => Date.parse(String(execution.stoppedAt))));
			return {
				wallMs: lastStop - began,
				succeeded: finished.filter((execution) => execution.status === 'success').length,
				perWorker: started.workers.map((worker) => ids.filter((id) => started.workerOf(id) === worker.name).length),
				apiRequests: sandbox.requests.filter((r) => r.path !== LOGIN_PATH).length,
				logins: sandbox.stats().logins,
			};
		};
		const warmUp = async () => {
			// Every worker loads the nodes and compiles on its first executions; the credential gets its token.
			await runBatch('warmUp', CONCURRENCY * started.workers.length);
		};

		await warmUp();
		log(`queue: ${EXECUTIONS} ingest executions on 1 worker`);
		const rows: QueueRow[] = [{ run: `${EXECUTIONS} executions`, workers: 1, ...(await runBatch('one', EXECUTIONS)) }];
		await started.addWorker();
		await warmUp();
		log(`queue: ${EXECUTIONS} ingest executions on 2 workers`);
		rows.push({ run: `${EXECUTIONS} executions`, workers: 2, ...(await runBatch('two', EXECUTIONS)) });

		sandbox.setTokenLifetime(SHORT_TOKEN_SECONDS);
		sandbox.expireAccessTokens();
		log(`queue: ${EXECUTIONS} ingest executions on 2 workers, access tokens living ${SHORT_TOKEN_SECONDS} s`);
		rows.push({
			run: `${EXECUTIONS} executions`,
			workers: 2,
			tokenSeconds: SHORT_TOKEN_SECONDS,
			...(await runBatch('short', EXECUTIONS)),
		});
		for (const row of rows)
			check(row.succeeded === EXECUTIONS, `queue: only ${row.succeeded} of ${EXECUTIONS} executions succeeded`);
		check(
			(await listExecutions(started.main, VARIANTS.one)).length === EXECUTIONS,
			'queue: execution count of the 1-worker run',
		);
		return { rows, concurrency: CONCURRENCY, executions: EXECUTIONS };
	} finally {
		await cluster?.stop();
		await sandbox.close();
		removeUserFolder(folder);
	}
}

const perThousand = (row: QueueRow) => (row.apiRequests > 0 ? (row.logins * 1000) / row.apiRequests : 0);

export function queueTable(result: QueueResult): string {
	return table(
		[
			'run',
			'workers',
			'access tokens',
			'wall time',
			'succeeded',
			'executions per worker',
			'API requests',
			'logins',
			'logins per 1,000 requests',
		],
		result.rows.map((row) => [
			row.run,
			String(row.workers),
			row.tokenSeconds ? `expire after ${row.tokenSeconds} s` : 'valid 1 h (saved before the run)',
			ms(row.wallMs),
			int(row.succeeded),
			row.perWorker.map(int).join(' / '),
			int(row.apiRequests),
			int(row.logins),
			perThousand(row).toFixed(1),
		]),
	);
}

export function queueReading(result: QueueResult): string {
	const [one, two, short] = result.rows;
	const parts = [
		`**Queue mode.** ${int(result.executions)} ingest executions took ${ms(one.wallMs)} on 1 worker and ${ms(two.wallMs)} ` +
			`on 2 (${(one.wallMs / two.wallMs).toFixed(2)}× as fast; each worker runs ${result.concurrency} at once, and ` +
			'main, both workers, Redis, PostgreSQL and the sandbox share the 2 cores).',
	];
	if (short) {
		const expiries = Math.max(1, Math.floor(short.wallMs / 1000 / (short.tokenSeconds ?? 1)));
		const perWorker = short.logins / expiries / short.workers;
		parts.push(
			`With tokens living ${short.tokenSeconds} s (about ${int(expiries)} expiries during the run), the ${short.workers} ` +
				`workers logged in ${int(short.logins)} times for ${int(short.apiRequests)} requests ` +
				`(${perThousand(short).toFixed(1)} per 1,000), ${perWorker.toFixed(2)} per worker per expiry: ` +
				(perWorker <= 1
					? 'within the goal of one, because every request reads the credential from the database and finds the ' +
						'token that the first execution to meet the expiry saved.'
					: 'above the goal of one: executions that meet the expired token at the same moment, before any has ' +
						'saved a new one, each log in.'),
		);
	}
	return parts.join(' ');
}
