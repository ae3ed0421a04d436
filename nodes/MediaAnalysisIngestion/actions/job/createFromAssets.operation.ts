import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemRunner } from '../../../shared/router';
import { createFromListProperties, createJobsFromLists } from '../../helpers/createFromList';

export const description = updateDisplayOptions(
	{ show: { resource: ['job'], operation: ['createFromAssets'] } },
	createFromListProperties('assets'),
);

/** Sees every item at once: Combine Items packs the assets of many items into requests of 100. */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	run: ItemRunner,
): Promise<INodeExecutionData[]> {
	return await createJobsFromLists.call(this, items, run, 'assets');
}
