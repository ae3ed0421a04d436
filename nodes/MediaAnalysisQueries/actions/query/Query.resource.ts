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

export const description = resourceDescription('query', operations, { default: 'create' });
