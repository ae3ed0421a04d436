import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { collection, datasetLocator, nameMode, numberField, returnAllOrLimit } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { listLocator } from '../../../shared/node';
import { type Run, WAIT_DEFAULTS } from '../../../shared/run';
import { tableColumns, waitForQuery } from './fields';
import { readResults } from './resultsOutput';

/** New in version 2 of the node. */
export const since = 2;

/** Where a dataset's images are, and the columns read besides the concept's (the service's own names). */
const TABLE = 'images';
const ID_COLUMN = 'coactive_image_id';
const PATH_COLUMN = 'path';

/** A concept name as the service accepts one, and so a plain SQL identifier: nothing else reaches the query text. */
const CONCEPT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const option = {
	name: 'Get Concept Scores',
	description:
		'Get the images of a dataset that a concept scores above a threshold, with their scores (no SQL to write)',
	action: 'Get the concept scores of images',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset whose images to score' }),
	listLocator(
		{
			displayName: 'Concept',
			name: 'concept',
			description: 'The concept to score the images by',
			hint: `Each concept of a dataset is a column of its ${TABLE} table, named like the concept, holding each image's score (0 to 1); Table › Get Many lists the tables and their columns`,
		},
		'a concept of the dataset',
		'searchConceptNames',
		[nameMode('beach')],
	),
	numberField(
		'Scores Above',
		'threshold',
		0.5,
		'Only images whose score for the concept is above this (0 to 1), as Classify Image counts a score positive',
		{ minValue: 0, maxValue: 1, numberPrecision: 2 },
	),
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Options', 'options', 'Add option', [
		numberField(
			'Poll Interval (Seconds)',
			'pollInterval',
			WAIT_DEFAULTS.pollIntervalSeconds,
			'How often to ask the service whether the query that reads the scores has finished',
			{ minValue: 1, numberPrecision: 0 },
		),
		numberField(
			'Timeout (Seconds)',
			'waitTimeout',
			WAIT_DEFAULTS.timeoutSeconds,
			'How long to wait for the query that reads the scores before failing; it keeps running on the service',
			{ minValue: 1 },
		),
	]),
];

export const toolDescription =
	'Gets the images of a dataset whose score for a visual concept is above a threshold, highest first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name), the concept name and the threshold (0 to 1). Returns one item per image: path, score, asset_id, concept.';

const quoted = (identifier: string) => `\`${identifier}\``;

/**
 * One SQL query over the dataset's images table, built here from checked parts only: column names the table lists
 * (the concept's also a plain identifier), a number and a whole number. A score equal to the threshold is not above it.
 */
export function conceptScoresSql(column: string, threshold: number, limit: number | undefined): string {
	const score = quoted(column);
	return [
		`SELECT ${quoted(PATH_COLUMN)} AS path, ${score} AS score, ${quoted(ID_COLUMN)} AS asset_id`,
		`FROM ${quoted(TABLE)}`,
		`WHERE ${score} > ${threshold}`,
		`ORDER BY score DESC, path ASC`,
		...(limit === undefined ? [] : [`LIMIT ${limit}`]),
	].join('\n');
}

/** The query runs on the service and is waited for; its rows are read as Get Results reads them. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const concept = item.notEmpty(item.param('concept', '', { extractValue: true }), 'Concept');
	if (!CONCEPT_NAME.test(concept)) {
		throw item.invalid(
			'Concept',
			`"${concept.length > 60 ? `${concept.slice(0, 57)}...` : concept}" is not a concept name`,
			'A concept name has only letters, digits and underscores and does not start with a digit (e.g. beach_scene). Choose the concept From list.',
		);
	}
	const threshold = item.range(item.param('threshold'), 'Scores Above', { min: 0, max: 1, integer: false });
	const page = item.pageLimit();
	const options = item.options();
	const wait = item.readWait(options.pollInterval, options.waitTimeout);
	const datasetId = await item.datasetId();

	// The images table's columns, read once per dataset in a run. A table without a schema (the document allows one)
	// is not checked: the service judges the query then.
	const table = await run.lookup(`queries.imageColumns:${datasetId}`, async () =>
		run.call('queries.getTable', { params: { dataset_id: datasetId, table_name: TABLE }, itemIndex }),
	);
	const columns = tableColumns(table).map((field) => field.name);
	const noColumn = (what: string, description: string) =>
		new NodeOperationError(item.context.getNode(), `The ${TABLE} table of dataset ${datasetId} has no ${what}`, {
			description,
			itemIndex,
		});
	const missing = [PATH_COLUMN, ID_COLUMN].filter((column) => !columns.includes(column));
	if (columns.length > 0 && missing.length > 0) {
		throw noColumn(
			`${missing.join(' or ')} column`,
			`Its columns: ${columns.join(', ')}. Write the query yourself with Run Query, naming the columns Table › Get lists.`,
		);
	}
	// The concept's column as the table names it: the exact name, else the one column that differs only in case.
	const alike = columns.filter((name) => name.toLowerCase() === concept.toLowerCase());
	const column =
		columns.length === 0 || columns.includes(concept) ? concept : alike.length === 1 ? alike[0] : undefined;
	if (column === undefined) {
		const listed = columns.length > 30 ? `${columns.slice(0, 30).join(', ')}, …` : columns.join(', ');
		throw noColumn(
			`column for the concept "${concept}"`,
			`Its columns: ${listed}. Choose the concept From list (the concepts of this dataset); a concept created in another dataset, or renamed, has no column here.`,
		);
	}
	const query = conceptScoresSql(column, threshold, page.returnAll ? undefined : page.limit);
	const created = await run.call('queries.createQuery', {
		body: { dataset_id: datasetId, query, type: 'SQL' },
		itemIndex,
	});
	const complete = await waitForQuery(item, created, wait);
	const read = (await readResults(item, complete.query_id, { output: 'rows', page })) as IDataObject[];
	return read.map((row) => {
		const score = typeof row.score === 'number' ? row.score : Number(row.score);
		if (typeof row.path !== 'string' || row.score === '' || !Number.isFinite(score)) {
			throw new NodeOperationError(
				item.context.getNode(),
				`The results of query ${complete.query_id} hold a row without a path and a score: ${JSON.stringify(row).slice(0, 200)}`,
				{ description: 'The service answered other columns than the query asked for. Run the node again.', itemIndex },
			);
		}
		return { path: row.path, score, asset_id: row.asset_id ?? null, concept: column };
	});
}
