import type { INodeProperties } from 'n8n-workflow';

import { choice, collection, connectionLocator } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import { notice } from '../../shared/node';

/** Assets per request: the service's cap for `/ingestion/assets` and deletes, used for images and videos too. */
export const MAX_ASSETS_PER_REQUEST = 100;

/** The Options of a create: the Connection (by name: `connection_name` takes names) and what `more` adds. */
export function createOptions(connectionDescription: string, more: INodeProperties[] = []): INodeProperties {
	const options = [
		connectionLocator({ required: false, description: connectionDescription }, { byId: false }),
		...more,
	];
	return collection(
		'Options',
		'options',
		'Add option',
		options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	);
}

/** Filters › Status of the asset status lists: the service's EventFilter (completed, error, or anything not settled). */
export const assetStatusFilter: INodeProperties = choice(
	'Status',
	'status',
	[
		{ name: 'Completed', value: 'completed', description: 'Ready to search' },
		{ name: 'Error', value: 'error', description: 'Failed to ingest; the error code says why' },
		{ name: 'In Progress', value: 'in_progress', description: 'Not finished yet' },
	],
	'error',
	'Return only the assets in this state',
);

/** Whether an asset is in the state Filters › Status names (`in_progress`: neither completed nor failed). */
export function inStatus(filter: string): (asset: { status?: unknown }) => boolean {
	if (filter === 'in_progress') return (asset) => asset.status !== 'completed' && asset.status !== 'error';
	return (asset) => asset.status === filter;
}

/** Options › Connection, by name: null when none is set. */
export function getConnectionName(item: Item): string | null {
	const value = item.param('options.connection', '', { extractValue: true });
	const text = typeof value === 'string' ? value.trim() : value;
	if (text === '' || text === undefined || text === null) return null;
	return item.connectionName(text, 'Connection');
}

export function ingestNotice(what: string): INodeProperties {
	const text = `Each run ingests ${what}; processing each one counts toward your organization's use of the service.`;
	return notice('ingestNotice', text);
}

export const waitForCompletionNotice = notice(
	'waitForCompletionNotice',
	'Waiting for an ingestion this workflow starts? Turn on Wait for Completion in the Job → Create operation instead: each asset then comes out as its own item with its asset_id, status and error_code.',
);
