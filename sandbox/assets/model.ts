import { createHash } from 'node:crypto';

/**
 * Assets (images and videos) held in datasets. One model shared by every area of the sandbox: ingestion creates
 * and deletes them and moves their status; search, concepts, classification, celebrity detection and ad segments
 * read them. Only assets whose status is `completed` are searchable.
 */
export type AssetKind = 'image' | 'video';
export type AssetStatus = 'pending' | 'in_progress' | 'received' | 'processing_started' | 'completed' | 'error';

export interface AssetRecord {
	/** The platform id (coactive image/video id), a UUID. */
	id: string;
	datasetId: string;
	kind: AssetKind;
	/** The source path or URL the asset was ingested from; unique within a dataset. */
	path: string;
	metadata: Record<string, unknown>;
	/** The customer's own identifier of a video (`asset_identifier_value` of ad segments); null when none. */
	externalId: string | null;
	status: AssetStatus;
	/** Ingestion ErrorCode when `status` is `error` (`broken_url`, `unsupported_format`, …). */
	errorCode: string | null;
	errorMessage: string | null;
	/** The 24-hex ingestion job that brought it in; null for seeded assets. */
	ingestJobId: string | null;
	createdAt: number;
	updatedAt: number;
	/**
	 * When `status` last changed (the ingestion status endpoints' `latest_event.timestamp_dt`); `updatedAt` when
	 * absent. Set for ingested assets, whose status fields follow their job's timeline (see ingestion/model.ts).
	 */
	statusChangedAt?: number;
	/** Videos only. */
	durationSeconds: number | null;
	frameRate: number | null;
}

/**
 * UUIDs derived already: every reset derives the seed's ids again (a hash each), and the tests reset before each test.
 * Bounded, for a sandbox that runs for days.
 */
const derived = new Map<string, string>();
const DERIVED_KEPT = 50_000;

/** A UUID derived from a string, so seeded ids are stable across runs and resets. */
export function stableUuid(seed: string): string {
	const known = derived.get(seed);
	if (known !== undefined) return known;
	const hex = createHash('sha256').update(seed).digest('hex');
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
	if (derived.size >= DERIVED_KEPT) derived.clear();
	derived.set(seed, uuid);
	return uuid;
}

/** Assets of one dataset, in ingestion order (oldest first, then path). */
export function assetsOf(assets: Map<string, AssetRecord>, datasetId: string): AssetRecord[] {
	return [...assets.values()]
		.filter((asset) => asset.datasetId === datasetId)
		.sort((a, b) => a.createdAt - b.createdAt || a.path.localeCompare(b.path));
}

/** Finds an asset of a dataset by its platform id or its source path (the two ways the API names an asset). */
export function findAsset(
	assets: Map<string, AssetRecord>,
	datasetId: string,
	idOrPath: string,
): AssetRecord | undefined {
	const byId = assets.get(idOrPath);
	if (byId && byId.datasetId === datasetId) return byId;
	return [...assets.values()].find((asset) => asset.datasetId === datasetId && asset.path === idOrPath);
}
