import { resourceDescription } from '../../../shared/resourceOperations';
import * as cancel from './cancel.operation';
import * as create from './create.operation';
import * as deleteQuery from './delete.operation';
import * as exportQuery from './export.operation';
import * as get from './get.operation';
import * as getConceptScores from './getConceptScores.operation';
import * as getMany from './getMany.operation';
import * as getResults from './getResults.operation';
import * as run from './run.operation';

export const operations = {
	cancel,
	create,
	delete: deleteQuery,
	export: exportQuery,
	get,
	getConceptScores,
	getMany,
	getResults,
	run,
};

export const description = resourceDescription('query', operations, {
	options: [
		{
			name: 'Cancel',
			value: 'cancel',
			description: 'Cancel a queued or running query, at once or gracefully',
			action: 'Cancel a query',
		},
		{ name: 'Delete', value: 'delete', description: 'Delete a query', action: 'Delete a query' },
		{
			name: 'Export',
			value: 'export',
			description: 'Export the results of a complete query to a bucket',
			action: 'Export the results of a query',
		},
		{ name: 'Get', value: 'get', description: 'Get a query and its status', action: 'Get a query' },
		{
			name: 'Get Concept Scores',
			value: 'getConceptScores',
			description:
				'Get the images of a dataset that a concept scores above a threshold, with their scores (no SQL to write)',
			action: 'Get the concept scores of images',
		},
		{ name: 'Get Many', value: 'getMany', description: 'List queries', action: 'Get many queries' },
		{
			name: 'Get Results',
			value: 'getResults',
			description: 'Get the result rows of a complete query, or a link to its results file',
			action: 'Get the results of a query',
		},
		{
			name: 'Re-Run Query',
			value: 'run',
			description: 'Run a finished query again, optionally waiting for it to finish',
			action: 'Run a finished query again',
		},
		{
			name: 'Run Query',
			value: 'create',
			description: 'Run a new SQL or natural-language query over a dataset, optionally waiting for it to finish',
			action: 'Run a SQL or natural language query',
		},
	],
	default: 'create',
});
