import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import type { AWSIAMRoleConfig, ConnectionType } from '../../../shared/schemas.generated';
import { type RequestOf } from '../../../shared/endpoints';
import { assertConnectionName, assertNotEmpty, assertRange, invalidParameter } from '../../../shared/validation';
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

function assertHostname(this: IExecuteFunctions, itemIndex: number): string {
	const hostname = assertNotEmpty.call(this, this.getNodeParameter('hostname', itemIndex, ''), 'Hostname', itemIndex);
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(hostname)) {
		throw invalidParameter.call(
			this,
			'Hostname',
			itemIndex,
			`"${hostname}" includes a scheme`,
			'Give the host name only, e.g. media.example.com (no https://).',
		);
	}
	return hostname;
}

/** The config of the chosen type, checked before sending. Secrets are read here and sent, never output or logged. */
function configFor(
	this: IExecuteFunctions,
	type: ConnectionType,
	itemIndex: number,
): RequestOf<'connections.createConnection'>['config'] {
	if (type === 'https_basic') {
		return {
			hostname: assertHostname.call(this, itemIndex),
			username: assertNotEmpty.call(this, this.getNodeParameter('username', itemIndex, ''), 'Username', itemIndex),
			password: assertNotEmpty.call(this, this.getNodeParameter('password', itemIndex, ''), 'Password', itemIndex),
		};
	}
	if (type === 'https_bearer') {
		return {
			hostname: assertHostname.call(this, itemIndex),
			bearer_token: assertNotEmpty.call(
				this,
				this.getNodeParameter('bearerToken', itemIndex, ''),
				'Bearer Token',
				itemIndex,
			),
		};
	}
	const arn = assertNotEmpty.call(this, this.getNodeParameter('iamRoleArn', itemIndex, ''), 'IAM Role ARN', itemIndex);
	if (!IAM_ROLE_ARN.test(arn)) {
		throw invalidParameter.call(
			this,
			'IAM Role ARN',
			itemIndex,
			`"${arn}" is not an IAM role ARN`,
			'Copy the role ARN from the AWS console, e.g. arn:aws:iam::123456789012:role/media-analysis-reader.',
		);
	}
	const config: AWSIAMRoleConfig = {
		iam_role_arn: arn,
		scope: this.getNodeParameter('scope', itemIndex, 's3') as AWSIAMRoleConfig['scope'],
		session_ttl_seconds: assertRange.call(
			this,
			this.getNodeParameter('sessionTtlSeconds', itemIndex, 3600),
			'Session Duration (Seconds)',
			itemIndex,
			{ min: 60, max: 3600 },
		),
	};
	const bucket = (this.getNodeParameter('bucketName', itemIndex, '') as string).trim();
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

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const name = assertConnectionName.call(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex);
	const type = this.getNodeParameter('type', itemIndex) as ConnectionType;
	const config = configFor.call(this, type, itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = { name, type, config } as RequestOf<'connections.createConnection'>;
	if (typeof fields.description === 'string' && fields.description.trim()) body.description = fields.description.trim();
	if (typeof fields.testLocation === 'string' && fields.testLocation.trim())
		body.test_location = fields.testLocation.trim();
	const connection = await run.call('connections.createConnection', {
		body,
		secrets: secretsOf(config),
		itemIndex,
	});
	return redactConnection(connection);
}
