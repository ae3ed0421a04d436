import { createHash } from 'node:crypto';
import type { AssetKind } from '../assets/model';
import { bucketObjectKeys } from '../connections/bucket';

/**
 * The deterministic rules by which the sandbox decides how an ingestion ends. The service fetches and decodes
 * each file; the sandbox reads the same outcome off the source path, so tests can choose it.
 */

export const IMAGE_EXTENSIONS = ['avif', 'bmp', 'gif', 'heic', 'jpeg', 'jpg', 'png', 'tif', 'tiff', 'webp'];
export const VIDEO_EXTENSIONS = ['avi', 'm4v', 'mkv', 'mov', 'mp4', 'mpeg', 'mpg', 'webm'];
export const SUPPORTED_SCHEMES = ['gs', 'http', 'https', 's3'];

/** Words in a source path that make the source unreadable: a URL that answers 404, a missing object. */
const NOT_FOUND_WORDS = /broken|404|missing/i;
const DENIED_WORDS = /denied|forbidden/i;

export interface SourceError {
	code: string;
	reason: string;
}

export interface AssetOutcome {
	/** What the asset turned out to be; null when that could not be determined. */
	kind: AssetKind | null;
	/** Null when the asset ingests; otherwise an ingestion ErrorCode and its reason. */
	error: SourceError | null;
}

/** A number derived from a string, for choosing simulated contents deterministically. */
export function hashNumber(text: string): number {
	return Number.parseInt(createHash('sha256').update(text).digest('hex').slice(0, 8), 16);
}

/** 24 lowercase hex characters derived from a string (the shape of ingestion job ids). */
export function hex24(text: string): string {
	return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

function schemeOf(path: string): string | null {
	const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(path);
	return match ? match[1].toLowerCase() : null;
}

/** The extension of the last path segment, without query or fragment; '' when there is none. */
export function extensionOf(path: string): string {
	const withoutScheme = path.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
	const clean = withoutScheme.split(/[?#]/)[0];
	const segment = clean.slice(clean.lastIndexOf('/') + 1);
	const dot = segment.lastIndexOf('.');
	return dot > 0 ? segment.slice(dot + 1).toLowerCase() : '';
}

export function kindOfExtension(extension: string): AssetKind | null {
	if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
	if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
	return null;
}

/**
 * How one asset ends, checked in this order:
 * 1. a scheme other than http, https, s3 or gs → `unsupported_uri_scheme` (no scheme: a path in the connection's bucket);
 * 2. an address the service cannot download → `broken_url`: no scheme when the request names no connection (there is
 *    no bucket to read it from), or an http(s) URL with a space in it;
 * 3. "broken", "404" or "missing" in the path → `broken_url` for http(s) URLs, `file_not_found` for bucket paths;
 *    "denied" or "forbidden" → `permission_denied`;
 * 4. the type: the declared one, else from the extension. An extension of the other type or of neither →
 *    `unsupported_format`; no extension and no declared type → `unknown_content_type`;
 * 5. a type the dataset does not allow → `unsupported_source_type`.
 */
export function assetOutcome(
	path: string,
	declared: AssetKind | null,
	allowed: readonly AssetKind[],
	viaConnection: boolean,
): AssetOutcome {
	const scheme = schemeOf(path);
	if (scheme !== null && !SUPPORTED_SCHEMES.includes(scheme)) {
		return {
			kind: declared,
			error: { code: 'unsupported_uri_scheme', reason: `The URI scheme '${scheme}' is not supported` },
		};
	}
	if ((scheme === null && !viaConnection) || ((scheme === 'http' || scheme === 'https') && /\s/.test(path))) {
		const why = scheme === null ? 'not an http or https URL' : 'the address has a space in it';
		return { kind: declared, error: { code: 'broken_url', reason: `Could not download ${path} (${why})` } };
	}
	if (NOT_FOUND_WORDS.test(path)) {
		const isUrl = scheme === 'http' || scheme === 'https';
		return {
			kind: declared,
			error: isUrl
				? { code: 'broken_url', reason: `Could not download ${path} (HTTP 404)` }
				: { code: 'file_not_found', reason: `No file at ${path}` },
		};
	}
	if (DENIED_WORDS.test(path)) {
		return { kind: declared, error: { code: 'permission_denied', reason: `Access to ${path} was denied` } };
	}
	const extension = extensionOf(path);
	const fromExtension = kindOfExtension(extension);
	if (extension === '' && declared === null) {
		return {
			kind: null,
			error: { code: 'unknown_content_type', reason: `Could not tell whether ${path} is an image or a video` },
		};
	}
	if (extension !== '' && (fromExtension === null || (declared !== null && fromExtension !== declared))) {
		const wanted = declared ?? 'image or video';
		return {
			kind: declared ?? fromExtension,
			error: { code: 'unsupported_format', reason: `'.${extension}' is not a supported ${wanted} format` },
		};
	}
	const kind = (declared ?? fromExtension) as AssetKind;
	if (!allowed.includes(kind)) {
		return {
			kind,
			error: { code: 'unsupported_source_type', reason: `The dataset does not accept ${kind}s` },
		};
	}
	return { kind, error: null };
}

/** Why a CSV/JSON file or a bucket path cannot be read at all (the whole job fails); null when it can. */
export function sourceError(path: string): SourceError | null {
	if (NOT_FOUND_WORDS.test(path)) return { code: 'file_not_found', reason: `Nothing found at ${path}` };
	if (DENIED_WORDS.test(path)) return { code: 'permission_denied', reason: `Access to ${path} was denied` };
	return null;
}

/** Media kinds a simulated source holds: "video" in the path → videos, "mixed" → both, otherwise images. */
function kindsFor(path: string): AssetKind[] {
	if (/mixed/i.test(path)) return ['image', 'video'];
	if (/video/i.test(path)) return ['video'];
	return ['image'];
}

const fileName = (kind: AssetKind, stem: string, index: number) =>
	`${stem}-${String(index).padStart(3, '0')}.${kind === 'image' ? 'jpg' : 'mp4'}`;

/**
 * The media files a bucket scan finds: the bucket's simulated objects (connections/bucket.ts, the same ones the
 * connections list shows) under `prefix`, at most `maxDepth` folders below it. Files that are neither images nor
 * videos (README.txt, CSV and JSON manifests) are not ingested.
 */
export function scanBucket(bucket: string, prefix: string, maxDepth: number): string[] {
	const start = prefix.replace(/^\/+/, '');
	const normalised = start === '' || start.endsWith('/') ? start : `${start}/`;
	return bucketObjectKeys(bucket)
		.filter((key) => key.startsWith(normalised))
		.filter((key) => key.slice(normalised.length).split('/').length - 1 <= maxDepth)
		.filter((key) => kindOfExtension(extensionOf(key)) !== null)
		.map((key) => `s3://${bucket}/${key}`);
}

/** The rows of a CSV or JSON ingestion file: 3–5 URLs (the number derived from the path). */
export function simulatedFileRows(path: string): string[] {
	const kinds = kindsFor(path);
	const segment = path.split(/[?#]/)[0].replace(/\/+$/, '');
	const stem = segment.slice(segment.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '') || 'file';
	const count = 3 + (hashNumber(path) % 3);
	return Array.from(
		{ length: count },
		(_, i) => `https://cdn.example.com/${stem}/${fileName(kinds[i % kinds.length], 'row', i)}`,
	);
}

/** The file type of an ingestion file: the declared one, else from the extension; null when neither says. */
export function fileTypeOf(path: string, declared: string | undefined): 'csv' | 'json' | null {
	if (declared === 'csv' || declared === 'json') return declared;
	const extension = extensionOf(path);
	return extension === 'csv' || extension === 'json' ? extension : null;
}
