import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { type Run, getPageLimit } from '../../../shared/run';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId, withinLimit } from '../../../shared/readers';
import { getRunId, readResults, runIdField } from './fields';

export const option = {
	name: 'Get Result',
	description: 'Read the results of a finished filtered search',
	action: 'Get the results of a filtered search',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset the run searches' }, { byName: true }),
	runIdField,
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Reads the results of a finished filtered search run, best first, up to the Limit. Needs the dataset it searches (its ID, a UUID, or its exact name) and the run_id its start returned. Returns each result with the run_id, search_target and the asset found (ids, paths, scores).';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId(run, itemIndex);
	const runId = getRunId.call(this, itemIndex);
	const page = getPageLimit.call(this, itemIndex);
	return withinLimit(await readResults.call(this, run, runId, datasetId, itemIndex), page);
}
