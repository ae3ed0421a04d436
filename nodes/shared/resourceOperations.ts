import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './router';

/**
 * A resource's parameters: its Operation dropdown (`field`, shown for this resource) and then those of its
 * operations, in the order `operations` lists them, each shown for this resource and its operation (its key).
 */
export function resourceDescription(
	resource: string,
	operations: Record<string, Operation>,
	field: INodeProperties,
): INodeProperties[] {
	return [
		{ ...field, displayOptions: { show: { resource: [resource] } } },
		...Object.entries(operations).flatMap(([name, operation]) =>
			updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, operation.description),
		),
	];
}
