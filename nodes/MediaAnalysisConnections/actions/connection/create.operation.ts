import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { AWSIAMRoleConfig, ConnectionType } from '../../../shared/schemas.generated';
import { type RequestOf } from '../../../shared/endpoints';
import { redactConnection } from './fields';
import { collection, textField } from '../../../shared/descriptions';

const showFor = (type: ConnectionType) => ({ displayOptions: { show: { type: [type] } } });

const hostnameField = (type: ConnectionType): INodeProperties => ({
	displayName: 'Hostname',
	name: 'hostname',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. media.example.com',
	description: 'The host to connect to, without https://',
	...showFor(type),
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
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{
				name: 'AWS IAM Role',
				value: 'aws_iam_role',
				description: 'The service assumes an IAM role of your AWS account',
			},
			{ name: 'HTTPS Basic Auth', value: 'https_basic', description: 'A host reached with a username and password' },
			{ name: 'HTTPS Bearer Token', value: 'https_bearer', description: 'A host reached with a bearer token' },
		],
		default: 'aws_iam_role',
	},
	{
		displayName: 'IAM Role ARN',
		name: 'iamRoleArn',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. arn:aws:iam::123456789012:role/media-analysis-reader',
		description: 'The role the service assumes to read your storage',
		...showFor('aws_iam_role'),
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{ name: 'Bedrock', value: 'bedrock' },
			{ name: 'S3', value: 's3' },
		],
		default: 's3',
		description: 'What the role is used for',
		...showFor('aws_iam_role'),
	},
	{
		...textField('Bucket Name', 'bucketName', 'e.g. product-media', 'The S3 bucket this connection is for (optional)'),
		...showFor('aws_iam_role'),
	},
	{
		displayName: 'Session Duration (Seconds)',
		name: 'sessionTtlSeconds',
		type: 'number',
		default: 3600,
		typeOptions: { minValue: 60, maxValue: 3600 },
		description: 'How long temporary credentials of this connection stay valid (60 to 3600)',
		...showFor('aws_iam_role'),
	},
	hostnameField('https_basic'),
	{
		displayName: 'Username',
		name: 'username',
		type: 'string',
		required: true,
		default: '',
		...showFor('https_basic'),
	},
	{
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		...showFor('https_basic'),
	},
	hostnameField('https_bearer'),
	{
		displayName: 'Bearer Token',
		name: 'bearerToken',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		...showFor('https_bearer'),
	},
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
		session_ttl_seconds: item.range(item.param('sessionTtlSeconds', 3600), 'Session Duration (Seconds)', {
			min: 60,
			max: 3600,
		}),
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
