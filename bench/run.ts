/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * `npm run bench`: every scenario against the in-process sandbox, results into bench/RESULTS.md.
 * `npm run bench -- --only ingest,trigger --out /tmp/partial.md` runs some scenarios and writes elsewhere.
 * `npm run bench -- --install-runtime` first installs the n8n runtime whose HTTP Request node rows (b) compare with.
 * Scenarios: ingest, returnAll, logins, trigger, memory. Not part of `npm test`: nothing here is a timed assertion.
 */
import './resolve-ts-first';

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { ensureRuntime, N8N_V2 } from '../scripts/n8n-runtime/runtime';
import { int, ms } from './common';
import { HOW_TO_INSTALL, loadHttpRequestNode } from './httpRequestNode';
import { ingestTable, runIngest, type IngestRow } from './ingest';
import { loginsTable, runLogins, type LoginRow } from './logins';
import { memoryTable, runMemory, type MemoryResult } from './memory';
import { returnAllTable, runReturnAll, type ReturnAllRow } from './returnAll';
import { runTrigger, triggerTable, type TriggerRow } from './trigger';

const SCENARIOS = ['ingest', 'returnAll', 'logins', 'trigger', 'memory'] as const;
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
	memory?: MemoryResult[];
}

/** Sentences computed from the numbers, so a rerun cannot leave a stale claim behind. */
function reading(results: Results): string[] {
	const lines: string[] = [];
	const ingest = results.ingest ?? [];
	const find = (n: number, start: string, prefix: string) =>
		ingest.find((row) => row.n === n && row.start === start && row.way.startsWith(prefix))?.measured;
	for (const n of [1000, 10_000]) {
		const a = find(n, 'persisted token', '(a)');
		const b = find(n, 'persisted token', '(b)');
		const c = find(n, 'persisted token', '(c)');
		if (!a) continue;
		let line = `**Ingest ${int(n)}.** The Ingestion node sent ${int(a.apiRequests)} requests in ${ms(a.wallMs)}`;
		if (b) {
			line +=
				`; the HTTP Request node, one item per request, sent ${int(b.apiRequests)} ` +
				`(${(b.apiRequests / a.apiRequests).toFixed(0)}× as many) in ${ms(b.wallMs)} ` +
				`(${(b.wallMs / a.wallMs).toFixed(1)}× the time)`;
		}
		if (c) {
			line +=
				`; the axios script sent ${int(c.apiRequests)} in ${ms(c.wallMs)}` +
				` (${c.wallMs < a.wallMs ? `the node takes ${(a.wallMs / c.wallMs).toFixed(1)}× as long as the script` : 'the node was faster than the script'})`;
		}
		lines.push(`${line}.`);
	}
	const coldA = find(1000, 'no token yet', '(a)');
	const coldB = find(1000, 'no token yet', '(b)');
	if (coldA && coldB) {
		lines.push(
			`**First execution (no access token yet).** The Ingestion node logged in ${int(coldA.logins)} time(s); the ` +
				`HTTP Request node logged in ${int(coldB.logins)} times for ${int(coldB.apiRequests)} requests: it sends ` +
				'every item at once, each request finds the token empty and runs the login itself (n8n does not share one ' +
				`login between concurrent requests), which took it to ${ms(coldB.wallMs)}.`,
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
		const quiet = trigger.filter((row) => row.situation === 'nothing new').map((row) => row.measured.apiRequests);
		const after = trigger.filter((row) => row.situation.startsWith('nothing new'));
		const worst = Math.max(...after.map((row) => row.measured.apiRequests));
		lines.push(
			`**Trigger.** A poll with nothing new cost ${[...new Set(quiet)].join(' or ')} request(s) (one per watched scope, ` +
				'plus the dataset list when every dataset is watched); 1,000 new events were read in one poll of 100-record pages. ' +
				`Records that share the newest time already seen are read again on every poll until something newer happens, ` +
				`so quiet polls after a burst cost more: up to ${worst} requests here, when 1,000 assets became ready at the same instant ` +
				'(1 extra page when the 100 assets of the last job share a time). Nothing is emitted twice; it is only re-reading.',
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
	return lines;
}

async function main() {
	const { only, out, installRuntime } = options();
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
	if (only.has('trigger')) results.trigger = await runTrigger(log);
	if (only.has('memory')) results.memory = await runMemory(100_000, log);
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
				? `n8n's HTTP Request node from n8n-nodes-base ${httpRequest.version} (the n8n 2.41.1 runtime under .n8n-runtime/)`
				: `HTTP Request node not measured: ${httpRequest.reason}`),
		`- Whole run: ${ms(totalMs)}`,
		'',
		'Everything runs against the sandbox (`startSandbox()`, 127.0.0.1, a free port) in the same process as the engine,',
		'except the memory runs, whose client is a separate process. Nodes run through n8n-core\'s `WorkflowExecute` (the',
		'test harness, `test/harness/engine.ts`), with real HTTP. Request counts come from the sandbox\'s request log; "API',
		'requests" leaves the logins out, "logins" counts successful `POST /api/v0/login`. "CPU time" is this process\'s user +',
		'system time during the run, so it includes the sandbox answering. Where a row says "(a–b)" it is the median of',
		'three runs with the fastest and slowest.',
		'',
	];

	if (results.ingest) {
		sections.push(
			'## 1. Ingesting N assets from N input items',
			'',
			'(a) the Ingestion node, Job → Create From Images with Combine Items on (100 images per request); (b) n8n\'s HTTP',
			'Request node (type version 4.2), `POST /api/v1/ingestion/images` with one image per item, authenticated with',
			'this package\'s credential as its predefined credential type, default options (n8n sends the requests of all',
			'items at once); (c) a plain axios script, 100 images per request, one request after the other. Same input',
			'items, same dataset, each way in a fresh sandbox, after a 200-item warm-up execution. "persisted token": the',
			'access token saved by the warm-up is reused, as in every execution after the first; "no token yet": the',
			'credential starts without one, as in the first execution.',
			'',
			ingestTable(results.ingest),
			'',
			'- (b) at 10,000 with no token yet is not measured: it would make 10,000 simultaneous logins, and the 1,000 row',
			'  already shows the effect (one login per request).',
			'',
		);
	}
	if (results.returnAll) {
		sections.push(
			'## 2. Return All over 10,000 datasets',
			'',
			'10,000 datasets cloned from a seed dataset straight into `sandbox.store.datasets` (plus the 3 active seed',
			'ones). The Datasets node\'s Get Many with Return All, against an axios loop over `skip`/`limit` (100 per',
			'page, the service\'s maximum), which logs in once per run.',
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
			'runs the credential\'s login and repeats the request once.',
			'',
			loginsTable(results.logins),
			'',
		);
	}
	if (results.trigger) {
		sections.push(
			'## 4. Trigger: requests per poll',
			'',
			'`runPoll` (n8n-core\'s PollContext) with the static data carried from poll to poll. Activation first (emits',
			'nothing), a poll with nothing new, then 1,000 images ingested in 10 jobs of 100 and settled on the sandbox',
			'clock, one poll that emits them, and two polls with nothing new after it. Pages hold 100 records.',
			'',
			triggerTable(results.trigger),
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
			'the run\'s garbage is collected while its output is still referenced, over the record count. Max RSS is',
			'the kernel\'s figure from `/usr/bin/time -v`. Wall time includes the sandbox sorting 100,000 datasets for',
			'each of the 1,001 pages.',
			'',
			memoryTable(results.memory),
			'',
		);
	}
	sections.push('## Reading', '', ...reading(results).flatMap((line) => [`- ${line}`]), '');
	sections.push(
		'Why the node is slower than a plain script when it sends as few requests: n8n evaluates each item\'s',
		'parameters (here the expression `{{ $json.url }}`) through its expression engine, which costs roughly a',
		'millisecond per item on this machine (a CPU profile shows expression set-up, `vm` scripts and Luxon time-zone',
		'work); a script has no items or expressions. The HTTP Request node pays the same per item, plus one request,',
		'response parsing and an output item per item.',
		'',
		'## How to reproduce',
		'',
		'```sh',
		'npm ci',
		'npm run bench -- --install-runtime   # the first time: also installs n8n 2.41.1 + Node 24 into .n8n-runtime/',
		'npm run bench    # about 5-10 minutes on 2 cores; rewrites bench/RESULTS.md',
		'npm run bench -- --only ingest,trigger --out /tmp/bench.md   # some scenarios, elsewhere',
		'```',
		'',
		`Without the runtime the HTTP Request rows say "not measured" and why: ${HOW_TO_INSTALL}.`,
		'',
	);
	writeFileSync(out, sections.join('\n'));
	log(`wrote ${out} (${ms(totalMs)})`);
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		console.error(error);
		process.exit(1);
	},
);
