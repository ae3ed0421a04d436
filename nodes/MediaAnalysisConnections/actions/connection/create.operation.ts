import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { AWSIAMRoleConfig, ConnectionType } from '../../../shared/schemas.generated';
import { type RequestOf } from '../../../shared/endpoints';
import { CONNECTION_TYPES, redactConnection } from './fields';
import { choice, collection, numberField, textField } from '../../../shared/descriptions';

const showFor = (type: ConnectionType) => ({ show: { type: [type] } });

/** The service's bounds of session_ttl_seconds. */
const SESSION_TTL = { min: 60, max: 3600 };

const hostnameField = textField(
	'Hostname',
	'hostname',
	'e.g. media.example.com',
	'The host to connect to, without https://',
	{ required: true },
);

/** A required text parameter without example; `password`: typed hidden, as a secret. */
const requiredText = (displayName: string, name: string, password = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	...(password ? { typeOptions: { password } } : {}),
	required: true,
	default: '',
});

export const option = {
	name: 'Create',
	description: 'Register a connection to external storage',
	action: 'Create a connection',
};

export const description: INodeProperties[] = [
	textField(
		'Name',
		'name',
		'e.g. product_bucket',
		'3 to 255 lowercase letters, digits and underscores; unique in your organization',
		{ required: true },
	),
	choice('Type', 'type', CONNECTION_TYPES, 'aws_iam_role'),
	...updateDisplayOptions(showFor('aws_iam_role'), [
		textField(
			'IAM Role ARN',
			'iamRoleArn',
			'e.g. arn:aws:iam::123456789012:role/media-analysis-reader',
			'The role the service assumes to read your storage',
			{ required: true },
		),
		choice(
			'Scope',
			'scope',
			[
				{ name: 'Bedrock', value: 'bedrock' },
				{ name: 'S3', value: 's3' },
			],
			's3',
			'What the role is used for',
		),
		textField('Bucket Name', 'bucketName', 'e.g. product-media', 'The S3 bucket this connection is for (optional)'),
		numberField(
			'Session Duration (Seconds)',
			'sessionTtlSeconds',
			SESSION_TTL.max,
			'How long temporary credentials of this connection stay valid (60 to 3600)',
			{ minValue: SESSION_TTL.min, maxValue: SESSION_TTL.max },
		),
	]),
	...updateDisplayOptions(showFor('https_basic'), [
		hostnameField,
		requiredText('Username', 'username'),
		requiredText('Password', 'password', true),
	]),
	...updateDisplayOptions(showFor('https_bearer'), [hostnameField, requiredText('Bearer Token', 'bearerToken', true)]),
	collection('Additional Fields', 'additionalFields', 'Add Field', [
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
		},
		textField(
			'Test Location',
			'testLocation',
			'e.g. /images/',
			'Test the connection here right away, so it comes back ready (or in error) instead of pending',
		),
	]),
];

const IAM_ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

function readHostname(item: Item): string {
	const hostname = item.notEmpty(item.param('hostname', ''), 'Hostname');
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(hostname)) {
		throw item.invalid(
			'Hostname',
			`"${hostname}" includes a scheme`,
			'Give the host name only, e.g. media.example.com (no https://).',
		);
	}
	return hostname;
}

/** The config of the chosen type, checked before sending. Secrets are read here and sent, never output or logged. */
function configFor(item: Item, type: ConnectionType): RequestOf<'connections.createConnection'>['config'] {
	const text = (parameter: string, label: string) => item.notEmpty(item.param(parameter, ''), label);
	if (type === 'https_basic') {
		return {
			hostname: readHostname(item),
			username: text('username', 'Username'),
			password: text('password', 'Password'),
		};
	}
	if (type === 'https_bearer')
		return { hostname: readHostname(item), bearer_token: text('bearerToken', 'Bearer Token') };
	const arn = text('iamRoleArn', 'IAM Role ARN');
	if (!IAM_ROLE_ARN.test(arn)) {
		throw item.invalid(
			'IAM Role ARN',
			`"${arn}" is not an IAM role ARN`,
			'Copy the role ARN from the AWS console, e.g. arn:aws:iam::123456789012:role/media-analysis-reader.',
		);
	}
	const config: AWSIAMRoleConfig = {
		iam_role_arn: arn,
		scope: item.param<AWSIAMRoleConfig['scope']>('scope', 's3'),
		session_ttl_seconds: item.range(
			item.param('sessionTtlSeconds', SESSION_TTL.max),
			'Session Duration (Seconds)',
			SESSION_TTL,
		),
	};
	const bucket = item.param('bucketName', '').trim();
	if (bucket) config.bucket_name = bucket;
	return config;
}

/** The secrets typed into this item, so the transport can scrub them from any error answer. */
function secretsOf(config: RequestOf<'connections.createConnection'>['config']): string[] {
	return Object.entries(config)
		.filter(([key, value]) => /password|token|secret/i.test(key) && typeof value === 'string' && value !== '')
		.map(([, value]) => value as string);
}

export const toolDescription =
	'Registers a connection to external storage (an AWS IAM role for S3, or an HTTPS server with a user name and password or a bearer token), so the service can ingest files from it. Needs a name of lowercase letters, digits and underscores, the type and its settings. Returns the connection with its connection_id and status.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const name = item.connectionName(item.param('name'), 'Name');
	const type = item.param<ConnectionType>('type');
	const config = configFor(item, type);
	const fields = item.options('additionalFields');
	const body = { name, type, config } as RequestOf<'connections.createConnection'>;
	if (typeof fields.description === 'string' && fields.description.trim()) body.description = fields.description.trim();
	if (typeof fields.testLocation === 'string' && fields.testLocation.trim())
		body.test_location = fields.testLocation.trim();
	const connection = await run.call('connections.createConnection', { body, secrets: secretsOf(config), itemIndex });
	return redactConnection(connection);
}
