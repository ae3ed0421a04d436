/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { z } from 'zod';
import { stableUuid } from '../assets/model';
import { schemas } from '../generated/schemas';
import { parseUuid } from '../validation';

/**
 * Connections to external object storage. One organization per sandbox: every principal sees the same
 * connections. Ingestion reads them through `findConnection` (bucket and file ingestion name a connection).
 */
export const CONNECTION_TYPES = schemas['connections:ConnectionType'].options;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export type ConnectionStatus = z.output<(typeof schemas)['connections:ConnectionStatus']>;
type AwsScope = z.output<(typeof schemas)['connections:AWSIAMRoleScope']>;

/** NOTES.md, "Identifiers and limits": connection names are 3 to 255 characters, lowercase alphanumeric and underscores. */
export const CONNECTION_NAME_PATTERN = /^[a-z0-9_]+$/;

/** What the sandbox answers in place of a stored password or bearer token. */
export const MASKED_SECRET = '********';

export type ConnectionConfig =
	| { type: 'https_basic'; hostname: string; username: string; password: string }
	| { type: 'https_bearer'; hostname: string; bearer_token: string }
	| {
			type: 'aws_iam_role';
			iam_role_arn: string;
			scope: AwsScope;
			bucket_name: string | null;
			session_ttl_seconds: number;
	  };

export interface ConnectionRecord {
	id: string;
	name: string;
	description: string | null;
	config: ConnectionConfig;
	status: ConnectionStatus;
	/** Why the last test failed; kept for the sandbox's own error messages. */
	lastError: string | null;
	createdAt: number;
	updatedAt: number;
	/** How many temporary credentials were issued, so each issue differs. */
	credentialsIssued: number;
}

/** State and knobs of the connections area, on `SandboxStore.connections`. */
export class ConnectionsArea {
	readonly records = new Map<string, ConnectionRecord>();
	/** A pending connection (created without test_location) settles this long after creation, on the sandbox clock. */
	settleMs = DEFAULT_SETTLE_MS;
	/**
	 * Answer stored passwords and bearer tokens verbatim instead of masked, like a careless service would; tests
	 * use it to prove that the node redacts them anyway.
	 */
	echoSecrets = false;

	reset(): void {
		this.records.clear();
		for (const record of seedConnections()) this.records.set(record.id, record);
		this.settleMs = DEFAULT_SETTLE_MS;
		this.echoSecrets = false;
	}

	/** Passwords and bearer tokens, masked in the request log. */
	secrets(): string[] {
		const secrets: string[] = [];
		for (const { config } of this.records.values()) {
			if (config.type === 'https_basic') secrets.push(config.password);
			if (config.type === 'https_bearer') secrets.push(config.bearer_token);
		}
		return secrets;
	}
}

export const DEFAULT_SETTLE_MS = 3000;

/**
 * Finds a connection by name or UUID, as `connection_name_or_id` paths and `connection_name` fields do. Pass the
 * sandbox clock's `now()` to settle a pending connection whose time has come (see `settle`).
 */
export function findConnection(
	store: { connections: ConnectionsArea },
	nameOrId: string,
	now?: number,
): ConnectionRecord | undefined {
	const id = parseUuid(nameOrId);
	const record = id
		? store.connections.records.get(id)
		: [...store.connections.records.values()].find((connection) => connection.name === nameOrId);
	if (record && now !== undefined) settle(record, now, store.connections.settleMs);
	return record;
}

/** What testing a connection finds, deterministically: anything named "broken" fails. */
export function testOutcome(
	config: ConnectionConfig,
	location: string,
): { status: 'ready' | 'error'; error: string | null } {
	const target = config.type === 'aws_iam_role' ? (config.bucket_name ?? '') : config.hostname;
	if (/broken/i.test(target)) {
		return { status: 'error', error: `access to '${target}' was denied` };
	}
	if (/broken/i.test(location)) {
		return { status: 'error', error: `location '${location}' could not be read` };
	}
	return { status: 'ready', error: null };
}

/** A pending connection is tested at '/' once `settleMs` have passed since creation. */
export function settle(record: ConnectionRecord, now: number, settleMs: number): void {
	if (record.status !== 'pending' || now < record.createdAt + settleMs) return;
	const outcome = testOutcome(record.config, '/');
	record.status = outcome.status;
	record.lastError = outcome.error;
	record.updatedAt = record.createdAt + settleMs;
}

/** `connections:GetConnectionResponse`; secrets masked unless the area echoes them. */
export function toConnectionResponse(record: ConnectionRecord, echoSecrets: boolean, status = record.status) {
	const { type, ...settings } = record.config;
	const config: Record<string, unknown> = { ...settings };
	if (!echoSecrets) {
		if ('password' in config) config.password = MASKED_SECRET;
		if ('bearer_token' in config) config.bearer_token = MASKED_SECRET;
	}
	return {
		connection_id: record.id,
		name: record.name,
		description: record.description,
		type,
		status,
		config,
		created_dt: new Date(record.createdAt).toISOString(),
		updated_dt: new Date(record.updatedAt).toISOString(),
	};
}

export function compareConnections(a: ConnectionRecord, b: ConnectionRecord): number {
	return a.createdAt - b.createdAt || a.name.localeCompare(b.name);
}

export const SEED_CONNECTION_NAMES = {
	s3: 'demo_s3',
	https: 'demo_https',
	broken: 'demo_broken_bucket',
} as const;

export const SEED_CONNECTION_IDS = {
	s3: stableUuid('connection:demo_s3'),
	https: stableUuid('connection:demo_https'),
	broken: stableUuid('connection:demo_broken_bucket'),
} as const;

/** The bucket of the seeded `demo_s3` connection; its contents come from `bucket.ts` like any bucket's. */
export const SEED_BUCKET = 'demo-media-bucket';

// A fake password, long and distinctive so that tests can search any output for it.
export const SEED_HTTPS_PASSWORD = 'sandbox-fake-conn-pw-Qm4Lr8Zt2Vx6Nc0Hb3Kd';

function seedConnections(): ConnectionRecord[] {
	const at = (iso: string) => Date.parse(iso);
	return [
		{
			id: SEED_CONNECTION_IDS.s3,
			name: SEED_CONNECTION_NAMES.s3,
			description: 'Demo media bucket',
			config: {
				type: 'aws_iam_role',
				iam_role_arn: 'arn:aws:iam::123456789012:role/media-analysis-demo',
				scope: 's3',
				bucket_name: SEED_BUCKET,
				session_ttl_seconds: 3600,
			},
			status: 'ready',
			lastError: null,
			createdAt: at('2026-02-01T10:00:00Z'),
			updatedAt: at('2026-02-01T10:00:00Z'),
			credentialsIssued: 0,
		},
		{
			id: SEED_CONNECTION_IDS.https,
			name: SEED_CONNECTION_NAMES.https,
			description: null,
			config: { type: 'https_basic', hostname: 'media.example.com', username: 'demo', password: SEED_HTTPS_PASSWORD },
			status: 'ready',
			lastError: null,
			createdAt: at('2026-02-02T10:00:00Z'),
			updatedAt: at('2026-02-02T10:00:00Z'),
			credentialsIssued: 0,
		},
		{
			id: SEED_CONNECTION_IDS.broken,
			name: SEED_CONNECTION_NAMES.broken,
			description: 'Always fails its test',
			config: {
				type: 'aws_iam_role',
				iam_role_arn: 'arn:aws:iam::123456789012:role/media-analysis-broken',
				scope: 's3',
				bucket_name: 'broken-bucket',
				session_ttl_seconds: 900,
			},
			status: 'error',
			lastError: "access to 'broken-bucket' was denied",
			createdAt: at('2026-02-03T10:00:00Z'),
			updatedAt: at('2026-02-03T10:00:00Z'),
			credentialsIssued: 0,
		},
	];
}
