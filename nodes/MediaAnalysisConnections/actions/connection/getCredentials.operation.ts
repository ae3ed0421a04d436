import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { connectionLocator } from '../../../shared/descriptions';
import { notice } from '../../../shared/node';
import { connectionParams } from './fields';

export const option = {
	name: 'Get Temporary Credentials',
	description: 'Get short-lived credentials for the bucket of an AWS IAM role connection',
	action: 'Get temporary credentials of a connection',
};

export const description: INodeProperties[] = [
	notice(
		'secretsNotice',
		'The output holds a secret key and a session token: every node after this one, and a model when this node is an AI tool, sees them',
	),
	connectionLocator({
		description:
			'An AWS IAM role connection that is ready. The credentials are output as the service issues them; treat the output as secret.',
	}),
];

export const toolDescription =
	'Gets short-lived AWS credentials (access key, secret key, session token) for the bucket of an AWS IAM role connection. Needs the connection (its name or ID). Returns secrets: use it only when the user asks for credentials.';

/** Output by design (the user asked for them); the transport never logs bodies, so they reach no log or error. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = connectionParams(item);
	return await run.call('connections.getConnectionCredentials', { params, itemIndex });
}
