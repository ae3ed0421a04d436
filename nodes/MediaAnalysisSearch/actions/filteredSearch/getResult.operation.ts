import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
import { withinLimit } from '../../../shared/readers';
import { getRunId, readResults, runIdField } from './fields';

export const option = {
	name: 'Get Result',
	description: 'Read the results of a finished filtered search',
	action: 'Get the results of a filtered search',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset the run searches' }),
	runIdField,
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Reads the results of a finished filtered search run, best first, up to the Limit. Needs the dataset it searches (its ID, a UUID, or its exact name) and the run_id its start returned. Returns each result with the run_id, search_target and the asset found (ids, paths, scores).';

export async function execute(_itemIndex: number, _run: Run, item: Item): Promise<IDataObject[]> {
	const datasetId = await item.datasetId();
	const runId = getRunId(item);
	const page = item.pageLimit();
	return withinLimit(await readResults(item, runId, datasetId), page);
}
