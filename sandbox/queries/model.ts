import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { type AssetRecord, assetsOf, stableUuid } from '../assets/model';
import type { schemas } from '../generated/schemas';
import { DEMO_SYSTEM_USER_ID, DEMO_USER_ID, SEED_DATASET_IDS } from '../seed';

/**
 * Queries over a dataset (SQL or natural language). A query's status is not stored: it is read off the sandbox
 * clock from when its current run was queued, with the durations in force when the run started, so tests move it
 * along with `clock.advance` or simply wait a few milliseconds with short `timings`.
 *
 *   Queued ──queuedMs──▶ Running ──runningMs──▶ Complete | Error
 *   stop:   Queued/Running ──▶ Stopping ──stoppingMs──▶ Stopped
 *   cancel: Queued/Running/Stopping ──▶ Stopped at once
 *   run:    Complete/Error/Stopped ──▶ Queued (a new run)
 */
export type QueryStatus = z.output<(typeof schemas)['queries:QueryStatus']>;
export type QueryType = z.output<(typeof schemas)['queries:QueryType']>;
type ExportType = z.output<(typeof schemas)['queries:ExportType']>;

export const ACTIVE_STATUSES: readonly QueryStatus[] = ['Queued', 'Running', 'Stopping'];

export interface QueryTimings {
	queuedMs: number;
	runningMs: number;
	stoppingMs: number;
}

export const DEFAULT_QUERY_TIMINGS: QueryTimings = { queuedMs: 1000, runningMs: 3000, stoppingMs: 1000 };

/** Rows of a query without a LIMIT; enough for several pages of anything. */
export const DEFAULT_ROW_COUNT = 250;
export const MAX_ROW_COUNT = 100_000;

export interface QueryRun {
	number: number;
	queuedAt: number;
	timings: QueryTimings;
	stopRequestedAt: number | null;
	cancelledAt: number | null;
}

export interface QueryRecord {
	id: string;
	datasetId: string;
	query: string;
	type: QueryType;
	parameters: Record<string, unknown> | null;
	embeddingId: string | null;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string | null;
	run: QueryRun;
}

export interface ExportRecord {
	exportId: string;
	queryId: string;
	connectionName: string;
	exportType: ExportType;
	targetBucket: string;
	targetPrefix: string;
	rows: number;
	at: number;
}

/** State and knobs of the queries area, on `SandboxStore.queries`. */
export class QueriesArea {
	readonly records = new Map<string, QueryRecord>();
	readonly exports: ExportRecord[] = [];
	/** Durations of runs started from now on (see the diagram above). */
	timings: QueryTimings = { ...DEFAULT_QUERY_TIMINGS };

	reset(): void {
		this.records.clear();
		for (const record of seedQueries()) this.records.set(record.id, record);
		this.exports.length = 0;
		this.timings = { ...DEFAULT_QUERY_TIMINGS };
	}
}

export function newRun(number: number, now: number, timings: QueryTimings): QueryRun {
	return { number, queuedAt: now, timings: { ...timings }, stopRequestedAt: null, cancelledAt: null };
}

export type Outcome = { kind: 'complete'; rows: number } | { kind: 'error'; message: string };

/**
 * What a run ends with, from the query text alone: SQL that does not start with SELECT or WITH is a syntax error,
 * a division by zero fails at run time, a natural-language question containing "impossible" cannot be translated;
 * everything else completes with `LIMIT n` rows (or 250).
 */
export function outcomeOf(query: Pick<QueryRecord, 'query' | 'type'>): Outcome {
	const text = query.query.trim();
	if (query.type === 'SQL') {
		const syntax = sqlSyntaxError(text);
		if (syntax) return { kind: 'error', message: syntax };
		if (/\/\s*0(?![\d.])/.test(text)) return { kind: 'error', message: 'division by zero' };
	} else if (/impossible/i.test(text)) {
		return { kind: 'error', message: 'the question could not be translated into SQL' };
	}
	const limit = /\blimit\s+(\d+)/i.exec(text);
	return { kind: 'complete', rows: limit ? Math.min(Number(limit[1]), MAX_ROW_COUNT) : DEFAULT_ROW_COUNT };
}

/** The check a create request with `check_validity` runs: undefined when the SQL is acceptable. */
export function sqlSyntaxError(text: string): string | undefined {
	if (/^(select|with)\b/i.test(text.trim())) return undefined;
	const first = text.trim().split(/\s+/)[0] ?? '';
	return `syntax error at or near "${first}"`;
}

export interface QueryState {
	status: QueryStatus;
	startedAt: number | null;
	endedAt: number | null;
	outcome: Outcome | null;
}

/** The status of a query's current run at `now`. */
export function stateAt(record: QueryRecord, now: number): QueryState {
	const { run } = record;
	const startAt = run.queuedAt + run.timings.queuedMs;
	const finishAt = startAt + run.timings.runningMs;
	const started = (until: number) => (until >= startAt ? startAt : null);
	if (run.cancelledAt !== null) {
		return { status: 'Stopped', startedAt: started(run.cancelledAt), endedAt: run.cancelledAt, outcome: null };
	}
	if (run.stopRequestedAt !== null) {
		const stoppedAt = run.stopRequestedAt + run.timings.stoppingMs;
		return now < stoppedAt
			? { status: 'Stopping', startedAt: started(run.stopRequestedAt), endedAt: null, outcome: null }
			: { status: 'Stopped', startedAt: started(run.stopRequestedAt), endedAt: stoppedAt, outcome: null };
	}
	if (now < startAt) return { status: 'Queued', startedAt: null, endedAt: null, outcome: null };
	if (now < finishAt) return { status: 'Running', startedAt: startAt, endedAt: null, outcome: null };
	const outcome = outcomeOf(record);
	return { status: outcome.kind === 'complete' ? 'Complete' : 'Error', startedAt: startAt, endedAt: finishAt, outcome };
}

/** A natural-language query has code (its SQL) once it has been translated, i.e. once it started running. */
export function hasCode(record: QueryRecord, now: number): boolean {
	return record.type === 'SQL' || stateAt(record, now).startedAt !== null;
}

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/**
 * `queries:app__api__v1__schema__GetQueryResponse`. Assumed: `results` names where a complete run's rows are
 * kept, and carries the error message of a failed run (the schema has no other place for it).
 */
export function toQueryResponse(record: QueryRecord, now: number) {
	const state = stateAt(record, now);
	return {
		query_id: record.id,
		query: record.query,
		type: record.type,
		status: state.status,
		results:
			state.outcome?.kind === 'complete'
				? `query-results/${record.id}/run-${record.run.number}.csv`
				: state.outcome?.kind === 'error'
					? state.outcome.message
					: null,
		start_dt: iso(state.startedAt),
		end_dt: iso(state.endedAt),
		dataset_id: record.datasetId,
		total_row_count: state.outcome?.kind === 'complete' ? state.outcome.rows : null,
		parameters: record.parameters,
		created_dt: iso(record.createdAt),
		updated_dt: iso(record.updatedAt),
		created_user_id: record.createdBy,
		updated_user_id: record.updatedBy,
	};
}

export function compareQueries(a: QueryRecord, b: QueryRecord): number {
	return a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}

export const RESULT_COLUMNS = ['row_number', 'asset_id', 'asset_type', 'path', 'score'] as const;

/** The rows of a complete query: the dataset's assets in turn, with a score derived from the query text. */
export function resultRows(record: QueryRecord, assets: Map<string, AssetRecord>, count: number) {
	const pool = assetsOf(assets, record.datasetId);
	return Array.from({ length: count }, (_, index) => {
		const asset = pool.length > 0 ? pool[index % pool.length] : undefined;
		const digest = createHash('sha256').update(`${record.query}#${index}`).digest();
		return {
			row_number: index + 1,
			asset_id: asset?.id ?? stableUuid(`${record.datasetId}:row:${index}`),
			asset_type: asset?.kind ?? '',
			path: asset?.path ?? '',
			score: Number((digest.readUInt32BE(0) / 0xffffffff).toFixed(4)),
		};
	});
}

function csvField(value: unknown): string {
	const text = String(value ?? '');
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Array<Record<string, unknown>>): string {
	const lines = [RESULT_COLUMNS.join(',')];
	for (const row of rows) lines.push(RESULT_COLUMNS.map((column) => csvField(row[column])).join(','));
	return `${lines.join('\r\n')}\r\n`;
}

export const SEED_QUERY_IDS = {
	imagesComplete: stableUuid('query:seed:images-complete'),
	videosQuestion: stableUuid('query:seed:videos-question'),
	mixedError: stableUuid('query:seed:mixed-error'),
} as const;

function seedQueries(): QueryRecord[] {
	const at = (isoDate: string) => Date.parse(isoDate);
	const seed = (
		id: string,
		datasetId: string,
		type: QueryType,
		query: string,
		createdBy: string,
		created: string,
	): QueryRecord => ({
		id,
		datasetId,
		query,
		type,
		parameters: null,
		embeddingId: null,
		createdAt: at(created),
		createdBy,
		updatedAt: at(created),
		updatedBy: null,
		run: newRun(1, at(created), DEFAULT_QUERY_TIMINGS),
	});
	return [
		seed(
			SEED_QUERY_IDS.imagesComplete,
			SEED_DATASET_IDS.demoImages,
			'SQL',
			'SELECT * FROM images LIMIT 120',
			DEMO_USER_ID,
			'2026-04-01T08:00:00Z',
		),
		seed(
			SEED_QUERY_IDS.videosQuestion,
			SEED_DATASET_IDS.demoVideos,
			'NATURAL_LANGUAGE',
			'Which videos show a beach?',
			DEMO_SYSTEM_USER_ID,
			'2026-04-02T08:00:00Z',
		),
		seed(
			SEED_QUERY_IDS.mixedError,
			SEED_DATASET_IDS.demoMixed,
			'SQL',
			'SELECT count(*) / 0 FROM images',
			DEMO_USER_ID,
			'2026-04-03T08:00:00Z',
		),
	];
}

// ---- tables -------------------------------------------------------------------------------------------------------

/** A column of a table's schema, in the shape of a Spark/Databricks struct field (assumed: the document types the schema as any object). */
interface Column {
	name: string;
	type: string;
	nullable: boolean;
}

const column = (name: string, type: string, nullable = false): Column => ({ name, type, nullable });
const COMMON = [
	column('coactive_image_id', 'string'),
	column('dataset_id', 'string'),
	column('created_dt', 'timestamp'),
];

/** The tables a query over a dataset reads, by what the dataset allows: images, or videos with their keyframes, shots and transcripts. */
const TABLES: Array<{ name: string; for: 'image' | 'video' | 'any'; columns: Column[] }> = [
	{
		name: 'assets',
		for: 'any',
		columns: [
			...COMMON,
			column('asset_type', 'string'),
			column('path', 'string'),
			column('metadata', 'map<string,string>', true),
		],
	},
	{
		name: 'images',
		for: 'image',
		columns: [
			...COMMON,
			column('path', 'string'),
			column('width', 'int', true),
			column('height', 'int', true),
			column('metadata', 'map<string,string>', true),
		],
	},
	{
		name: 'videos',
		for: 'video',
		columns: [
			column('coactive_video_id', 'string'),
			column('dataset_id', 'string'),
			column('path', 'string'),
			column('duration_ms', 'bigint'),
			column('frame_rate', 'double', true),
			column('metadata', 'map<string,string>', true),
		],
	},
	{
		name: 'keyframes',
		for: 'video',
		columns: [
			...COMMON,
			column('coactive_video_id', 'string'),
			column('frame_time_ms', 'bigint'),
			column('shot_id', 'string'),
		],
	},
	{
		name: 'shots',
		for: 'video',
		columns: [
			column('shot_id', 'string'),
			column('coactive_video_id', 'string'),
			column('start_time_ms', 'bigint'),
			column('end_time_ms', 'bigint'),
		],
	},
	{
		name: 'transcripts',
		for: 'video',
		columns: [
			column('coactive_video_id', 'string'),
			column('start_time_ms', 'bigint'),
			column('end_time_ms', 'bigint'),
			column('speech_to_text_transcription', 'string', true),
		],
	},
];

/** `queries:Table` of each table a dataset's queries can read, in a fixed order. */
export function tablesOf(allowedAssetTypes: readonly string[]) {
	return TABLES.filter((table) => table.for === 'any' || allowedAssetTypes.includes(table.for)).map((table) => ({
		name: table.name,
		table_schema: { type: 'struct', fields: table.columns.map((entry) => ({ ...entry, metadata: {} })) },
	}));
}
