import type { AssetKind, AssetRecord, AssetStatus } from '../assets/model';
import type { Clock } from '../clock';
import { hashNumber, type SourceError } from './rules';

/** The sandbox serves one organization. */
export const SANDBOX_ORG_ID = 'sandbox-demo-org';

export type JobType = 'assets' | 'file' | 'bucket' | 'metadata';
export type JobStatus = 'pending' | 'in_progress' | 'completed' | 'failed';
export type DeclaredAssetType = 'unspecified' | 'image' | 'video';

/** One asset a job brings in (or, for a metadata job, one update it applies). */
export interface PlannedAsset {
	/** Platform id; null for a metadata update that matched no asset. */
	assetId: string | null;
	sourcePath: string;
	/** The type as the request gave it (`unspecified` when it did not). */
	declaredType: DeclaredAssetType;
	metadata: Record<string, unknown> | null;
	/** What the asset turned out to be; null when that could not be told. */
	kind: AssetKind | null;
	/** Set when the asset ends in `error`. */
	error: SourceError | null;
}

export interface MetadataJobDetails {
	accepted: Array<{
		asset_id: string;
		source_path: string;
		asset_type: AssetKind;
		metadata: Record<string, unknown> | null;
	}>;
	invalid_assets: Array<Record<string, unknown>>;
}

export interface IngestJobRecord {
	/** 24 lowercase hex characters. */
	id: string;
	/** Creation order, for a stable order between jobs created in the same millisecond. */
	sequence: number;
	orgId: string;
	datasetId: string;
	connectionName: string | null;
	jobType: JobType;
	/** `ingestion:AssetType` of the source: image, video, csv, json, s3_prefix, metadata or unspecified. */
	sourceType: string;
	filePath: string | null;
	requestId: string;
	createdAt: number;
	/** Duration of each step of this job's timeline, fixed when it was created. */
	stepMs: number;
	/** Set when the file or bucket path cannot be read: the job fails after its first step with no assets. */
	sourceError: SourceError | null;
	assets: PlannedAsset[];
	/** Whether the job creates assets (everything but metadata updates). */
	createsAssets: boolean;
	/** `details` of a file, bucket or metadata job, as the API shows it. */
	details: Record<string, unknown> | null;
}

/**
 * The timeline every job follows, in steps of `stepMs` from its creation:
 * step 0 pending · step 1 in_progress (assets in_progress) · step 2 (assets processing_started) ·
 * step 3 completed or failed (assets completed or error). A job whose source cannot be read fails at step 1.
 */
export const STEP = { started: 1, processing: 2, finished: 3 } as const;

function stepsReached(job: IngestJobRecord, now: number): number {
	if (job.stepMs <= 0) return Number.POSITIVE_INFINITY;
	return Math.floor((now - job.createdAt) / job.stepMs);
}

const stepTime = (job: IngestJobRecord, step: number) => job.createdAt + step * job.stepMs;

export interface JobView {
	status: JobStatus;
	startedAt: number | null;
	finishedAt: number | null;
	/** When anything the API shows of the job last changed. */
	updatedAt: number;
	processed: number;
	errored: number;
	total: number | null;
}

export function jobView(job: IngestJobRecord, now: number): JobView {
	const steps = stepsReached(job, now);
	const pending: JobView = {
		status: 'pending',
		startedAt: null,
		finishedAt: null,
		updatedAt: job.createdAt,
		processed: 0,
		errored: 0,
		total: job.sourceError ? null : job.assets.length,
	};
	if (steps < STEP.started) return pending;
	if (job.sourceError) {
		const at = stepTime(job, STEP.started);
		return { ...pending, status: 'failed', startedAt: at, finishedAt: at, updatedAt: at };
	}
	const startedAt = stepTime(job, STEP.started);
	if (steps < STEP.finished) return { ...pending, status: 'in_progress', startedAt, updatedAt: startedAt };
	const finishedAt = stepTime(job, STEP.finished);
	const errored = job.assets.filter((asset) => asset.error !== null).length;
	// Rule: a job fails when every one of its assets failed (or its source could not be read, above).
	const failed = job.assets.length > 0 && errored === job.assets.length;
	return {
		...pending,
		status: failed ? 'failed' : 'completed',
		startedAt,
		finishedAt,
		updatedAt: finishedAt,
		processed: job.assets.length,
		errored,
	};
}

/** Where one asset of a job stands at `now`, and since when. */
export function assetStateAt(
	job: IngestJobRecord,
	asset: PlannedAsset,
	now: number,
): { status: AssetStatus; changedAt: number } {
	const steps = stepsReached(job, now);
	if (steps < STEP.started) return { status: 'pending', changedAt: job.createdAt };
	if (steps < STEP.processing) return { status: 'in_progress', changedAt: stepTime(job, STEP.started) };
	if (steps < STEP.finished) return { status: 'processing_started', changedAt: stepTime(job, STEP.processing) };
	return { status: asset.error ? 'error' : 'completed', changedAt: stepTime(job, STEP.finished) };
}

const LIVE_FIELDS = ['status', 'errorCode', 'errorMessage', 'statusChangedAt'] as const;

/**
 * The shared AssetRecord of an ingested asset. Its status, error, status-change time and `updatedAt` are read off
 * the job's timeline on the sandbox clock whenever anyone reads them, so advancing the clock moves every reader
 * (status endpoints, search, concepts) forward with no background timer. Assigning one of them pins that value.
 */
export function ingestedAssetRecord(
	job: IngestJobRecord,
	planned: PlannedAsset,
	clock: Clock,
	externalId: string | null,
): AssetRecord {
	const kind: AssetKind = planned.kind ?? (planned.declaredType === 'video' ? 'video' : 'image');
	const record = {
		id: planned.assetId as string,
		datasetId: job.datasetId,
		kind,
		path: planned.sourcePath,
		metadata: { ...(planned.metadata ?? {}) },
		externalId,
		ingestJobId: job.id,
		createdAt: job.createdAt,
		durationSeconds: kind === 'video' ? 30 + (hashNumber(planned.sourcePath) % 300) : null,
		frameRate: kind === 'video' ? 25 : null,
	} as AssetRecord;
	const live = () => assetStateAt(job, planned, clock.now());
	const pinned: Record<string, unknown> = {};
	const computed: Record<(typeof LIVE_FIELDS)[number], () => unknown> = {
		status: () => live().status,
		errorCode: () => (live().status === 'error' ? (planned.error?.code ?? null) : null),
		errorMessage: () => (live().status === 'error' ? (planned.error?.reason ?? null) : null),
		statusChangedAt: () => live().changedAt,
	};
	for (const field of LIVE_FIELDS) {
		Object.defineProperty(record, field, {
			enumerable: true,
			get: () => (field in pinned ? pinned[field] : computed[field]()),
			set: (value: unknown) => {
				pinned[field] = value;
			},
		});
	}
	let touchedAt = job.createdAt;
	Object.defineProperty(record, 'updatedAt', {
		enumerable: true,
		get: () => Math.max(touchedAt, record.statusChangedAt ?? job.createdAt),
		set: (value: number) => {
			touchedAt = value;
		},
	});
	return record;
}

/** When an asset's status last changed: the field when set, else its last update. */
export const statusChangedAt = (asset: AssetRecord) => asset.statusChangedAt ?? asset.updatedAt;

const iso = (millis: number | null | undefined) =>
	millis === null || millis === undefined ? null : new Date(millis).toISOString();

const EVENT_OF_STATUS: Record<AssetStatus, string> = {
	pending: 'received',
	received: 'received',
	in_progress: 'file_downloaded',
	processing_started: 'processing_started',
	completed: 'completed',
	error: 'error',
};

/** `ingestion:Status` of one asset. */
export function toAssetStatus(asset: AssetRecord) {
	return {
		status: asset.status,
		asset_id: asset.id,
		dataset_id: asset.datasetId,
		error_code: asset.status === 'error' ? asset.errorCode : null,
		error_reason: asset.status === 'error' ? asset.errorMessage : null,
		source_path: asset.path,
		latest_event: {
			event_type: EVENT_OF_STATUS[asset.status],
			event_entity: asset.kind,
			timestamp_dt: iso(statusChangedAt(asset)),
		},
		asset_type: asset.kind,
	};
}

/** `ingestion:StatusSummary` of one asset; `ingestion_dt` is when it became ready to search. */
export function toAssetSummary(asset: AssetRecord) {
	return {
		status: asset.status,
		asset_id: asset.id,
		dataset_id: asset.datasetId,
		asset_type: asset.kind,
		source_path: asset.path,
		ingestion_dt: asset.status === 'completed' ? iso(statusChangedAt(asset)) : null,
	};
}

/** The job's error text: why its source failed, or how many assets failed and with which codes. */
export function errorDetails(job: IngestJobRecord, view: JobView): string | null {
	if (view.status === 'pending' || view.status === 'in_progress') return null;
	if (job.sourceError) return `${job.sourceError.code}: ${job.sourceError.reason}`;
	if (view.errored === 0) return null;
	const byCode = new Map<string, number>();
	for (const asset of job.assets) {
		if (asset.error) byCode.set(asset.error.code, (byCode.get(asset.error.code) ?? 0) + 1);
	}
	const codes = [...byCode].map(([code, count]) => `${code} (${count})`).join(', ');
	const what = job.createsAssets ? 'assets' : 'metadata updates';
	return `${view.errored} of ${job.assets.length} ${what} failed: ${codes}`;
}

function jobDetails(job: IngestJobRecord, view: JobView): Record<string, unknown> | null {
	if (job.jobType !== 'assets') return job.details;
	const settled = view.status === 'completed' || view.status === 'failed';
	return {
		assets: job.assets.map((asset) => ({
			asset: { source_path: asset.sourcePath, metadata: asset.metadata, asset_type: asset.declaredType },
			asset_id: asset.assetId,
			error: settled && asset.error ? `${asset.error.code}: ${asset.error.reason}` : null,
		})),
	};
}

/** `ingestion:CreateIngestJobResponse`. */
export function toCreateJobResponse(job: IngestJobRecord, now: number) {
	const view = jobView(job, now);
	return {
		id: job.id,
		org_id: job.orgId,
		dataset_id: job.datasetId,
		connection_name: job.connectionName,
		job_type: job.jobType,
		details: jobDetails(job, view),
		request_type: 'submit',
		status: view.status,
		created_dt: iso(job.createdAt),
		updated_dt: iso(view.updatedAt),
		total_assets: view.total,
		processed_assets: view.processed,
		errored_assets: view.errored,
		request_id: job.requestId,
	};
}

/** `ingestion:GetOneIngestJobResponse`. */
export function toJobResponse(job: IngestJobRecord, now: number) {
	const view = jobView(job, now);
	return {
		id: job.id,
		org_id: job.orgId,
		dataset_id: job.datasetId,
		connection_name: job.connectionName,
		job_type: job.jobType,
		details: jobDetails(job, view),
		source_type: job.sourceType,
		file_path: job.filePath,
		created_dt: iso(job.createdAt),
		updated_dt: iso(view.updatedAt),
		started_dt: iso(view.startedAt),
		finished_dt: iso(view.finishedAt),
		status: view.status,
		total_assets: view.total,
		processed_assets: view.processed,
		errored_assets: view.errored,
		error_details: errorDetails(job, view),
		request_id: job.requestId,
	};
}

/**
 * Lists of jobs: the most recently changed first (`updated_dt` descending), then the newest created, then the
 * latest in creation order, so a poller can stop reading at the first job older than what it saw last.
 */
export function jobsByLatestChange(jobs: Iterable<IngestJobRecord>, now: number): IngestJobRecord[] {
	const updated = new Map([...jobs].map((job) => [job, jobView(job, now).updatedAt]));
	return [...updated.keys()].sort(
		(a, b) =>
			(updated.get(b) as number) - (updated.get(a) as number) || b.createdAt - a.createdAt || b.sequence - a.sequence,
	);
}

/**
 * Lists of asset statuses: the latest status change first (`latest_event.timestamp_dt` descending), then the
 * newest ingested, then by source path.
 */
export function assetsByLatestChange(assets: AssetRecord[]): AssetRecord[] {
	const changed = new Map(assets.map((asset) => [asset, statusChangedAt(asset)]));
	return [...assets].sort(
		(a, b) =>
			(changed.get(b) as number) - (changed.get(a) as number) ||
			b.createdAt - a.createdAt ||
			a.path.localeCompare(b.path),
	);
}
