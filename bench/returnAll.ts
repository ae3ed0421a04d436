/* Benchmark code (bench/), never published. */
import axios from 'axios';

import { DEMO_PERSONAL_TOKEN } from '../sandbox/server';
import {
	addDatasets,
	check,
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

/** The three active seed datasets come along. */
const SEEDED_ACTIVE = 3;
const PAGE = 100;

export interface ReturnAllRow {
	way: string;
	records: number;
	measured: Measured<number>;
}

/** A plain skip/limit loop with axios: log in, then pages of 100 until the total is reached. */
export async function axiosReturnAll(baseUrl: string): Promise<unknown[]> {
	const login = await axios.post(
		`${baseUrl}${LOGIN_PATH}`,
		{ grant_type: 'refresh_token' },
		{ headers: { Authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` } },
	);
	const headers = { Authorization: `Bearer ${String(login.data.access_token)}` };
	const all: unknown[] = [];
	for (let skip = 0; ; skip += PAGE) {
		const page = await axios.get(`${baseUrl}/api/v1/datasets`, { params: { skip, limit: PAGE }, headers });
		const data = page.data.data as unknown[];
		all.push(...data);
		if (data.length < PAGE || all.length >= (page.data.meta.page.total as number)) break;
	}
	return all;
}

export async function runReturnAll(count: number, log: Log): Promise<ReturnAllRow[]> {
	const bed = await startBed();
	try {
		addDatasets(bed.sandbox, count);
		const expected = count + SEEDED_ACTIVE;
		const node = async () => {
			const { items, error } = await bed.harness.runNode({
				type: TYPES.datasets,
				parameters: { resource: 'dataset', operation: 'getMany', returnAll: true },
			});
			if (error) throw new Error(`Datasets node failed: ${error.message}`);
			return items.length;
		};
		// Warm-up (not measured): loads the code paths, and the node logs in and keeps its token.
		await node();
		await axiosReturnAll(bed.sandbox.url);
		const rows: ReturnAllRow[] = [];
		for (const [way, fn] of [
			['Datasets node, Get Many, Return All', node],
			['axios skip/limit loop (100 per page)', async () => (await axiosReturnAll(bed.sandbox.url)).length],
		] as const) {
			const measured = await measureMedian(bed.sandbox, 3, fn);
			check(measured.result === expected, `${way}: ${measured.result} records, expected ${expected}`);
			rows.push({ way, records: measured.result, measured });
			log(`return all ${int(expected)} ${way}: ${measured.apiRequests} requests, ${wall(measured)}`);
		}
		return rows;
	} finally {
		await bed.close();
	}
}

export function returnAllTable(rows: ReturnAllRow[]): string {
	const base = rows[0].measured;
	return table(
		['way', 'records', 'API requests', 'logins', 'wall time', 'CPU time', 'time vs node'],
		rows.map(({ way, records, measured }) => [
			way,
			int(records),
			int(measured.apiRequests),
			int(measured.logins),
			wall(measured),
			ms(measured.cpuMs),
			ratio(measured.wallMs, base.wallMs),
		]),
	);
}
