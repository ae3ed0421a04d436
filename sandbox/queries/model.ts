import type { z } from 'zod';
import { stableUuid } from '../assets/model';
import type { schemas } from '../generated/schemas';
import { DEMO_SYSTEM_USER_ID, DEMO_USER_ID, SEED_DATASET_IDS } from '../seed';
import { SqlEngine, type SqlOutcome, type SqlTable, type SqlValue } from './sql';

/**
 * Queries over a dataset (SQL or natural language). A query's status is not stored: it is read off the sandbox
 * clock from when its current run was queued, with the durations in force when the run started, so tests move it
 * along with `clock.advance` or simply wait a few milliseconds with short `timings`. A SQL run is executed by the SQL
 * engine (sql.ts) over the dataset's tables (tables.ts) once, when it is first seen finished; its outcome is kept.
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

/** The most rows a run keeps: a larger result is an error that says so, never a cut one. */
export const MAX_ROW_COUNT = 100_000;
/** How long one execution may take before the engine stops it (`QueriesArea.sqlTimeoutMs`). */
export const DEFAULT_SQL_TIMEOUT_MS = 5_000;

/** What a natural-language run ends with: the sandbox has no model to write SQL from a question, and says so. */
export const NATURAL_LANGUAGE_REFUSED =
	'The sandbox cannot translate natural language into SQL (it has no language model), so it has no rows for this question. Run the query as SQL over the tables GET /api/v1/datasets/{dataset_id}/tables lists.';

/** The most result rows kept over all runs: past it the oldest runs' rows are dropped, and their results file says so. */
export const MAX_KEPT_ROWS = 1_000_000;

/** A run's end: its rows (null once dropped to stay within `maxKeptRows`) and their count, or its error. */
export type Outcome =
	| { kind: 'complete'; columns: string[]; rows: SqlValue[][] | null; count: number }
	| { kind: 'error'; message: string };

export interface QueryRun {
	number: number;
	queuedAt: number;
	timings: QueryTimings;
	stopRequestedAt: number | null;
	cancelledAt: number | null;
	/** Set once the finished run has been executed. */
	outcome?: Outcome;
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

export interface QueryState {
	status: QueryStatus;
	startedAt: number | null;
	endedAt: number | null;
	outcome: Outcome | null;
}

/** State and knobs of the queries area, on `SandboxStore.queries`. */
export class QueriesArea {
	readonly records = new Map<string, QueryRecord>();
	readonly exports: ExportRecord[] = [];
	/** Durations of runs started from now on (see the diagram above). */
	timings: QueryTimings = { ...DEFAULT_QUERY_TIMINGS };
	/** How long one SQL execution may take; longer, it is stopped and the run ends in Error. */
	sqlTimeoutMs = DEFAULT_SQL_TIMEOUT_MS;
	/** How many result rows all runs keep together (see `MAX_KEPT_ROWS`). */
	maxKeptRows = MAX_KEPT_ROWS;
	private readonly engine = new SqlEngine();
	/** Runs whose rows are kept, oldest first, and how many rows they hold. */
	private readonly kept: QueryRun[] = [];
	private keptRows = 0;

	/** `tablesOf(datasetId)`: the dataset's tables with their rows as they are now. */
	constructor(private readonly tablesOf: (datasetId: string) => SqlTable[]) {}

	reset(): void {
		this.records.clear();
		for (const record of seedQueries()) this.records.set(record.id, record);
		this.exports.length = 0;
		this.timings = { ...DEFAULT_QUERY_TIMINGS };
		this.sqlTimeoutMs = DEFAULT_SQL_TIMEOUT_MS;
		this.maxKeptRows = MAX_KEPT_ROWS;
		this.kept.length = 0;
		this.keptRows = 0;
	}

	/** Why the SQL does not compile (or writes) against the dataset's tables; undefined when it does. */
	invalidity(datasetId: string, sql: string): string | undefined {
		const outcome = this.execute(datasetId, sql, 'check');
		return outcome.kind === 'error' ? outcome.message : undefined;
	}

	/** The status of a query's current run at `now`; a run seen finished for the first time is executed then. */
	stateAt(record: QueryRecord, now: number): QueryState {
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
		run.outcome ??= this.finish(record);
		const outcome = run.outcome;
		return {
			status: outcome.kind === 'complete' ? 'Complete' : 'Error',
			startedAt: startAt,
			endedAt: finishAt,
			outcome,
		};
	}

	/** Ends the SQL engine's worker (the sandbox closing). */
	close(): void {
		this.engine.close();
	}

	/** Executes a finished run's SQL and keeps its rows, dropping the oldest kept rows past `maxKeptRows`. */
	private finish(record: QueryRecord): Outcome {
		if (record.type !== 'SQL') return { kind: 'error', message: NATURAL_LANGUAGE_REFUSED };
		const result = this.execute(record.datasetId, record.query, 'run');
		if (result.kind === 'error') return result;
		this.kept.push(record.run);
		this.keptRows += result.rows.length;
		while (this.keptRows > this.maxKeptRows && this.kept.length > 1) {
			const dropped = this.kept.shift()?.outcome;
			if (dropped?.kind === 'complete' && dropped.rows) {
				this.keptRows -= dropped.rows.length;
				dropped.rows = null;
			}
		}
		return { ...result, count: result.rows.length };
	}

	private execute(datasetId: string, sql: string, mode: 'check' | 'run'): SqlOutcome {
		return this.engine.execute(
			{ tables: this.tablesOf(datasetId), sql, mode, maxRows: MAX_ROW_COUNT },
			this.sqlTimeoutMs,
		);
	}
}

export function newRun(number: number, now: number, timings: QueryTimings): QueryRun {
	return { number, queuedAt: now, timings: { ...timings }, stopRequestedAt: null, cancelledAt: null };
}

/** Assumed: a SQL query has code; a natural-language one never does here, since the sandbox writes no SQL for it. */
export function hasCode(record: QueryRecord): boolean {
	return record.type === 'SQL';
}

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/**
 * `queries:app__api__v1__schema__GetQueryResponse`. Assumed: `results` names where a complete run's rows are
 * kept, and carries the error message of a failed run (the schema has no other place for it).
 */
export function toQueryResponse(record: QueryRecord, state: QueryState) {
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
		total_row_count: state.outcome?.kind === 'complete' ? state.outcome.count : null,
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

function csvField(value: SqlValue): string {
	const text = value === null ? '' : String(value);
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A complete run's rows as the results file: a header line of the query's columns, CRLF line ends, NULL empty. */
export function toCsv(columns: readonly string[], rows: readonly SqlValue[][]): string {
	const lines = [columns.map(csvField).join(',')];
	for (const row of rows) lines.push(row.map(csvField).join(','));
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
			'SELECT count(*) FROM images WHERE score > 0.8',
			DEMO_USER_ID,
			'2026-04-03T08:00:00Z',
		),
	];
}
