import { resourceDescription } from '../../../shared/resourceOperations';
import * as getResult from './getResult.operation';
import * as getStatus from './getStatus.operation';
import * as start from './start.operation';

export const operations = { getResult, getStatus, start };

export const description = resourceDescription(
	'filteredSearch',
	{ start, getStatus, getResult },
	{
		options: [
			{
				name: 'Get Result',
				value: 'getResult',
				description: 'Read the results of a finished filtered search',
				action: 'Get the results of a filtered search',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Tell whether a filtered search has finished',
				action: 'Get the status of a filtered search',
			},
			{
				name: 'Start',
				value: 'start',
				description:
					'Search only assets whose metadata matches filters (runs on the service; can wait for its results)',
				action: 'Start a filtered search',
			},
		],
		default: 'start',
	},
);
