/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import axios from 'axios';

import { DEMO_PERSONAL_TOKEN } from '../sandbox/server';
import {
	assertRunOk,
	type Bed,
	byId,
	check,
	CREDENTIAL,
	DATASET,
	imageUrl,
	int,
	LOGIN_PATH,
	type Log,
	measureMedian,
	type Measured,
	ms,
	ratio,
	startBed,
	table,
	TYPES,
	wall,
} from './common';
import type { HttpRequestNode } from './httpRequestNode';

const INGEST_PATH = '/api/v1/ingestion/images';
const BATCH = 100;

export interface IngestRow {
	n: number;
	start: Start;
	way: string;
	/** Its result is the error message of a failed execution. */
	measured?: Measured<string | undefined>;
	notMeasured?: string;
}

/** Every asset of this run is in the dataset, once. */
function assertIngested(bed: Bed, prefix: string, n: number) {
	const marker = `/bench/${prefix}-`;
	let count = 0;
	for (const asset of bed.sandbox.store.assets.values()) {
		if (asset.datasetId === DATASET && asset.path.includes(marker)) count++;
	}
	check(count === n, `${prefix}: ${count} assets ingested, expected ${n}`);
}

/** How the node reads each item's URL: an expression per item, or Using Item Fields (the field named once). */
const READ_URL = {
	expression: { images: { image: [{ sourcePath: '={{ $json.url }}' }] } },
	itemFields: { inputMode: 'itemFields', sourcePathField: 'url' },
};

/** (a) The Ingestion node, Create From Images with Combine Items: 100 items' images per request. */
const withIngestionNode = (read: keyof typeof READ_URL) => async (bed: Bed, n: number, prefix: string) => {
	const run = await bed.runAfterItems(n, prefix, {
		name: 'Ingest',
		type: TYPES.ingestion,
		typeVersion: 1,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			datasetId: byId(DATASET),
			...READ_URL[read],
			options: { combineItems: true },
		},
		credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
	});
	assertRunOk(run, 'Ingestion node');
	check(run.outputOf('Ingest').length === n, 'Ingestion node: one output item per input item');
};

/** What the HTTP Request node's Batching option holds; undefined leaves the option off (n8n's default). */
type Batching = { batchSize: number; batchInterval: number };

/**
 * (b) n8n's HTTP Request node, one item per request, with the package's credential as its predefined credential type
 * (so it logs in the same way). Default options: n8n sends the requests of all items at once. With Batching, it waits
 * `batchInterval` ms before each `batchSize` items (the requests themselves are still not awaited in between).
 */
function withHttpRequestNode(batching?: Batching) {
	return async (bed: Bed, n: number, prefix: string) => {
		const run = await bed.runAfterItems(n, prefix, {
			name: 'HTTP Request',
			type: TYPES.httpRequest,
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${bed.sandbox.url}${INGEST_PATH}`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: CREDENTIAL,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ dataset_id: "${DATASET}", images: [{ source_path: $json.url }] }) }}`,
				options: batching ? { batching: { batch: batching } } : {},
			},
			credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
		});
		assertRunOk(run, 'HTTP Request node');
		check(run.outputOf('HTTP Request').length === n, 'HTTP Request node: one output item per input item');
	};
}

/** (c) A plain axios script: log in once, then 100 images per request, one request after the other. */
async function withAxios(bed: Bed, n: number, prefix: string) {
	const login = await axios.post(
		`${bed.sandbox.url}${LOGIN_PATH}`,
		{ grant_type: 'refresh_token' },
		{ headers: { Authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` } },
	);
	const headers = { Authorization: `Bearer ${String(login.data.access_token)}` };
	for (let start = 0; start < n; start += BATCH) {
		const images = [];
		for (let i = start; i < Math.min(n, start + BATCH); i++) images.push({ source_path: imageUrl(prefix, i) });
		await axios.post(`${bed.sandbox.url}${INGEST_PATH}`, { dataset_id: DATASET, images }, { headers });
	}
}

/**
 * A full garbage collection before each measured round, so that no round pays for the garbage of the way measured
 * before it (a 1,000-item round is short enough for one major GC to double it).
 */
const collectGarbage: () => void = (() => {
	setFlagsFromString('--expose-gc');
	return runInNewContext('gc') as () => void;
})();

/** Each way runs once over this many items in a throwaway sandbox first, so the JIT has seen every code path. */
const JIT_WARMUP_ITEMS = 1000;
/** Then, in each measured sandbox, one small execution logs in and saves the token. */
const WARMUP_ITEMS = 20;

export type Start = 'persisted token' | 'no token yet';

/**
 * Each way in its own fresh sandbox, so no run pays for the assets of another. Before any measurement each way runs
 * once over 1,000 items in a throwaway sandbox (JIT warm-up); in each measured sandbox a 20-item execution (not
 * measured) logs in. `persisted token`: the measured execution reuses the access token that warm-up saved, as every
 * execution after the first does. `no token yet`: the credential starts empty, as in the very first execution.
 * (b') runs at 1,000 items only: at 10,000 it adds a minute or more and shows nothing (b) does not.
 */
export async function runIngest(
	cases: Array<{ n: number; start: Start }>,
	httpRequest: HttpRequestNode,
	log: Log,
): Promise<IngestRow[]> {
	const rows: IngestRow[] = [];
	const from = httpRequest.version ? ` (n8n-nodes-base ${httpRequest.version})` : '';
	const ways: Array<[string, (bed: Bed, n: number, prefix: string) => Promise<void>, string | undefined]> = [
		[
			'(a) Ingestion node, Combine Items, Using Item Fields (Source Path Field: url)',
			withIngestionNode('itemFields'),
			undefined,
		],
		[
			"(a') Ingestion node, Combine Items, Source Path expression {{ $json.url }} per item",
			withIngestionNode('expression'),
			undefined,
		],
		[`(b) HTTP Request node${from}, 1 item per request, default options`, withHttpRequestNode(), httpRequest.reason],
		[
			`(b') HTTP Request node${from}, 1 item per request, Batching: 1 item per batch, 1 ms interval`,
			withHttpRequestNode({ batchSize: 1, batchInterval: 1 }),
			httpRequest.reason,
		],
		['(c) axios script, 100 per request', withAxios, undefined],
	];
	for (const [, fn, skip] of ways) {
		if (skip) continue;
		const bed = await startBed({ httpRequest: httpRequest.node, sandbox: { ingestionStepMs: 60_000 } });
		try {
			await fn(bed, JIT_WARMUP_ITEMS, 'jit');
		} finally {
			await bed.close();
		}
	}
	log('ingest: warm-up done');
	for (const { n, start } of cases) {
		for (const [way, fn, skip] of ways) {
			if (start === 'no token yet' && fn === withAxios) continue; // a script logs in once either way
			if (way.startsWith("(b')") && n > 1000) continue;
			if (skip) {
				rows.push({ n, start, way, notMeasured: skip });
				log(`ingest ${int(n)} ${way}: not measured: ${skip}`);
				continue;
			}
			const bed = await startBed({ httpRequest: httpRequest.node, sandbox: { ingestionStepMs: 60_000 } });
			try {
				await fn(bed, WARMUP_ITEMS, 'warmup');
				if (start === 'no token yet') bed.useCredential();
				// A single run at 10,000 swings with the load of a shared machine; only (b) is too slow to repeat.
				const times = start === 'persisted token' && (n <= 1000 || !way.startsWith('(b')) ? 3 : 1;
				// A failed execution is a result too: the row says so instead of stopping the benchmark.
				const measured = await measureMedian(
					bed.sandbox,
					times,
					(round) =>
						fn(bed, n, `n${n}-r${round}`).then(
							() => undefined,
							(error: Error) => error.message,
						),
					collectGarbage,
				);
				if (!measured.result) {
					for (let round = 0; round < times; round++) assertIngested(bed, `n${n}-r${round}`, n);
				}
				rows.push({ n, start, way, measured });
				log(
					`ingest ${int(n)} (${start}) ${way}: ${measured.apiRequests} requests, ${measured.logins} logins, ${wall(measured)}` +
						`${measured.result ? `, failed: ${measured.result}` : ''}${measured.note ? `, ${measured.note}` : ''}`,
				);
			} finally {
				await bed.close();
			}
		}
	}
	return rows;
}

export function ingestTable(rows: IngestRow[]): string {
	const body: string[][] = [];
	for (const row of rows) {
		const base = rows.find((r) => r.n === row.n && r.start === row.start && r.way.startsWith('(a)'))?.measured;
		const script = rows.find(
			(r) => r.n === row.n && r.start === 'persisted token' && r.way.startsWith('(c)'),
		)?.measured;
		if (!row.measured) {
			body.push([int(row.n), row.start, row.way, `not measured: ${row.notMeasured}`, '', '', '', '', '', '', '']);
			continue;
		}
		const m = row.measured;
		const outcome = [m.result ? `**failed: ${m.result}**` : '', m.note ?? ''].filter(Boolean).join('; ');
		body.push([
			int(row.n),
			row.start,
			outcome ? `${row.way} (${outcome})` : row.way,
			int(m.apiRequests),
			int(m.logins),
			wall(m),
			ms(m.cpuMs),
			m.listenDrops === undefined ? 'n/a' : int(m.listenDrops),
			base ? ratio(m.apiRequests, base.apiRequests) : 'n/a',
			base ? ratio(m.wallMs, base.wallMs) : 'n/a',
			script ? ratio(m.wallMs, script.wallMs) : 'n/a',
		]);
	}
	return table(
		[
			'assets (= input items)',
			'credential',
			'way',
			'API requests',
			'logins',
			'wall time',
			'CPU time',
			'connects dropped',
			'requests vs (a)',
			'time vs (a)',
			'time vs (c)',
		],
		body,
	);
}
