import type { IngestJobRecord } from './model';

/** Length of one step of a job's timeline (see model.ts) unless configured: a job settles after 3 steps. */
export const DEFAULT_INGESTION_STEP_MS = 1000;

/** Ingestion jobs and deletion requests of the sandbox (`store.ingestion`). Assets live in `store.assets`. */
export class IngestionState {
	readonly jobs = new Map<string, IngestJobRecord>();
	/** Deletion jobs enqueued by `POST /api/v0/delete/assets`, by delete_job_id. */
	readonly deletions = new Map<
		string,
		{ datasetId: string; assetType: string; identifier: string; assetId: string | null; at: number }
	>();
	stepMs: number;
	private initialStepMs = DEFAULT_INGESTION_STEP_MS;
	private sequence = 0;

	constructor() {
		this.stepMs = this.initialStepMs;
	}

	reset(): void {
		this.jobs.clear();
		this.deletions.clear();
		this.sequence = 0;
		this.stepMs = this.initialStepMs;
	}

	/** Step length for jobs created from now on (0: they settle at once); `reset()` restores the initial one. */
	setStepMs(ms: number): void {
		assertStep(ms);
		this.stepMs = ms;
	}

	/** Step length that `reset()` restores (startSandbox's `ingestionStepMs`). */
	setInitialStepMs(ms: number): void {
		assertStep(ms);
		this.initialStepMs = ms;
		this.stepMs = ms;
	}

	nextSequence(): number {
		this.sequence += 1;
		return this.sequence;
	}
}

function assertStep(ms: number): void {
	if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`An ingestion step cannot last ${ms} ms`);
}
