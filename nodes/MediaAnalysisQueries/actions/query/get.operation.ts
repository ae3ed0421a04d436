import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { outputProperties, shapeOutput } from '../../../shared/output';
import { QUERY, queryLocator, queryParams } from './fields';

export const option = { name: 'Get', description: 'Get a query and its status', action: 'Get a query' };

export const description: INodeProperties[] = [queryLocator(), ...outputProperties(QUERY)];

export const toolDescription =
	'Gets one query: what it asks, its status (Queued, Running, Complete, Error, Stopped) and, once complete, how many rows it found. Needs the query ID (a UUID, as creating or listing queries gives it).';

export async function execute(itemIndex: number, run: Run, item: Item) {
	const query = await run.call('queries.getQuery', { params: queryParams(item), itemIndex });
	return shapeOutput(item, QUERY)(query);
}
