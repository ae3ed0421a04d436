import { createHash } from 'node:crypto';

/**
 * Simulated bucket contents: every bucket name has the same layout with sizes derived from the name, so listings
 * are deterministic and tests can compute what to expect. Ingestion may scan the same objects.
 *
 *   README.txt
 *   images/image_00001.jpg … images/image_NNNNN.jpg   (1,000 to 2,499 images)
 *   images/thumbnails/thumb_001.jpg … thumb_040.jpg
 *   metadata/assets.csv, metadata/assets.json
 *   videos/video_001.mp4 … videos/video_0MM.mp4       (6 to 15 videos)
 */
export function bucketObjectKeys(bucket: string): string[] {
	const seed = createHash('sha256').update(bucket).digest();
	const images = 1000 + (seed.readUInt16BE(0) % 1500);
	const videos = 6 + (seed[2] % 10);
	const keys = ['README.txt', 'metadata/assets.csv', 'metadata/assets.json'];
	for (let i = 1; i <= images; i++) keys.push(`images/image_${String(i).padStart(5, '0')}.jpg`);
	for (let i = 1; i <= 40; i++) keys.push(`images/thumbnails/thumb_${String(i).padStart(3, '0')}.jpg`);
	for (let i = 1; i <= videos; i++) keys.push(`videos/video_${String(i).padStart(3, '0')}.mp4`);
	return keys.sort();
}

export interface BucketPage {
	keys: string[];
	commonPrefixes: string[];
	continuationToken: string | null;
}

/** One level below `prefix` ('/' as delimiter), in S3's order, `maxKeys` entries (keys and prefixes) per page. */
export function listBucket(
	bucket: string,
	prefix: string,
	maxKeys: number,
	continuationToken?: string | null,
): BucketPage {
	const normalised = prefix.replace(/^\/+/, '');
	const entries = new Set<string>();
	for (const key of bucketObjectKeys(bucket)) {
		if (!key.startsWith(normalised)) continue;
		const slash = key.indexOf('/', normalised.length);
		entries.add(slash === -1 ? key : key.slice(0, slash + 1));
	}
	const sorted = [...entries].sort();
	const after = continuationToken ? decodeToken(continuationToken) : undefined;
	const start = after === undefined ? 0 : sorted.findIndex((entry) => entry > after);
	const page = start === -1 ? [] : sorted.slice(start, start + maxKeys);
	const last = page[page.length - 1];
	const more = start !== -1 && start + maxKeys < sorted.length;
	return {
		keys: page.filter((entry) => !entry.endsWith('/')),
		commonPrefixes: page.filter((entry) => entry.endsWith('/')),
		continuationToken: more && last !== undefined ? encodeToken(last) : null,
	};
}

/** Opaque to clients, like S3's: the last entry returned, base64url. */
function encodeToken(lastEntry: string): string {
	return Buffer.from(`after:${lastEntry}`).toString('base64url');
}

export function decodeToken(token: string): string | undefined {
	const text = Buffer.from(token, 'base64url').toString('utf8');
	return text.startsWith('after:') ? text.slice('after:'.length) : undefined;
}
