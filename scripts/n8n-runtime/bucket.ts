/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The customer's bucket for the Packages example: an S3-compatible server (s3rver, a devDependency) on 127.0.0.1,
 * started by `npm start` and the e2e tests and always stopped by them, with an n8n AWS credential that points n8n's
 * own S3 node at it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CredentialJson } from './instance';

/** The part of s3rver 3.7 used here (it ships no types). */
interface S3rverServer {
	run(): Promise<{ port: number }>;
	close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

/**
 * n8n's S3 node sends a request to a custom S3 endpoint only for bucket names with a dot (path-style, the bucket in
 * the path); other names go to <bucket>.s3.<region>.amazonaws.com whatever the credential says. Hence the dot.
 */
export const EXPORT_BUCKET = 'customer.media-exports';
/** s3rver's own account: it checks every request's AWS signature against these. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export const BUCKET_CREDENTIAL_ID = 'maBucketCred0001';
export const BUCKET_CREDENTIAL_NAME = 'Package exports bucket (local S3)';

export interface BucketServer {
	/** http://127.0.0.1:<port>, the credential's S3 endpoint. */
	url: string;
	bucket: string;
	/** Files as the bucket holds them, read over S3 with the same signature n8n uses. */
	keys(prefix?: string): Promise<string[]>;
	read(key: string): Promise<string>;
	close(): Promise<void>;
}

/** An n8n AWS credential for the local bucket: custom endpoints on, the S3 endpoint the server's address. */
export function bucketCredential(url: string): CredentialJson {
	return {
		id: BUCKET_CREDENTIAL_ID,
		name: BUCKET_CREDENTIAL_NAME,
		type: 'aws',
		data: {
			region: 'us-east-1',
			accessKeyId: ACCESS_KEY,
			secretAccessKey: SECRET_KEY,
			temporaryCredentials: false,
			customEndpoints: true,
			s3Endpoint: url,
		},
	};
}

/** Starts s3rver on 127.0.0.1 (an ephemeral port unless one is given) with the export bucket, in a folder of its own. */
export async function startBucketServer(options: { port?: number; directory?: string } = {}): Promise<BucketServer> {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver is CommonJS without types
	const S3rver = require('s3rver') as S3rverClass;
	const scratch = options.directory === undefined;
	const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'media-analysis-bucket-'));
	mkdirSync(directory, { recursive: true });
	const server = new S3rver({
		address: '127.0.0.1',
		port: options.port ?? 0,
		silent: true,
		directory,
		// Path-style only: the bucket is in the path, never in the host name.
		vhostBuckets: false,
		configureBuckets: [{ name: EXPORT_BUCKET }],
	});
	const { port } = await server.run();
	const url = `http://127.0.0.1:${port}`;
	const objectUrl = (key: string) => `${url}/${EXPORT_BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`;
	// The test reads the bucket anonymously (s3rver allows requests without an Authorization header), so
	// what it sees does not depend on n8n's signing.
	const fetchText = async (target: string) => {
		const answer = await fetch(target, { signal: AbortSignal.timeout(10_000) });
		if (!answer.ok) throw new Error(`The local bucket answered ${answer.status} for ${target}`);
		return await answer.text();
	};
	return {
		url,
		bucket: EXPORT_BUCKET,
		async keys(prefix = '') {
			const xml = await fetchText(`${url}/${EXPORT_BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
			return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]).sort();
		},
		read: async (key) => await fetchText(objectUrl(key)),
		async close() {
			await server.close();
			if (scratch) rmSync(directory, { recursive: true, force: true });
		},
	};
}
