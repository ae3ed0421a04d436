import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { connectionLocator } from '../../shared/descriptions';
import { assertConnectionName } from '../../shared/validation';

/** Assets per request: the service's cap for `/ingestion/assets` and deletes, used for images and videos too. */
export const MAX_ASSETS_PER_REQUEST = 100;

/** The connection of an ingestion (sent as `connection_name`, which takes names). */
export function ingestionConnection(required: boolean, description: string): INodeProperties {
	return connectionLocator({ required, description }, { byId: false });
}

/** The connection name for one item, or null when the optional connection is left empty. */
export function getConnectionName(this: IExecuteFunctions, itemIndex: number, required: boolean): string | null {
	const value = this.getNodeParameter('connection', itemIndex, '', { extractValue: true });
	const text = typeof value === 'string' ? value.trim() : value;
	if (!required && (text === '' || text === undefined || text === null)) return null;
	return assertConnectionName.call(this, text, 'Connection', itemIndex);
}

/** What an ingestion costs, said where one is started: `what` names the assets it takes. */
export function ingestNotice(what: string): INodeProperties {
	return {
		displayName: `Each run ingests ${what} into the dataset: the service downloads, stores and embeds every one, which takes processing time and counts toward your organization's use of the service`,
		name: 'ingestNotice',
		type: 'notice',
		default: '',
	};
}

export const metadataField: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadata',
	type: 'json',
	default: '{}',
	description: 'A JSON object of metadata fields; values are text, numbers or booleans (dates as ISO text)',
};

/**
 * On the operations that read statuses: the one way to wait for an ingestion this workflow starts is Wait for
 * Completion on the create operation, whose output already holds each row's outcome.
 */
export const waitForCompletionNotice: INodeProperties = {
	displayName:
		'Waiting for an ingestion this workflow starts? Turn on Wait for Completion in the Job → Create operation instead: each input item then comes out with its own asset_id, status and error_code, with no status step after it.',
	name: 'waitForCompletionNotice',
	type: 'notice',
	default: '',
};
