import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator } from '../../../shared/descriptions';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { DATASET, includeDeletedOption, readDatasetCall } from './fields';

export const option = { name: 'Get', description: 'Get a dataset', action: 'Get a dataset' };

export const description: INodeProperties[] = [datasetLocator(), includeDeletedOption, ...outputProperties(DATASET)];

export const toolDescription =
	'Gets one dataset of the media library. Needs the dataset: its ID (a UUID, as the datasets list gives it) or its exact name. Returns its id, name, description, status (active or inactive), the asset types it takes (image, video) and its encoders.';

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const dataset = await run.call('datasets.get', await readDatasetCall(item));
	return shapeOutput(item, DATASET)(dataset);
}
