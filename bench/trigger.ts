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
/** Polls of the churn run, and the datasets created (and the previous ones deleted) before each. */
const CHURN_POLLS = 10;
const CHURN_DATASETS = 40;

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

/** Headers that let the bench talk to the sandbox itself (set-up, not measured). */
async function sandboxHeaders(bed: Bed) {
	const login = await axios.post(
		`${bed.sandbox.url}${LOGIN_PATH}`,
		{ grant_type: 'refresh_token' },
		{ headers: { Authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` } },
	);
	return { Authorization: `Bearer ${String(login.data.access_token)}` };
}

/**
 * The clocks of a bed: the sandbox's (frozen) and n8n's (`Date.now`, the trigger's poll time) move together, as
 * real time passes between polls. `restore` gives n8n back the real clock.
 */
function clocksOf(bed: Bed) {
	const realNow = Date.now;
	let offset = 0;
	Date.now = () => realNow() + offset;
	bed.sandbox.clock.freeze();
	return {
		later(ms: number) {
			bed.sandbox.clock.advance(ms);
			offset += ms;
		},
		restore() {
			Date.now = realNow;
		},
	};
}

/**
 * 1,000 new images in 10 jobs of 100, sent straight to the sandbox (not measured). `spacingMs` apart on the
 * clocks; 0 puts every job, and so every asset event, at the same instant.
 */
async function ingestBurst(bed: Bed, prefix: string, spacingMs: number, later: (ms: number) => void) {
	const headers = await sandboxHeaders(bed);
	for (let start = 0; start < NEW_ASSETS; start += 100) {
		const images = Array.from({ length: 100 }, (_, i) => ({ source_path: imageUrl(prefix, start + i) }));
		await axios.post(`${bed.sandbox.url}/api/v1/ingestion/images`, { dataset_id: DATASET, images }, { headers });
		later(spacingMs);
	}
}

async function runWatch(watch: Watch, spacingMs: number, log: Log): Promise<TriggerRow[]> {
	const bed = await startBed();
	const { later, restore } = clocksOf(bed);
	try {
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
			log(
				`trigger ${watch.label}, ${situation}: ${measured.apiRequests} requests, ${events} events, ${ms(measured.wallMs)}`,
			);
		};
		later(60_000);
		await record('nothing new', 0);
		await ingestBurst(bed, 'trigger', spacingMs, later);
		later(5 * STEP_MS); // every job settles after three steps
		await record(`${int(NEW_ASSETS)} assets became ready (${burst})`, watch.expectedEvents);
		later(60_000);
		await record('nothing new since that burst (a minute later)', 0);
		await record('nothing new, next poll', 0);
		return rows;
	} finally {
		restore();
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

export interface ChurnRow {
	poll: number;
	/** Datasets the account lists at the poll. */
	listed: number;
	created: number;
	deleted: number;
	/** Scopes in the saved state after the poll, and its size in bytes (JSON, as n8n stores it). */
	scopes: number;
	stateBytes: number;
	events: number;
	measured: Measured<unknown>;
}

/**
 * Every dataset watched (Asset Ready to Search) while datasets come and go: before each poll, a minute after the one
 * before on both clocks, 40 new datasets with two images each are created and the 40 of the poll before deleted.
 */
export async function runTriggerChurn(log: Log): Promise<ChurnRow[]> {
	const bed = await startBed();
	const { later, restore } = clocksOf(bed);
	try {
		bed.sandbox.store.ingestion.setStepMs(STEP_MS);
		const headers = await sandboxHeaders(bed);
		const parameters: INodeParameters = { events: ['assetCompleted'] };
		let staticData: IDataObject = {};
		let previous: string[] = [];
		const rows: ChurnRow[] = [];
		for (let poll = 0; poll <= CHURN_POLLS; poll++) {
			const created: string[] = [];
			if (poll > 0) {
				for (let i = 0; i < CHURN_DATASETS; i++) {
					const dataset = await axios.post(
						`${bed.sandbox.url}/api/v1/datasets`,
						{ name: `churn_${poll}_${i}`, encoder_name: 'resnet-50' },
						{ headers },
					);
					const id = String(dataset.data.id);
					const images = [0, 1].map((n) => ({ source_path: imageUrl(`churn-${poll}-${i}`, n) }));
					await axios.post(`${bed.sandbox.url}/api/v1/ingestion/images`, { dataset_id: id, images }, { headers });
					created.push(id);
				}
				for (const id of previous) await axios.delete(`${bed.sandbox.url}/api/v1/datasets/${id}`, { headers });
			}
			later(60_000);
			const measured = await measure(bed.sandbox, async () => {
				const result = await bed.harness.runPoll({ type: TYPES.trigger, parameters, staticData });
				staticData = result.staticData;
				return (result.items?.[0] ?? []).length;
			});
			const events = measured.result as number;
			check(events === (poll === 0 ? 0 : 2 * CHURN_DATASETS), `churn poll ${poll}: ${events} events`);
			const listed = await axios.get(`${bed.sandbox.url}/api/v1/datasets`, { headers, params: { limit: 100 } });
			const scopes = Object.keys((staticData.scopes ?? {}) as IDataObject).length;
			const stateBytes = Buffer.byteLength(JSON.stringify(staticData));
			rows.push({
				poll,
				listed: Number(listed.data.meta.page.total),
				created: created.length,
				deleted: previous.length,
				scopes,
				stateBytes,
				events,
				measured,
			});
			log(
				`trigger churn, poll ${poll}: ${scopes} scopes, ${int(stateBytes)} bytes of state, ${events} events, ${measured.apiRequests} requests`,
			);
			previous = created;
		}
		return rows;
	} finally {
		restore();
		await bed.close();
	}
}

export function churnTable(rows: ChurnRow[]): string {
	return table(
		[
			'poll',
			'datasets created / deleted before it',
			'datasets listed',
			'scopes in the saved state',
			'saved state',
			'events emitted',
			'API requests in the poll',
		],
		rows.map((row) => [
			row.poll === 0 ? '0 (activation)' : String(row.poll),
			`${row.created} / ${row.deleted}`,
			int(row.listed),
			int(row.scopes),
			`${int(row.stateBytes)} bytes`,
			int(row.events),
			int(row.measured.apiRequests),
		]),
	);
}
