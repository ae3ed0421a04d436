import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, IPairedItemData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DeleteAssetsRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { asNodeError, errorItem } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { invalidParameter } from '../../../shared/validation';
import { chunkItems } from '../../helpers/batching';
import { MAX_ASSETS_PER_REQUEST, assetTypeField } from '../../helpers/fields';

type DeleteAsset = DeleteAssetsRequest['assets'][number];

const properties: INodeProperties[] = [
	datasetLocator({ description: 'The dataset to delete the assets from' }),
	assetTypeField,
	{
		displayName: 'Assets',
		name: 'identifiers',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
		description:
			'Platform IDs or source paths of the assets, one per line (or a list from an expression). The assets of all input items are deleted together, 100 per request.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['asset'], operation: ['delete'] } }, properties);

/** One identifier per line, or a list from an expression. Paths may hold commas, so commas do not split. */
function readIdentifiers(this: IExecuteFunctions, itemIndex: number): string[] {
	const value = this.getNodeParameter('identifiers', itemIndex, '');
	const parts = Array.isArray(value) ? value.map((part) => String(part)) : String(value ?? '').split(/\r?\n/);
	const identifiers = parts.map((part) => part.trim()).filter((part) => part !== '');
	if (identifiers.length === 0) {
		throw invalidParameter.call(
			this,
			'Assets',
			itemIndex,
			'it is empty',
			'Give the platform ID or the source path of each asset to delete, one per line.',
		);
	}
	return identifiers;
}

/**
 * Deletes the assets of every input item together: per dataset, 100 per request (the service's cap). One output
 * item per request, paired to every input item it covered, saying which request of how many it was and the
 * deletion job the service enqueued for each asset.
 */
export async function executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const output: Array<{ firstItem: number; data: INodeExecutionData }> = [];
	const lists: Array<{ itemIndex: number; key: string; values: DeleteAsset[] }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const datasetId = getDatasetId.call(this, itemIndex);
			const assetType = this.getNodeParameter('assetType', itemIndex, 'image') as DeleteAsset['asset_type'];
			const values = readIdentifiers.call(this, itemIndex).map((identifier) => ({ asset_type: assetType, identifier }));
			lists.push({ itemIndex, key: datasetId, values });
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(node, error, itemIndex);
			output.push({ firstItem: itemIndex, data: errorItem(error, itemIndex) });
		}
	}

	const chunks = chunkItems(lists, true, MAX_ASSETS_PER_REQUEST);
	for (const [index, chunk] of chunks.entries()) {
		const covered = [...new Set(chunk.entries.map((entry) => entry.itemIndex))];
		const pairedItem: IPairedItemData[] = covered.map((item) => ({ item }));
		const body: DeleteAssetsRequest = { dataset_id: chunk.key, assets: chunk.values };
		try {
			const response = await apiRequest.call(this, {
				method: 'POST',
				path: '/api/v0/delete/assets',
				body: body as IDataObject,
				itemIndex: covered[0],
				resourceLabel: 'Dataset',
				// Sending the same deletion twice leaves the dataset as once: safe to retry.
				idempotent: true,
			});
			output.push({
				firstItem: covered[0],
				data: {
					json: { ...response, deletion_request: index + 1, deletion_requests: chunks.length, asset_count: chunk.values.length },
					pairedItem,
				},
			});
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(node, error, covered[0]);
			const { json } = errorItem(error, covered[0]);
			output.push({
				firstItem: covered[0],
				data: { json: { ...json, deletion_request: index + 1, deletion_requests: chunks.length }, pairedItem },
			});
		}
	}
	return output.sort((a, b) => a.firstItem - b.firstItem).map(({ data }) => data);
}
