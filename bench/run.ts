/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * `npm run bench`: every scenario against the in-process sandbox, results into bench/RESULTS.md.
 * `npm run bench -- --only ingest,trigger --out /tmp/partial.md` runs some scenarios and writes elsewhere.
 * `npm run bench -- --only concurrency --merge` runs some scenarios and puts their sections (and their reading) into
 * the existing bench/RESULTS.md in place, keeping the other sections as they were.
 * `npm run bench -- --install-runtime` first installs the n8n runtime whose HTTP Request node rows (b) compare with.
 * Scenarios: ingest, returnAll, logins, trigger, memory, queryResults, queue, answerCap, answerBudget, concurrency,
 * items. Not part of `npm test`: nothing here is a timed assertion.
 */
import './resolve-ts-first';

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { POOL } from '../nodes/shared/router';
import { PARALLEL } from '../nodes/shared/transport';
import { ensureRuntime, N8N_V2 } from '../scripts/n8n-runtime/runtime';
import { int, ms } from './common';
import { HOW_TO_INSTALL, loadHttpRequestNode } from './httpRequestNode';
import { ingestTable, runIngest, type IngestRow } from './ingest';
import { ITEMS, itemsReading, itemsTable, type ItemsRow, runItems } from './items';
import { loginsTable, runLogins, type LoginRow } from './logins';
import { answerBudgetTable, answerCapTable, runAnswerBudget, runAnswerCap, type AnswerCapResult } from './answerCap';
import {
	CONCURRENCY,
	concurrencyReading,
	concurrencyTable,
	type ConcurrencyResult,
	limitOverTimeTable,
	queueingTable,
	rateLimitTable,
	runConcurrency,
	variedTable,
} from './concurrency';
import { memoryTable, runMemory, type MemoryResult } from './memory';
import { queryResultsTable, runQueryResults, type QueryResultsRow } from './queryResults';
import { queueReading, queueTable, type QueueResult, runQueue } from './queue';
import { returnAllTable, runReturnAll, type ReturnAllRow } from './returnAll';
import { runWritten, WRITTEN_BENCH, writtenTable, type WrittenRow } from './written';
import { churnTable, runTrigger, runTriggerChurn, triggerTable, type ChurnRow, type TriggerRow } from './trigger';

const SCENARIOS = [
	'ingest',
	'returnAll',
	'logins',
	'trigger',
	'memory',
	'queryResults',
	'queue',
	'answerCap',
	'answerBudget',
	'concurrency',
	'items',
	'written',
] as const;
type Scenario = (typeof SCENARIOS)[number];

function options() {
	const args = process.argv.slice(2);
	const value = (flag: string) => {
		const index = args.indexOf(flag);
		return index >= 0 ? args[index + 1] : undefined;
	};
	const only = value('--only')?.split(',') ?? [...SCENARIOS];
	for (const name of only) {
		if (!SCENARIOS.includes(name as Scenario)) throw new Error(`Unknown scenario "${name}" (${SCENARIOS.join(', ')})`);
	}
	return {
		only: new Set(only as Scenario[]),
		out: value('--out') ?? join(__dirname, 'RESULTS.md'),
		installRuntime: args.includes('--install-runtime'),
		merge: args.includes('--merge'),
	};
}

const versionOf = (name: string) =>
	(JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

const log = (line: string) => console.log(`[bench] ${line}`);
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(' / ');

interface Results {
	ingest?: IngestRow[];
	returnAll?: ReturnAllRow[];
	logins?: LoginRow[];
	trigger?: TriggerRow[];
	triggerChurn?: ChurnRow[];
	memory?: MemoryResult[];
	queryResults?: QueryResultsRow[];
	queue?: QueueResult;
	answerCap?: AnswerCapResult[];
	answerBudget?: AnswerCapResult[];
	concurrency?: ConcurrencyResult;
	items?: ItemsRow[];
	written?: WrittenRow[];
}

/** Sentences computed from the numbers, so a rerun cannot leave a stale claim behind. */
function reading(results: Results): string[] {
	const lines: string[] = [];
	const ingest = results.ingest ?? [];
	const find = (n: number, start: string, prefix: string) =>
		ingest.find((row) => row.n === n && row.start === start && row.way.startsWith(prefix))?.measured;
	const times = (value: number, base: number) => `${(value / base).toFixed(value / base >= 10 ? 0 : 1)}×`;
	for (const n of [1000, 10_000]) {
		const a = find(n, 'persisted token', '(a)');
		if (!a) continue;
		const parts = [`the Ingestion node sent ${int(a.apiRequests)} requests in ${ms(a.wallMs)}`];
		for (const [prefix, label] of [
			['(b)', 'the HTTP Request node (default options)'],
			["(b')", 'the HTTP Request node with Batching'],
		] as const) {
			const b = find(n, 'persisted token', prefix);
			if (!b) continue;
			parts.push(
				`${label} ${int(b.apiRequests)} (${times(b.apiRequests, a.apiRequests)} as many) in ${ms(b.wallMs)} ` +
					`(${times(b.wallMs, a.wallMs)} the time, ${times(b.cpuMs, a.cpuMs)} the CPU time)`,
			);
		}
		const expression = find(n, 'persisted token', "(a')");
		if (expression) {
			parts.push(`with an expression per item (a') it sent ${int(expression.apiRequests)} in ${ms(expression.wallMs)}`);
		}
		const c = find(n, 'persisted token', '(c)');
		if (c) {
			const goal = n >= 10_000 ? 1.5 : 3;
			const within = a.wallMs <= goal * c.wallMs ? 'within' : '**not within**';
			parts.push(
				`the axios script ${int(c.apiRequests)} in ${ms(c.wallMs)}, so the node took ${times(a.wallMs, c.wallMs)} ` +
					`as long as a plain script sending the same requests (${within} the goal of ${goal}×)` +
					(expression ? `, and ${times(expression.wallMs, c.wallMs)} with an expression per item (see below why)` : ''),
			);
		}
		lines.push(`**Ingest ${int(n)}.** With the token saved, ${parts.join('; ')}.`);
	}
	const coldA = find(1000, 'no token yet', '(a)');
	const coldB = find(1000, 'no token yet', '(b)');
	const coldB2 = find(1000, 'no token yet', "(b')");
	if (coldA && coldB) {
		lines.push(
			`**First execution (no access token yet).** The Ingestion node logged in ${int(coldA.logins)} time(s); the ` +
				`HTTP Request node logged in ${int(coldB.logins)} times for ${int(coldB.apiRequests)} requests: it starts ` +
				"every item's request at once, each finds the token empty and runs the login itself (n8n does not share one " +
				'login between concurrent requests of a credential)' +
				(coldB2 ? `; with Batching (one item every millisecond) it still logged in ${int(coldB2.logins)} times.` : '.'),
		);
	}
	const relogins = ingest.filter(
		(row) => row.start === 'persisted token' && row.way.startsWith('(b') && (row.measured?.logins ?? 0) > 0,
	);
	if (relogins.length > 0) {
		const described = relogins.map((row) => {
			const m = row.measured as NonNullable<IngestRow['measured']>;
			const exact =
				m.apiRequests === row.n ? 'each item reached the sandbox once' : `${int(m.apiRequests)} requests reached it`;
			return `${row.way.split(' ')[0]} at ${int(row.n)} items: ${int(m.logins)} logins (${exact})`;
		});
		lines.push(
			`**Logins although the token was saved.** ${described.join('; ')}. n8n-core answers any failure of a request ` +
				'made with a credential that has a login step by running the login and repeating the request once; here the ' +
				'failures were connections that did not get through (see the next point), so every one of them cost a login.',
		);
	}
	const drops = ingest.filter((row) => (row.measured?.listenDrops ?? 0) > 0);
	if (drops.length > 0) {
		lines.push(
			'**Dropped connection attempts.** Rows with "connects dropped" above zero opened more connections at once than ' +
				"the sandbox's listen queue holds (Node's default backlog, 511) while the single event loop, shared by the " +
				'engine and the sandbox, was busy starting requests; Linux retries such a connection after 1 s, then 3 s. Part ' +
				"of those rows' wall time is that waiting, an artefact of an in-process test server (a production service " +
				'would rather answer 429 to that many simultaneous requests); their CPU time is the fairer comparison. That ' +
				'waiting also makes those wall times swing from run to run: while this benchmark was being written, three runs ' +
				"of (b) at 10,000 items took 56 s, 123 s and 246 s, and one run of (b') at 10,000 failed outright when a " +
				'repeated login could not connect.',
		);
	}
	const ra = results.returnAll;
	if (ra && ra.length === 2) {
		const [node, plain] = ra.map((row) => row.measured);
		lines.push(
			`**Return All.** Both read ${int(ra[0].records)} datasets in ${int(node.apiRequests)} pages of 100; the node took ` +
				`${ms(node.wallMs)} against ${ms(plain.wallMs)} for the axios loop (median of three). The pages are the same; ` +
				'the difference is the engine (items, paired items, output copies) and run-to-run noise on a shared machine.',
		);
	}
	const failed = (results.logins ?? []).filter((row) => row.measured?.result);
	for (const row of failed) {
		lines.push(
			`**A failed run.** ${row.sender}, ${row.executions}, ${row.tokens}: ${row.measured?.result} ` +
				`(${int(row.measured?.logins ?? 0)} logins, ${int(row.measured?.statuses['401'] ?? 0)} answers 401). Its ` +
				'requests waited longer than the token lived: after a 401, n8n logs in and repeats the request once, and ' +
				'the repeat met an expired token again.',
		);
	}
	const logins = results.logins?.filter((row) => row.measured) ?? [];
	if (logins.length > 0) {
		const nodeRows = logins.filter((row) => row.sender.startsWith('Datasets'));
		const httpRows = logins.filter((row) => row.sender.startsWith('HTTP'));
		const list = (rows: LoginRow[]) =>
			rows.map((row) => `${int(row.measured?.logins ?? 0)} (${row.executions}, ${row.tokens})`).join(', ');
		lines.push(
			`**Logins per 1,000 requests.** Datasets node: ${list(nodeRows)}. A 401 costs one login and one repeated ` +
				'request, because the token is saved and the following items and executions reuse it.' +
				(httpRows.length > 0
					? ` HTTP Request node with the same credential: ${list(httpRows)}: its concurrent requests each log in ` +
						'whenever they find the token empty or expired.'
					: ''),
		);
	}
	const trigger = results.trigger ?? [];
	if (trigger.length > 0) {
		const cost = (situation: string) => [
			...new Set(trigger.filter((row) => row.situation === situation).map((row) => int(row.measured.apiRequests))),
		];
		const burst = trigger.filter((row) => row.situation.includes('became ready'));
		lines.push(
			`**Trigger.** A poll with nothing new cost ${cost('nothing new').join(' or ')} request(s) before the burst and ` +
				`${cost('nothing new, next poll').join(' or ')} once the look-back window had closed: one per watched list ` +
				"(the jobs list, each watched dataset's asset statuses) plus the dataset list when every dataset is watched. " +
				'The first poll a minute after the burst read the window again (every record dated less than a minute below ' +
				`the newest, where a lagging list can still show one late): ${cost('nothing new since that burst (a minute later)').join(' or ')} ` +
				'requests; the cursor then having stood still for the window, the next poll read one page. A poll after 1,000 ' +
				`new events read them in ${burst.map((row) => int(row.measured.apiRequests)).join(' / ')} requests (pages of ` +
				'100, each overlapping the one before by 5) and emitted each once.',
		);
	}
	const churn = results.triggerChurn ?? [];
	if (churn.length > 1) {
		const span = (values: number[]) =>
			Math.min(...values) === Math.max(...values)
				? int(values[0])
				: `${int(Math.min(...values))}–${int(Math.max(...values))}`;
		const steady = churn.slice(2);
		lines.push(
			`**Trigger state under dataset churn.** With ${churn[1].created} datasets created and the previous ones deleted ` +
				`before each poll, the saved state held ${span(steady.map((row) => row.scopes))} scopes ` +
				`(${span(steady.map((row) => row.stateBytes))} bytes) from poll 2 to poll ${churn.length - 1}: the scopes of deleted ` +
				'datasets are dropped, so it does not grow with the datasets ever seen.',
		);
	}
	const queryRows = results.queryResults ?? [];
	const qNode = queryRows.find((row) => row.mode === 'node');
	const qWhole = queryRows.find((row) => row.mode === 'whole');
	const qStream = queryRows.find((row) => row.mode === 'stream');
	if (qNode && qWhole && qStream) {
		const share = (row: QueryResultsRow) => `${((row.sentBytes / row.fileBytes) * 100).toFixed(1)}%`;
		lines.push(
			`**Query results.** Get Results (Rows) with Limit 3 on a ${(qNode.fileBytes / 1e6).toFixed(0)} MB CSV grew the ` +
				`heap by ${qNode.peakHeapGrowthMb.toFixed(1)} MB at its peak and let the storage host send ${share(qNode)} of the ` +
				`file before leaving; reading the whole file and parsing every row, as the node did before, grew it by ` +
				`${qWhole.peakHeapGrowthMb.toFixed(0)} MB (${(qWhole.peakHeapGrowthMb / qNode.peakHeapGrowthMb).toFixed(0)}× as much; ` +
				'the 5 ms sampler cannot look inside the synchronous parse, so that figure is a lower bound) and took ' +
				`${ms(qWhole.wallMs)} against ${ms(qNode.wallMs)}. A plain script that reads lines as they arrive grew it by ` +
				`${qStream.peakHeapGrowthMb.toFixed(1)} MB (${share(qStream)} sent): the node's remaining cost is the engine.`,
		);
	}
	const memory = results.memory ?? [];
	const memNode = memory.find((r) => r.mode === 'node');
	const memAxios = memory.find((r) => r.mode === 'axios');
	if (memNode && memAxios) {
		lines.push(
			`**Memory.** Return All over ${int(memNode.records)} datasets peaked at ${memNode.peakRssMb.toFixed(0)} MB RSS ` +
				`(${memNode.peakHeapMb.toFixed(0)} MB heap) through the engine, against ${memAxios.peakRssMb.toFixed(0)} MB ` +
				`(${memAxios.peakHeapMb.toFixed(0)} MB heap) for a script holding the same records; the output holds about ` +
				`${int(Math.round(memNode.heldBytesPerRecord))} bytes per record (script: ${int(Math.round(memAxios.heldBytesPerRecord))}). ` +
				'Return All keeps every record, as n8n items must; for far larger lists use Limit and filters.',
		);
	}
	const capNode = results.answerCap?.find((r) => r.mode === 'node');
	const capHttp = results.answerCap?.find((r) => r.mode === 'http');
	if (capNode) {
		lines.push(
			`**Oversized answers.** A ${int(capNode.unpackedMb)} MB answer (gzip) was refused at the ${capNode.capMb} MB cap with ` +
				`${capNode.peakRssGrowthMb.toFixed(0)} MB of RSS growth (${(capNode.peakRssGrowthMb / capNode.capMb).toFixed(2)}× the cap; goal ≤ 2×)` +
				(capHttp
					? `; the HTTP Request node read a ${int(capHttp.unpackedMb)} MB one whole with ${capHttp.peakRssGrowthMb.toFixed(0)} MB.`
					: '.'),
		);
	}
	const budgetOn = results.answerBudget?.find((r) => r.budget === 'on');
	const budgetOff = results.answerBudget?.find((r) => r.budget === 'off');
	if (budgetOn && budgetOff) {
		lines.push(
			`**Many large answers at once.** 50 answers of 100 MB (gzip) at Requests in Parallel 50 held at most ${(budgetOn.budgetPeakMb ?? 0).toFixed(0)} MB ` +
				`at once with the run budget of ${budgetOn.budgetMb} MB: RSS grew ${budgetOn.peakRssGrowthMb.toFixed(0)} MB ` +
				`(${(budgetOn.peakRssGrowthMb / (budgetOn.budgetMb ?? 1)).toFixed(2)}× the budget; goal ≤ 2×), against ${budgetOff.peakRssGrowthMb.toFixed(0)} MB ` +
				`(${(budgetOff.budgetPeakMb ?? 0).toFixed(0)} MB held at once) with each answer capped alone.`,
		);
	}
	if (results.queue) lines.push(queueReading(results.queue));
	if (results.concurrency) lines.push(...concurrencyReading(results.concurrency));
	if (results.items) lines.push(...itemsReading(results.items));
	return lines;
}

async function main() {
	const { only, out, installRuntime, merge } = options();
	if (installRuntime) await ensureRuntime(N8N_V2, log);
	const startedAt = new Date();
	const loadBefore = load();
	const began = performance.now();
	const httpRequest = loadHttpRequestNode();
	if (httpRequest.reason) log(`HTTP Request node: not measured: ${httpRequest.reason}`);
	else log(`HTTP Request node: n8n-nodes-base ${httpRequest.version} from the n8n runtime`);

	const results: Results = {};
	if (only.has('ingest')) {
		results.ingest = await runIngest(
			[
				{ n: 1000, start: 'persisted token' },
				{ n: 10_000, start: 'persisted token' },
				{ n: 1000, start: 'no token yet' },
			],
			httpRequest,
			log,
		);
	}
	if (only.has('returnAll')) results.returnAll = await runReturnAll(10_000, log);
	if (only.has('logins')) results.logins = await runLogins(httpRequest, log);
	if (only.has('trigger')) {
		results.trigger = await runTrigger(log);
		results.triggerChurn = await runTriggerChurn(log);
	}
	if (only.has('memory')) results.memory = await runMemory(100_000, log);
	if (only.has('queryResults')) results.queryResults = await runQueryResults(log);
	if (only.has('queue')) results.queue = await runQueue(log);
	if (only.has('answerCap')) results.answerCap = await runAnswerCap(httpRequest, log);
	if (only.has('answerBudget')) results.answerBudget = await runAnswerBudget(log);
	if (only.has('concurrency')) results.concurrency = await runConcurrency(httpRequest, log);
	if (only.has('items')) results.items = await runItems(ITEMS.count, log);
	if (only.has('written')) results.written = await runWritten(log);
	const totalMs = performance.now() - began;

	const cpu = cpus();
	const sections: string[] = [
		'# Benchmarks',
		'',
		'Generated by `npm run bench` (bench/run.ts); do not edit by hand. Numbers from one run on the machine below.',
		'',
		`- Date: ${startedAt.toISOString()}`,
		`- Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, ` +
			`load average (1/5/15 min) ${loadBefore} at the start and ${load()} at the end: the machine is shared, so wall ` +
			'times carry noise; request and login counts do not.',
		`- Node.js ${process.version}; n8n-core ${versionOf('n8n-core')}, n8n-workflow ${versionOf('n8n-workflow')}; ` +
			(httpRequest.version
				? `n8n's HTTP Request node from n8n-nodes-base ${httpRequest.version} (the n8n 2.41.1 runtime under node_modules/.cache/n8n-nodes-media-analysis/runtime/)`
				: `HTTP Request node not measured: ${httpRequest.reason}`),
		`- Whole run: ${ms(totalMs)}`,
		'',
		'Everything runs against the sandbox (`startSandbox()`, 127.0.0.1, a free port) in the same process as the engine,',
		'except the memory runs, whose client is a separate process, and section 9, whose sandbox and proxies run in a',
		"child process of their own (bench/service.ts). Nodes run through n8n-core's `WorkflowExecute` (the",
		'test harness, `test/harness/engine.ts`), with real HTTP. Request counts come from the sandbox\'s request log; "API',
		'requests" leaves the logins out, "logins" counts successful `POST /api/v0/login`. "CPU time" is this process\'s user +',
		'system time during the run, so it includes the sandbox answering. A wall time followed by a range in parentheses',
		'is the median of three runs, with the fastest and the slowest.',
		'',
	];

	if (results.ingest) {
		sections.push(
			'## 1. Ingesting N assets from N input items',
			'',
			'(a) the Ingestion node, Job → Create From Images with Combine Items on (100 images per request), Input Mode',
			"Using Item Fields (Source Path Field `url`: each item's URL read from its JSON, no expression); (a') the same",
			"with Input Mode Using Fields Below and the Source Path expression `{{ $json.url }}`; (b) n8n's HTTP",
			'Request node (type version 4.2), `POST /api/v1/ingestion/images` with one image per item, authenticated with',
			"this package's credential as its predefined credential type, default options (n8n starts the requests of",
			"all items at once); (b') the same with the Batching option at 1 item per batch and 1 ms between batches; (c) a",
			'plain axios script, 100 images per request, one request after the other. Same input items, same dataset,',
			'each way in a fresh sandbox. Before any measurement each way runs once over 1,000 items (JIT warm-up); in',
			'each measured sandbox a 20-item execution logs in first. "persisted token": the access token it saved is',
			'reused, as in every execution after the first; "no token yet": the credential starts without one, as in',
			'the first execution (measured at 1,000 items only: at 10,000, (b) would make 10,000 simultaneous logins).',
			'(b\') runs at 1,000 items only. "connects dropped": connection attempts Linux dropped from a full listen',
			'queue during the run (see the reading). Each measured round starts after a full garbage collection; with the',
			'token saved every way runs three rounds (median shown), except (b) at 10,000 (one).',
			'',
			ingestTable(results.ingest),
			'',
		);
	}
	if (results.returnAll) {
		sections.push(
			'## 2. Return All over 10,000 datasets',
			'',
			'10,000 datasets cloned from a seed dataset straight into `sandbox.store.datasets` (plus the 3 active seed',
			"ones). The Datasets node's Get Many with Return All, against an axios loop over `skip`/`limit` (100 per",
			"page, the service's maximum), which logs in once per run.",
			'',
			returnAllTable(results.returnAll),
			'',
		);
	}
	if (results.logins) {
		sections.push(
			'## 3. Logins per 1,000 requests',
			'',
			'1,000 `GET /api/v1/datasets/{id}` (one per item) in one execution of 1,000 items or ten of 100. The credential',
			'starts without a token and keeps the one it saves between executions, as n8n does. With a 60 s token',
			'lifetime the sandbox clock moves 30 s after each execution (ten scheduled runs over five minutes); with',
			'1 s the token expires in real time during the run. A request that meets an expired token gets a 401, n8n',
			"runs the credential's login and repeats the request once.",
			'',
			loginsTable(results.logins),
			'',
		);
	}
	if (results.trigger) {
		sections.push(
			'## 4. Trigger: requests per poll',
			'',
			"`runPoll` (n8n-core's PollContext) with the static data carried from poll to poll. Activation first (emits",
			'nothing), a poll with nothing new, then 1,000 images ingested in 10 jobs of 100 and settled on the sandbox',
			"clock, one poll that emits them, and two polls with nothing new after it. Pages hold 100 records. The sandbox's",
			"clock and n8n's move together (the trigger's look-back window closes on n8n's).",
			'',
			triggerTable(results.trigger),
			'',
		);
	}
	if (results.triggerChurn) {
		sections.push(
			'### Trigger state size under dataset churn',
			'',
			'Every dataset watched (Asset Ready to Search). Before each poll, a minute after the one before, 40 new datasets',
			"with two images each are created and the 40 of the poll before deleted; the saved state is the node's static",
			'data as JSON, as n8n stores it.',
			'',
			churnTable(results.triggerChurn),
			'',
		);
	}
	if (results.memory) {
		sections.push(
			'## 5. Memory of Return All over 100,000 records',
			'',
			'100,000 datasets (plus 3) in a sandbox in the parent process; each way runs in its own `node --expose-gc`',
			'child (bench/memory-child.ts) that loads the same code and makes the same warm-up call first. "before" is',
			'after a forced GC; peaks are `process.memoryUsage()` sampled every 5 ms; "held after GC" is the heap once',
			"the run's garbage is collected while its output is still referenced, over the record count. Max RSS is",
			"the kernel's figure from `/usr/bin/time -v`. Wall time includes the sandbox sorting 100,000 datasets for",
			'each of the 1,001 pages.',
			'',
			memoryTable(results.memory),
			'',
		);
	}
	if (results.queue) {
		sections.push(
			'## 6. Queue mode: 1 worker against 2',
			'',
			"n8n 2.41.1 in queue mode (`scripts/n8n-runtime/queue.ts`, as `npm run start:queue` runs it): Debian's",
			'redis-server and PostgreSQL on 127.0.0.1, n8n main and workers as separate processes. The ingest example',
			'(`examples/ingest-csv-classify-summary.json`, its image URLs made unique per execution) started',
			`${results.queue.executions} times at once through main's REST API; the executions go through Redis to the`,
			`workers (${results.queue.concurrency} at once per worker). Ingestion jobs take 3 s (the sandbox's default`,
			'step of 1 s). Before each measured run every worker runs a warm-up batch. "API requests" and "logins" are',
			'counted by the sandbox over the run; "executions per worker" from each worker\'s log.',
			'',
			queueTable(results.queue),
			'',
		);
	}
	if (results.queryResults) {
		sections.push(
			'## 7. Query results: the first 3 rows of a 53 MB CSV',
			'',
			'A local storage host (node:http, in this process) serves a results CSV of 500,000 rows in 64 KB pieces as fast',
			'as the reader takes them and counts what it sent. Each way runs in its own `node --expose-gc` child',
			'(bench/queryResults-child.ts) that first reads a 100-row file the same way; heap and RSS are sampled every 5 ms',
			'from a forced GC. The node gets its link from the same host (an API stand-in), as from the service.',
			'',
			queryResultsTable(results.queryResults),
			'',
		);
	}
	if (results.answerCap) {
		sections.push(
			'## 8. An answer far larger than it should be',
			'',
			'An API stand-in (node:http, in this process) answers a dataset read with a gzip body of 1 MB members that',
			'unpacks to far more than any answer of the service. Each way runs in its own `node --expose-gc` child',
			'(bench/answerCap-child.ts) after reading a small answer the same way; heap and RSS are sampled every 5 ms from',
			'a forced GC. The node reads answers as streams and stops at the cap (64 MB after decompression); the HTTP',
			'Request node reads the whole answer (shown at 256 MB: at 2 GB it aborts its process).',
			'',
			answerCapTable(results.answerCap),
			'',
		);
	}
	if (results.answerBudget) {
		sections.push(
			'## 8b. Many large answers at once: one budget per run',
			'',
			'The same stand-in answers every read of a run of 50 items, side by side at Requests in Parallel 50, with a gzip',
			"body unpacking to 100 MB (past the 64 MB cap). Each answer draws what it reads from the run's answer budget",
			'(ANSWER_LIMITS.runBytes, 128 MB; `AnswerBudget`, nodes/shared/http/answers.ts); "off" lifts the budget, so each',
			'answer is capped alone. Goal: peak RSS growth at most 2× the run budget.',
			'',
			answerBudgetTable(results.answerBudget),
			'',
		);
	}
	if (results.concurrency) {
		const { n, goalLatencyMs, oneAtATimeSmallN, rateLimitPerSecond, capacities, capacityItems, varied } = CONCURRENCY;
		const { scriptParallel, sampleMs, stallMs, smallerGate } = CONCURRENCY;
		sections.push(
			'## 9. Per-item requests side by side: Requests in Parallel is a gate',
			'',
			`A proxy (bench/latencyProxy.ts) holds each request ${goalLatencyMs} ms before passing it on to the sandbox, as a service further`,
			'away would, and counts the requests in flight (from arrival to the last byte of the answer, the',
			`login included). ${int(n)} items, one request each: Concepts › Classify Image (the item's image URL against every`,
			'concept of a dataset) and Datasets › Dataset › Get. The ways: the node with Requests in Parallel 1 (one at a time);',
			`the node as it comes (Requests in Parallel left at its default of ${PARALLEL.default}: that many in flight from the first request); the node with Requests in`,
			`Parallel ${smallerGate} (a smaller gate, measured beside the default in every table: the reading weighs it against the same goals);`,
			"the node with Requests in Parallel 8 (the fixed default before issue 33); n8n's HTTP Request node",
			"(type version 4.2), default options, this package's credential, the same request per item; a plain script (Node's",
			`fetch) with ${scriptParallel} at once, logging in once. Every way starts without an access token, so each logs in once; the engine's`,
			'runs have On Error: Continue (regular output), so a failed item is counted, not the end of the run. One run each,',
			`after a 20-item warm-up of every way and a ${int(n)}-item one of the node as it comes and the HTTP Request node, all in one`,
			'run of the bench. The proxy and the sandbox run in a child process of their own (bench/service.ts), as a real',
			"service does, so the client's event loop (the engine and the node) holds only the client's work; every way talks",
			'to the same child. "CPU time" gives the client\'s process and the service\'s child apart. One at a time runs over',
			`${int(oneAtATimeSmallN)} items (its time is N × the round trip), so "per 1,000 items" scales its wall time by ${n / oneAtATimeSmallN}.`,
			'',
			concurrencyTable(results.concurrency),
			'',
			`### Behind a gateway of ${rateLimitPerSecond} requests a second`,
			'',
			`The sandbox's gateway rate limit (\`rateLimitPerSecond: ${rateLimitPerSecond}\`, a rolling second; a refused request gets 429 with`,
			`Retry-After and never reaches the service), ${int(n)} Dataset Gets through the ${goalLatencyMs} ms proxy. "vs the limit's best" compares with`,
			`${int(n)} / ${rateLimitPerSecond} per second; "requests sent" counts every request that reached the sandbox, refused ones included, logins left out;`,
			'"429s in the first second" counts those from the first 429 on for a second: requests sent before the client could read one.',
			'The node runs also while another process hogs a CPU (`node -e "for (;;);"`: on this 2-core machine the',
			`client and the service then share one core) and while the client's event loop is blocked ${stallMs} ms every`,
			'second, so requests due in that time start late together and answers that came meanwhile are handled late.',
			'',
			rateLimitTable(results.concurrency),
			'',
			`### Against services that work ${capacities.map((shape) => shape.capacity).join(' and ')} requests at a time`,
			'',
			`The proxy lets that many requests through at once, each held ${goalLatencyMs} ms; the others wait in its queue, first come first`,
			'served, as a service with that many workers would; one of them answers 503 (after the round trip) to a request that',
			`finds its queue full. ${int(capacityItems)} Dataset Gets; "vs the capacity's best" compares with`,
			`${int(capacityItems)} / the capacity × ${goalLatencyMs} ms; "in flight on average" is the proxy's, queued requests included.`,
			'',
			queueingTable(results.concurrency),
			'',
			'### Answers that vary by item, without a queue',
			'',
			`The proxy holds each request ${varied.ms} ms, and every ${varied.every}th (in order of arrival) ${int(varied.slowMs)} ms, however many are`,
			`in flight: a large image, a cold cache. ${int(varied.items)} Dataset Gets by the node as it comes, by a plain script keeping`,
			`${PARALLEL.default} in flight throughout (the best with the ceiling full, which the node is compared with), by the node with Requests in`,
			`Parallel ${smallerGate} and a script keeping ${smallerGate} in flight (its ceiling full), and by the HTTP Request node.`,
			'',
			variedTable(results.concurrency),
			'',
			'### How the gate held',
			'',
			`The proxy's requests in flight during the node's run as it comes, averaged over each ${sampleMs} ms (a count taken at ` +
				'one moment reads low on a busy event loop, between bursts); at most 16 points a row:',
			'',
			limitOverTimeTable(results.concurrency),
			'',
		);
	}
	if (results.items) {
		sections.push(
			`## 10. ${int(ITEMS.count)} input items through one action node`,
			'',
			"Items → Datasets › Get (one fixed dataset ID, one request per item) through n8n-core's engine, with the",
			"router's bounded item pool (`ItemRunner.sideBySide`: at most Requests in Parallel's worth of items, plus",
			`${POOL.lookAhead}, busy at once). A loopback server in the parent process answers at once with what the sandbox answered`,
			'once (its login and its record of the dataset); each way runs in its own `node --expose-gc` child',
			'(bench/items-child.ts), loads the same code and runs the same 20-item Get first. "n8n alone" is the same',
			'workflow with a bench node that sends nothing: one returns its input items, one returns its own copy of the',
			"Get's record per item (the same output the node makes). Growth is over the baseline after a forced GC; peaks",
			'are `process.memoryUsage()` sampled every 5 ms; "live heap" is the heap right after each full collection V8',
			'made during the run (what survived it), so it leaves out garbage not yet collected. The last row runs the node',
			`again with V8's old space capped at ${ITEMS.cappedOldSpaceMb} MB. Every way checks that all items came out, in input order,`,
			`none failed. Goal: the node's growth within ${ITEMS.memoryGoal}× n8n alone's with the same output.`,
			'',
			itemsTable(results.items),
			'',
		);
	}
	if (results.written) {
		sections.push(
			`## 11. Retry On Fail's memory of writes: ${int(WRITTEN_BENCH.executions)} executions at once`,
			'',
			`${int(WRITTEN_BENCH.executions)} executions started together in one process, each a Datasets › Create of ${WRITTEN_BENCH.items}`,
			"items (a name of its own per item) against the in-process sandbox, through n8n-core's WorkflowExecute: with",
			'Retry On Fail off (the node keeps no memory) and on (each node run remembers its creates until its last try,',
			'`written.ts`). Every execution succeeds, so every memory goes when its try ends. Memories held are sampled every',
			'5 ms (`writtenHeld()`), as is the heap: its growth is the peak over the heap before the run (no forced GC). The',
			'ways run off, on, off, on, each in a fresh sandbox; the second pass is shown.',
			'',
			writtenTable(results.written),
			'',
		);
	}
	sections.push('## Reading', '', ...reading(results).flatMap((line) => [`- ${line}`]), '');
	sections.push(
		"Why an expression per item (a') is slower than a plain script that sends the same requests: the image list of",
		'each item holds an expression (`{{ $json.url }}`) that n8n evaluates through its expression engine. In one CPU',
		"profile of the 10,000-item run (`node --cpu-prof`, taken while writing this benchmark), about 80% of the node's",
		"execution time was n8n's parameter resolution (`getParameterValue`, its data proxy, `vm` scripts and Luxon",
		"time-zone work), and little was the node's own code or HTTP. Using Item Fields (a) reads the field names and the",
		"settings without an expression once and each item's URL straight from its JSON, so no expression runs per item.",
		'A script has no items or expressions. The HTTP Request node pays the expression per item, plus one request, one',
		'response and one output item per item.',
		'',
		'## How to reproduce',
		'',
		'```sh',
		'npm ci',
		'npm run bench -- --install-runtime   # the first time: also installs n8n 2.41.1 + Node 24 into node_modules/.cache/n8n-nodes-media-analysis/runtime/',
		'npm run bench    # about 5-10 minutes on 2 cores; rewrites bench/RESULTS.md',
		'npm run bench -- --only ingest,trigger --out /tmp/bench.md   # some scenarios, elsewhere',
		'npm run bench -- --only concurrency --merge   # one section (and its reading) into bench/RESULTS.md, the others kept',
		'npm run bench -- --only queue --out /tmp/queue.md   # queue mode alone (needs redis-server and postgresql)',
		'```',
		'',
		`Without the runtime the HTTP Request rows say "not measured" and why: ${HOW_TO_INSTALL}.`,
		'',
	);
	if (merge && existsSync(out)) {
		const stamp = `${startedAt.toISOString()}, load average ${loadBefore} at the start and ${load()} at the end, ${ms(totalMs)}`;
		writeFileSync(out, mergeSections(readFileSync(out, 'utf8'), sections.join('\n'), stamp));
		log(`merged ${[...only].join(', ')} into ${out} (${ms(totalMs)})`);
	} else {
		writeFileSync(out, sections.join('\n'));
		log(`wrote ${out} (${ms(totalMs)})`);
	}
}

/** A document cut at its `## ` headings: the text before the first, then one block per heading (its `###` included). */
function blocks(text: string): { preamble: string[]; sections: Array<{ heading: string; lines: string[] }> } {
	const preamble: string[] = [];
	const sections: Array<{ heading: string; lines: string[] }> = [];
	for (const line of text.split('\n')) {
		if (line.startsWith('## ')) sections.push({ heading: line, lines: [line] });
		else (sections.at(-1)?.lines ?? preamble).push(line);
	}
	return { preamble, sections };
}

const FIXED = new Set(['## Reading', '## How to reproduce']);
/** Index of the last list point (`- `), or -1. */
const lastPoint = (lines: string[]) => lines.reduce((last, line, index) => (line.startsWith('- ') ? index : last), -1);
const boldLabel = (line: string) => /^- (\*\*[^*]+\*\*)/.exec(line)?.[1];

/**
 * `--merge`: the freshly measured sections replace those with the same heading in the existing file (or go before its
 * Reading), their reading points replace the points with the same bold label (or are added after the last), "How to
 * reproduce" is this version's, and the header says which sections are from this later run.
 */
function mergeSections(existing: string, generated: string, stamp: string): string {
	const old = blocks(existing);
	const fresh = blocks(generated);
	const measured = fresh.sections.filter((section) => !FIXED.has(section.heading));
	for (const section of measured) {
		const at = old.sections.findIndex((candidate) => candidate.heading === section.heading);
		if (at >= 0) old.sections[at] = section;
		else {
			const reading = old.sections.findIndex((candidate) => candidate.heading === '## Reading');
			old.sections.splice(reading >= 0 ? reading : old.sections.length, 0, section);
		}
	}
	const oldReading = old.sections.find((section) => section.heading === '## Reading');
	const freshReading = fresh.sections.find((section) => section.heading === '## Reading');
	if (oldReading && freshReading) {
		for (const point of freshReading.lines.filter(boldLabel)) {
			const at = oldReading.lines.findIndex((line) => boldLabel(line) === boldLabel(point));
			if (at >= 0) oldReading.lines[at] = point;
			else oldReading.lines.splice(Math.max(lastPoint(oldReading.lines) + 1, 1), 0, point);
		}
	}
	const howTo = fresh.sections.find((section) => section.heading === '## How to reproduce');
	const oldHowTo = old.sections.findIndex((section) => section.heading === '## How to reproduce');
	if (howTo && oldHowTo >= 0) old.sections[oldHowTo] = howTo;
	for (const section of measured) {
		const title = section.heading.slice(3);
		const note = `- Section "${title}" merged in from a later run (\`--merge\`): ${stamp}.`;
		const at = old.preamble.findIndex((line) => line.startsWith(`- Section "${title}" merged in`));
		if (at >= 0) old.preamble[at] = note;
		else old.preamble.splice(lastPoint(old.preamble) + 1, 0, note);
	}
	return [...old.preamble, ...old.sections.flatMap((section) => section.lines)].join('\n');
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		console.error(error);
		process.exit(1);
	},
);
