import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { DeleteAssetsRequest } from '../../../shared/schemas.generated';
import { deletedResult } from '../../../shared/deleted';
import { datasetLocator } from '../../../shared/descriptions';
import { notice } from '../../../shared/node';
import { Item } from '../../../shared/item';
import type { ItemRunner } from '../../../shared/router';
import { UUID_PATTERN } from '../../../shared/validation';
import { chunkItems } from '../../helpers/batching';
import { MAX_ASSETS_PER_REQUEST } from '../fields';
import { assetTypeField } from './fields';

type DeleteAsset = DeleteAssetsRequest['assets'][number];

export const option = {
	name: 'Delete',
	description: 'Delete images or videos from a dataset, 100 per request',
	action: 'Delete assets',
};

export const description: INodeProperties[] = [
	notice(
		'deleteNotice',
		'Deletes the assets from the dataset for everyone in your organization; the assets of all input items go together, 100 per request',
	),
	datasetLocator({ description: 'The dataset to delete the assets from' }, { byName: true }),
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
			'Platform IDs or source paths of the assets, one per line (or a list from an expression). The assets of all input items are deleted together, 100 per request; each comes out as one item.',
	},
];

export const toolDescription =
	'Deletes images or videos from a dataset, for everyone in the organization. Needs the dataset (its ID, a UUID, or its exact name), whether they are images or videos, and their asset IDs or source paths. Returns one result per asset.';

/** One identifier per line, or a list from an expression. Paths may hold commas, so commas do not split. */
function readIdentifiers(item: Item): string[] {
	const value = item.param('identifiers', '');
	const parts = Array.isArray(value) ? value.map((part) => String(part)) : String(value ?? '').split(/\r?\n/);
	const identifiers = parts.map((part) => part.trim()).filter((part) => part !== '');
	if (identifiers.length === 0) {
		const fix = 'Give the platform ID or the source path of each asset to delete, one per line.';
		throw item.invalid('Assets', 'it is empty', fix);
	}
	return identifiers;
}

const UUID = new RegExp(UUID_PATTERN, 'i');

/** The asset named as the other operations do: `asset_id` for a platform ID, else `source_path`. */
function assetNamed(identifier: string) {
	const byId = UUID.test(identifier);
	return { asset_id: byId ? identifier.toLowerCase() : null, source_path: byId ? null : identifier };
}

/**
 * The assets of every input item together, per dataset, 100 per request (the service's cap); one output item per
 * asset, paired to the item that named it, with the service's answer for it (its deletion job) under `response`.
 */
export async function executeBatch(items: INodeExecutionData[], runner: ItemRunner): Promise<INodeExecutionData[]> {
	const lists: Array<{ itemIndex: number; key: string; values: DeleteAsset[] }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const item = new Item(runner.run, itemIndex);
		await runner.attempt([itemIndex], async () => {
			const datasetId = await item.datasetId();
			const assetType = item.param<DeleteAsset['asset_type']>('assetType', 'image');
			const values = readIdentifiers(item).map((identifier) => ({ asset_type: assetType, identifier }));
			lists.push({ itemIndex, key: datasetId, values });
		});
	}

	for (const chunk of chunkItems(lists, true, MAX_ASSETS_PER_REQUEST)) {
		const body: DeleteAssetsRequest = { dataset_id: chunk.key, assets: chunk.values };
		const itemIndexes = chunk.entries.map((entry) => entry.itemIndex);
		await runner.attempt(itemIndexes, async () => {
			// Sending the same deletion twice leaves the dataset as once: the table lets it be retried.
			const response = await runner.run.call('ingestion.deleteAssets', { body, itemIndex: itemIndexes[0] });
			const answers = response.assets;
			for (const entry of chunk.entries) {
				for (let position = entry.start; position < entry.end; position++) {
					const { identifier, asset_type } = chunk.values[position];
					const answer = answers.find((candidate) => candidate.identifier === identifier);
					const extra = { ...assetNamed(identifier), dataset_id: chunk.key, asset_type };
					runner.emit(entry.itemIndex, deletedResult(identifier, answer, extra));
				}
			}
		});
	}
	return runner.output();
}
