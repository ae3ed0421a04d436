import { z } from 'zod';
import { integerString, patternString, queryParam, uuidString, valueError } from '../validation';
import { AWS_SCOPES, CONNECTION_NAME_PATTERN, CONNECTION_STATUSES, CONNECTION_TYPES } from './model';

/** The most items one page of the list returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;
/** S3's own ceiling for one listing page. */
export const MAX_KEYS = 1000;

const connectionName = z.string().min(3).max(255).pipe(patternString(CONNECTION_NAME_PATTERN));

export const connectionPath = z.object({ connection_name_or_id: z.string().min(1) });

const hostname = z.string().superRefine((value, ctx) => {
	if (!value.trim()) valueError(ctx, 'hostname must not be empty');
	else if (/^[a-z]+:\/\//i.test(value)) valueError(ctx, 'hostname must not include a scheme such as https://');
});

const basicConfig = z.object({ hostname, username: z.string().min(1), password: z.string().min(1) });

const bearerConfig = z.object({
	hostname,
	bearer_token: z
		.string()
		.min(1)
		.superRefine((token, ctx) => {
			// Deliberately careless, like a service whose validator quotes the input: the node must scrub it.
			if (/\s/.test(token)) valueError(ctx, `bearer token '${token}' must not contain whitespace`);
		}),
});

const IAM_ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

const awsConfig = z.object({
	iam_role_arn: z.string().superRefine((arn, ctx) => {
		if (!IAM_ROLE_ARN.test(arn)) valueError(ctx, 'iam_role_arn is not an IAM role ARN (arn:aws:iam::<account>:role/<name>)');
	}),
	scope: z.enum(AWS_SCOPES).default('s3'),
	bucket_name: z.string().min(1).nullable().optional(),
	session_ttl_seconds: z.number().int().min(60).max(3600).default(3600),
});

const common = {
	name: connectionName,
	description: z.string().nullable().optional(),
	test_location: z.string().nullable().optional(),
};

/** `connections:Connections_create_connection_api_v0_connections_post_Request` for one variant of `config`. */
export function createConnectionBody(type: (typeof CONNECTION_TYPES)[number] | undefined) {
	const config = type
		? configSchemaFor(type)
		: z.unknown().superRefine((_value, ctx) =>
				valueError(ctx, `config matches none of ${CONNECTION_TYPES.join(', ')}; give a type`),
			);
	return z.object({ ...common, type: z.enum(CONNECTION_TYPES).optional(), config });
}

function configSchemaFor(type: (typeof CONNECTION_TYPES)[number]) {
	if (type === 'https_basic') return basicConfig;
	if (type === 'https_bearer') return bearerConfig;
	return awsConfig;
}

/** The variant a create request means: its `type` when valid, else the one its config keys point to. */
export function variantOf(body: unknown): (typeof CONNECTION_TYPES)[number] | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const { type, config } = body as { type?: unknown; config?: unknown };
	if (typeof type === 'string' && (CONNECTION_TYPES as readonly string[]).includes(type)) {
		return type as (typeof CONNECTION_TYPES)[number];
	}
	if (!config || typeof config !== 'object') return undefined;
	if ('iam_role_arn' in config) return 'aws_iam_role';
	if ('bearer_token' in config) return 'https_bearer';
	if ('password' in config || 'username' in config) return 'https_basic';
	return undefined;
}

export const updateConnectionBody = z.object({
	name: connectionName,
	description: z.string().nullable().optional(),
});

export const listConnectionsQuery = z.object({
	status: queryParam.optional(z.enum(CONNECTION_STATUSES)),
	connection_type: queryParam.optional(z.enum(CONNECTION_TYPES)),
	offset: queryParam.withDefault(integerString({ min: 0 }), 0),
	limit: queryParam.withDefault(integerString({ greaterThan: 0 }), MAX_PAGE_SIZE),
});

/** The optional GET body of the list: connection UUIDs, or null. */
export const listConnectionsBody = z.array(uuidString()).nullable();

export const testConnectionBody = z.object({
	location: z.string().default('/'),
	update_state: z.boolean().default(true),
});

export const listWithConnectionBody = z.object({
	bucket: z.string().min(1),
	prefix: z.string(),
	max_keys: z.number().int().gt(0).default(MAX_KEYS),
	continuation_token: z.string().nullable().optional(),
});
