import { SEED_DATASET_IDS } from '../seed';
import { stableUuid, type AssetKind, type AssetRecord } from './model';

const SEEDED_AT = Date.parse('2026-01-15T09:00:00Z');

/** Topics the seeded assets show; search, concepts and classification score against these words. */
export const SEED_TOPICS = ['beach', 'city', 'forest', 'mountain', 'kitchen', 'stadium', 'concert', 'office'] as const;

function asset(
	datasetId: string,
	kind: AssetKind,
	index: number,
	extra: Partial<AssetRecord> = {},
	base = 's3://demo-bucket',
): AssetRecord {
	const topic = SEED_TOPICS[index % SEED_TOPICS.length];
	const folder = kind === 'image' ? 'images' : 'videos';
	const extension = kind === 'image' ? 'jpg' : 'mp4';
	const path = `${base}/${folder}/${topic}-${String(index).padStart(3, '0')}.${extension}`;
	return {
		id: stableUuid(`${datasetId}:${path}`),
		datasetId,
		kind,
		path,
		metadata: { topic, index },
		externalId: kind === 'video' ? `video-${String(index).padStart(3, '0')}` : null,
		status: 'completed',
		errorCode: null,
		errorMessage: null,
		ingestJobId: null,
		createdAt: SEEDED_AT + index * 60_000,
		updatedAt: SEEDED_AT + index * 60_000,
		durationSeconds: kind === 'video' ? 60 + index * 15 : null,
		frameRate: kind === 'video' ? 25 : null,
		...extra,
	};
}

/** Where the seeded images that Classify can be given live: a public http(s) address (nothing is served there). */
export const SEED_IMAGE_HOST = 'https://media.example.com/demo';

/**
 * Ready-to-search assets of the seed datasets: 24 images in demo_images (the first 8, one per topic, at
 * `SEED_IMAGE_HOST`, so Classify can be given their address; the others in a bucket), 6 videos in demo_videos (customer ids
 * video-000 … video-005), and a mix in demo_mixed where two videos share the customer id `shared-id` (the
 * service answers 422 when an identifier matches several videos).
 */
export function seedAssets(): AssetRecord[] {
	const images = Array.from({ length: 24 }, (_, i) =>
		asset(SEED_DATASET_IDS.demoImages, 'image', i, {}, i < SEED_TOPICS.length ? SEED_IMAGE_HOST : undefined),
	);
	const videos = Array.from({ length: 6 }, (_, i) => asset(SEED_DATASET_IDS.demoVideos, 'video', i));
	const mixed = [
		...Array.from({ length: 4 }, (_, i) => asset(SEED_DATASET_IDS.demoMixed, 'image', i)),
		asset(SEED_DATASET_IDS.demoMixed, 'video', 4, { externalId: 'shared-id' }),
		asset(SEED_DATASET_IDS.demoMixed, 'video', 5, { externalId: 'shared-id' }),
	];
	return [...images, ...videos, ...mixed];
}
