import { z } from 'zod';
import { check, fields, ge, gt, le, maxLength, minLength, pattern, type Rules } from '../contract';
import { schemas } from '../generated/schemas';
import { CONNECTION_NAME_PATTERN, CONNECTION_TYPES, type ConnectionType } from './model';

/** The most items one page of the list returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;
/** S3's own ceiling for one listing page. */
export const MAX_KEYS = 1000;

/** NOTES.md, "Identifiers and limits": connection names are 3 to 255 characters of `[a-z0-9_]`. */
const name = [minLength(3), maxLength(255), pattern(CONNECTION_NAME_PATTERN)];

/** Assumed: a hostname is a bare host (not empty, no scheme). */
const hostname = check((value: string) =>
	!value.trim()
		? 'hostname must not be empty'
		: /^[a-z]+:\/\//i.test(value)
			? 'hostname must not include a scheme such as https://'
			: undefined,
);

const IAM_ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

/** The document's create request of each kind of connection, with the sandbox's rules on its config. */
const VARIANTS = {
	https_basic: fields(schemas['connections:CreateHTTPSBasicAuthConnectionRequest'], {
		name,
		// Assumed: user name and password are not empty.
		config: (config) => fields(config, { hostname: [hostname], username: [minLength(1)], password: [minLength(1)] }),
	}),
	https_bearer: fields(schemas['connections:CreateHTTPSBearerAuthConnectionRequest'], {
		name,
		config: (config) =>
			fields(config, {
				hostname: [hostname],
				bearer_token: [
					minLength(1),
					// Deliberately careless, like a service whose validator quotes the input: the node must scrub it.
					check((token: string) =>
						/\s/.test(token) ? `bearer token '${token}' must not contain whitespace` : undefined,
					),
				],
			}),
	}),
	aws_iam_role: fields(schemas['connections:CreateAWSConnectionRequest'], {
		name,
		config: (config) =>
			fields(config, {
				// Assumed: an IAM role ARN (arn:aws:iam::<12 digits>:role/<name>).
				iam_role_arn: [
					check((arn: string) =>
						IAM_ROLE_ARN.test(arn)
							? undefined
							: 'iam_role_arn is not an IAM role ARN (arn:aws:iam::<account>:role/<name>)',
					),
				],
				// Assumed: the scope defaults to s3 (the document gives no default).
				scope: (field) => field.unwrap().default('s3'),
				// Assumed: a bucket name is not empty; sessions last 60 to 3600 seconds (the document's default is 3600).
				bucket_name: [minLength(1)],
				session_ttl_seconds: [ge(60), le(3600)],
			}),
	}),
} satisfies Record<ConnectionType, z.ZodTypeAny>;

/** The create request the body means: its `type` when valid, else the kind its config keys point to. */
export function variantOf(body: unknown): ConnectionType | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const { type, config } = body as { type?: unknown; config?: unknown };
	if (typeof type === 'string' && (CONNECTION_TYPES as readonly string[]).includes(type)) return type as ConnectionType;
	if (!config || typeof config !== 'object') return undefined;
	if ('iam_role_arn' in config) return 'aws_iam_role';
	if ('bearer_token' in config) return 'https_bearer';
	if ('password' in config || 'username' in config) return 'https_basic';
	return undefined;
}

/** A body that names no kind: its other fields checked as usual, its config refused. */
const UNKNOWN_KIND = fields(schemas['connections:CreateHTTPSBasicAuthConnectionRequest'], {
	name,
	config: () =>
		z.unknown().superRefine((_value, ctx) =>
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				params: {
					type: 'value_error',
					msg: `Value error, config matches none of ${CONNECTION_TYPES.join(', ')}; give a type`,
				},
			}),
		),
});

/**
 * The document's create request is a union of three kinds; the sandbox reads the one the body means (by `type`, or
 * by its config's keys), so a 422 names the fields of that kind rather than every kind's.
 */
export const createConnection = {
	body: () =>
		z.unknown().transform((raw, ctx) => {
			const kind = variantOf(raw);
			const parsed = (kind ? VARIANTS[kind] : UNKNOWN_KIND).safeParse(raw);
			if (parsed.success) return parsed.data as z.output<(typeof VARIANTS)[ConnectionType]>;
			for (const issue of parsed.error.issues) ctx.addIssue(issue);
			return z.NEVER;
		}),
} satisfies Rules<'create-connection-api-v-0-connections-post'>;

export const updateConnection = {
	body: (body) => fields(body, { name }),
} satisfies Rules<'update-connection-api-v-0-connections-connection-name-or-id-patch'>;

/** Assumed: offset is not negative and limit greater than 0 (the document gives only the defaults). */
export const listConnections = {
	query: (query) => fields(query, { offset: [ge(0)], limit: [gt(0)] }),
} satisfies Rules<'list-connections-api-v-0-connections-get'>;

/** sandbox/README.md, Connections: a test without a body uses the defaults (every field of the body has one). */
export const testConnection = {
	absentBody: {},
} satisfies Rules<'test-connection-api-v-0-connections-connection-name-or-id-test-post'>;

/** Assumed: a bucket is named, and a listing page holds at least one key. */
export const listWithConnection = {
	body: (body) => fields(body, { bucket: [minLength(1)], max_keys: [gt(0)] }),
} satisfies Rules<'list-with-connection-api-v-0-connections-connection-name-or-id-list-post'>;
