import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator } from '../../../shared/descriptions';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { DATASET_CONFIG, includeDeletedOption, readDatasetCall } from './fields';

export const option = {
	name: 'Get Config',
	description: 'Get the configuration of a dataset',
	action: 'Get the configuration of a dataset',
};

export const description: INodeProperties[] = [
	datasetLocator(),
	includeDeletedOption,
	...outputProperties(DATASET_CONFIG),
];

export const toolDescription =
	'Gets the configuration of one dataset: its encoder, the metadata fields it indexes and embeds, and whether celebrity detection and Context Studio are on. Needs the dataset: its ID (a UUID) or its exact name.';

/** The dataset's configuration, shaped by Output. */
export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const config = await run.call('datasets.getConfig', await readDatasetCall(item));
	return shapeOutput(item, DATASET_CONFIG)(config);
}
