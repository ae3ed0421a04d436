/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * One memory measurement of reading the first 3 rows of a large query results CSV, in a process of its own
 * (started by queryResults.ts with `node --expose-gc`). BENCH_MODE: `node` (the Queries node's Get Results, Rows,
 * Limit 3, through the engine), `whole` (what Get Results did before: the whole file as text, every row parsed,
 * then the first 3 kept), `stream` (a plain script reading the file as it arrives and leaving after 3 rows),
 * `refuse` (the node with Return All on a CSV of tiny rows past its row bound: refused, `refused` its message).
 * Prints one JSON line.
 */
import './resolve-ts-first';

import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

import axios from 'axios';

import { MediaAnalysisApi } from '../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisQueries } from '../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { parseCsv } from '../nodes/MediaAnalysisQueries/actions/query/results';
import { createHarness } from '../test/harness/engine';
import { trackPeakMemory } from './child';
import { CREDENTIAL, PACKAGE, runIfMain } from './common';

const MB = 1024 * 1024;
const LIMIT = 3;
export const SMALL_QUERY = '00000000-0000-4000-8000-00000000000a';
export const BIG_QUERY = '00000000-0000-4000-8000-00000000000b';
export const TINY_ROWS_QUERY = '00000000-0000-4000-8000-00000000000c';

/** The first rows of the file by a plain script: lines as they arrive, the connection closed after LIMIT rows. */
function streamFirstRows(url: string): Promise<string[]> {
	return new Promise((resolve, reject) => {
		get(url, (res) => {
			let pending = '';
			const lines: string[] = [];
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => {
				pending += chunk;
				let end: number;
				while ((end = pending.indexOf('\n')) !== -1 && lines.length <= LIMIT) {
					lines.push(pending.slice(0, end));
					pending = pending.slice(end + 1);
				}
				if (lines.length > LIMIT) {
					res.destroy();
					resolve(lines.slice(1));
				}
			});
			res.on('end', () => resolve(lines.slice(1)));
			res.on('error', reject);
		}).on('error', reject);
	});
}

async function main() {
	const baseUrl = process.env.BENCH_STORAGE_URL;
	const mode = process.env.BENCH_MODE;
	if (!baseUrl || !['node', 'whole', 'stream', 'refuse'].includes(mode ?? ''))
		throw new Error('BENCH_STORAGE_URL and BENCH_MODE=node|whole|stream|refuse');
	const type = `${PACKAGE}.mediaAnalysisQueries`;
	const harness = createHarness({
		nodeTypes: { [type]: new MediaAnalysisQueries() },
		credentialTypes: [new MediaAnalysisApi()],
	});
	harness.dispose();
	harness.credentials.set(CREDENTIAL, {
		baseUrl,
		authentication: 'personalToken',
		personalToken: 'personal',
		accessToken: '',
	});
	let refused: string | undefined;
	const firstRows = async (queryId: string): Promise<unknown[]> => {
		if (mode === 'node' || mode === 'refuse') {
			const limits = mode === 'node' ? { limit: LIMIT } : { returnAll: true };
			const { items, error } = await harness.runNode({
				type,
				parameters: {
					resource: 'query',
					operation: 'getResults',
					queryId: { __rl: true, mode: 'id', value: queryId },
					output: 'rows',
					...limits,
				},
			});
			if (error && mode === 'refuse' && queryId === TINY_ROWS_QUERY) refused = error.message;
			else if (error) throw new Error(error.message);
			return items;
		}
		const url = `${baseUrl}/files/${queryId}.csv`;
		if (mode === 'stream') return await streamFirstRows(url);
		const { data } = await axios.get<string>(url, { responseType: 'text', transformResponse: (text: string) => text });
		return parseCsv(data).slice(0, LIMIT);
	};
	// Every mode loads its code and reads the small file once first, so the baselines match.
	await firstRows(SMALL_QUERY);

	const memory = trackPeakMemory();
	const { before } = memory;
	const started = performance.now();
	const rows = await firstRows(mode === 'refuse' ? TINY_ROWS_QUERY : BIG_QUERY);
	const wallMs = performance.now() - started;
	const { peakRss, peakHeap } = memory.stop();
	process.stdout.write(
		`${JSON.stringify({
			mode,
			rows: rows.length,
			refused,
			wallMs,
			peakHeapGrowthMb: (peakHeap - before.heapUsed) / MB,
			peakRssGrowthMb: (peakRss - before.rss) / MB,
		})}\n`,
	);
}

runIfMain(module, main);
