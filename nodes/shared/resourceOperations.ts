import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './router';

const OPERATION = { displayName: 'Operation', name: 'operation' };

/**
 * A resource's parameters: its Operation dropdown (`field`: its options and default; shown for this resource) and
 * then those of its operations, in the order `operations` lists them, each shown for this resource and operation.
 */
export function resourceDescription(
	resource: string,
	operations: Record<string, Operation>,
	field: Pick<INodeProperties, 'options' | 'default'> & Partial<INodeProperties>,
): INodeProperties[] {
	return [
		{
			...OPERATION,
			type: 'options',
			noDataExpression: true,
			...field,
			displayOptions: { show: { resource: [resource] } },
		},
		...Object.entries(operations).flatMap(([name, operation]) =>
			updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, operation.description),
		),
	];
}
