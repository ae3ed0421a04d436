import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { connectionLocator } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { connectionParams } from './fields';

const properties: INodeProperties[] = [
	connectionLocator({
		description: 'An AWS IAM role connection that is ready. The credentials are output as the service issues them; treat the output as secret.',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['connection'], operation: ['getCredentials'] } },
	properties,
);

/** Output by design (the user asked for them); the transport never logs bodies, so they reach no log or error. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = connectionParams.call(this, itemIndex);
	return await callEndpoint(this, 'get-connection-credentials-api-v-0-connections-connection-name-or-id-credentials-get', { params, itemIndex });
}
