/* Benchmark code (bench/), never published. */
import axios from 'axios';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_PERSONAL_TOKEN } from '../sandbox/server';
import {
	type Bed,
	byId,
	check,
	DATASET,
	imageUrl,
	int,
	LOGIN_PATH,
	type Log,
	measure,
	type Measured,
	ms,
	startBed,
	table,
	TYPES,
} from './common';

const STEP_MS = 1000;
const NEW_ASSETS = 1000;

export interface TriggerRow {
	watch: string;
	situation: string;
	events: number;
	measured: Measured<unknown>;
}

interface Watch {
	label: string;
	parameters: INodeParameters;
	/** Events one poll after the burst must emit. */
	expectedEvents: number;
}

const WATCHES: Watch[] = [
	{
		label: 'Asset Ready to Search, one dataset',
		parameters: { events: ['assetCompleted'], datasetId: byId(DATASET) },
		expectedEvents: NEW_ASSETS,
	},
	{
		label: 'Asset Ready to Search + Job Completed, every dataset',
		parameters: { events: ['assetCompleted', 'jobCompleted'] },
		expectedEvents: NEW_ASSETS + NEW_ASSETS / 100,
	},
];

/**
 * 1,000 new images in 10 jobs of 100, sent straight to the sandbox (not measured). `spacingMs` apart on the sandbox
 * clock; 0 puts every job, and so every asset event, at the same instant.
 */
async function ingestBurst(bed: Bed, prefix: string, spacingMs: number) {
	const login = await axios.post(
		`${bed.sandbox.url}${LOGIN_PATH}`,
		{ grant_type: 'refresh_token' },
		{ headers: { Authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` } },
	);
	const headers = { Authorization: `Bearer ${String(login.data.access_token)}` };
	for (let start = 0; start < NEW_ASSETS; start += 100) {
		const images = Array.from({ length: 100 }, (_, i) => ({ source_path: imageUrl(prefix, start + i) }));
		await axios.post(`${bed.sandbox.url}/api/v1/ingestion/images`, { dataset_id: DATASET, images }, { headers });
		bed.sandbox.clock.advance(spacingMs);
	}
}

async function runWatch(watch: Watch, spacingMs: number, log: Log): Promise<TriggerRow[]> {
	const bed = await startBed();
	try {
		bed.sandbox.clock.freeze();
		bed.sandbox.store.ingestion.setStepMs(STEP_MS);
		let staticData: IDataObject = {};
		const poll = async () => {
			const result = await bed.harness.runPoll({ type: TYPES.trigger, parameters: watch.parameters, staticData });
			staticData = result.staticData;
			return (result.items?.[0] ?? []).length;
		};
		// Activation: records what exists and emits nothing (n8n polls once when a workflow is activated).
		check((await poll()) === 0, 'activation emits nothing');
		const burst = spacingMs === 0 ? 'all at the same instant' : `10 jobs ${spacingMs / 1000} s apart`;
		const rows: TriggerRow[] = [];
		const record = async (situation: string, expected: number) => {
			const measured = await measure(bed.sandbox, poll);
			const events = measured.result as number;
			check(events === expected, `${watch.label}, ${situation}: ${events} events, expected ${expected}`);
			rows.push({ watch: watch.label, situation, events, measured });
			log(`trigger ${watch.label}, ${situation}: ${measured.apiRequests} requests, ${events} events, ${ms(measured.wallMs)}`);
		};
		bed.sandbox.clock.advance(60_000);
		await record('nothing new', 0);
		await ingestBurst(bed, 'trigger', spacingMs);
		bed.sandbox.clock.advance(5 * STEP_MS); // every job settles after three steps
		await record(`${int(NEW_ASSETS)} assets became ready (${burst})`, watch.expectedEvents);
		bed.sandbox.clock.advance(60_000);
		await record('nothing new since that burst', 0);
		await record('nothing new, next poll', 0);
		return rows;
	} finally {
		await bed.close();
	}
}

export async function runTrigger(log: Log): Promise<TriggerRow[]> {
	const rows: TriggerRow[] = [];
	for (const watch of WATCHES) rows.push(...(await runWatch(watch, 1000, log)));
	rows.push(...(await runWatch(WATCHES[0], 0, log)));
	return rows;
}

export function triggerTable(rows: TriggerRow[]): string {
	return table(
		['watching', 'since the last poll', 'events emitted', 'API requests in the poll', 'logins', 'wall time'],
		rows.map((row) => [
			row.watch,
			row.situation,
			int(row.events),
			int(row.measured.apiRequests),
			int(row.measured.logins),
			ms(row.measured.wallMs),
		]),
	);
}
