import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { DatasetUpdateRequest } from '../../../shared/schemas.generated';
import { choice, collection, datasetLocator, textField } from '../../../shared/descriptions';
import {
	configFields,
	descriptionField,
	mergedConfig,
	metadataFieldsToEmbed,
	metadataFieldsToIndex,
	readConfigChanges,
} from './config';
import { assertDatasetName, optionsOf, storeOriginalField, storePreviewField } from './fields';

export const option = { name: 'Update', description: 'Update a dataset', action: 'Update a dataset' };

export const description: INodeProperties[] = [
	datasetLocator(),
	collection('Update Fields', 'updateFields', 'Add Field', [
		...configFields,
		descriptionField,
		metadataFieldsToEmbed,
		metadataFieldsToIndex,
		textField('Name', 'name', 'e.g. product_photos', 'Letters, digits and underscores only'),
		choice('Status', 'status', optionsOf(['active', 'inactive']), 'active'),
		storeOriginalField,
		storePreviewField,
	]),
];

export const toolDescription =
	'Changes a dataset: its name, description, status (active or inactive) or settings. Needs the dataset (its ID, a UUID, or its exact name) and the fields to change. Returns the dataset as it now is.';

/**
 * The service replaces the configuration whole, so a change to it reads the dataset first and sends its current
 * configuration with the changes over it: settings the user did not touch stay as they were.
 */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = { dataset_id: await item.datasetId() };
	const fields = item.options('updateFields');
	const body: DatasetUpdateRequest = {};
	if (fields.name !== undefined) body.name = assertDatasetName(item, fields.name);
	if (fields.description !== undefined) body.description = String(fields.description).trim() || null;
	if (fields.status !== undefined) body.status = fields.status as DatasetUpdateRequest['status'];
	if (fields.storeOriginal !== undefined) body.store_original = fields.storeOriginal as boolean;
	if (fields.storePreview !== undefined) body.store_preview = fields.storePreview as boolean;
	const changes = readConfigChanges(item, fields, true);
	if (Object.keys(body).length === 0 && !changes) throw item.noFieldToUpdate();
	if (changes) {
		const dataset = await run.call('datasets.get', { params, itemIndex });
		body.dataset_config = mergedConfig(item, dataset, changes);
	}
	return await run.call('datasets.update', { params, body, itemIndex });
}
