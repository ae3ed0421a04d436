import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteConnection from './delete.operation';
import * as get from './get.operation';
import * as getCredentials from './getCredentials.operation';
import * as getMany from './getMany.operation';
import * as listBucket from './listBucket.operation';
import * as test from './test.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteConnection, get, getCredentials, getMany, listBucket, test, update };

export const description = resourceDescription('connection', operations, {
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Register a connection to external storage',
			action: 'Create a connection',
		},
		{ name: 'Delete', value: 'delete', description: 'Delete a connection', action: 'Delete a connection' },
		{ name: 'Get', value: 'get', description: 'Get a connection by name or ID', action: 'Get a connection' },
		{ name: 'Get Many', value: 'getMany', description: 'List connections', action: 'Get many connections' },
		{
			name: 'Get Many Bucket Objects',
			value: 'listBucket',
			description: "List the objects and folders under a prefix of a bucket, with the connection's access",
			action: 'Get many bucket objects with a connection',
		},
		{
			name: 'Get Temporary Credentials',
			value: 'getCredentials',
			description: 'Get short-lived credentials for the bucket of an AWS IAM role connection',
			action: 'Get temporary credentials of a connection',
		},
		{
			name: 'Test',
			value: 'test',
			description: 'Check that the service can reach the storage',
			action: 'Test a connection',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Rename a connection or change its description',
			action: 'Update a connection',
		},
	],
	default: 'getMany',
});
