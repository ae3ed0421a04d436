import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** The service's EventFilter: completed, error, or still in progress (anything not yet settled). */
export const assetStatusFilter: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{ name: 'Completed', value: 'completed', description: 'Ready to search' },
		{ name: 'Error', value: 'error', description: 'Failed to ingest; the error code says why' },
		{ name: 'In Progress', value: 'in_progress', description: 'Not finished yet' },
	],
	default: 'error',
	description: 'Return only the assets in this state',
};

/** Query parameters from a filters collection: `filter` when a status is chosen. */
export function statusQuery(filters: IDataObject): IDataObject {
	return filters.status ? { filter: filters.status } : {};
}
