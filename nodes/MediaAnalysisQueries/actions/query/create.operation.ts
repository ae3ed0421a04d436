import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, datasetLocator, textField, uuidMode, waitForCompletionFields } from '../../../shared/descriptions';
import { type RequestOf } from '../../../shared/endpoints';
import { queryTypeOptions, waitForQuery } from './fields';
import { readResults, readResultsOutput, resultsOutputFields } from './resultsOutput';

/**
 * Version 2 waits for the query by default and outputs its rows (or its file, or a link to it), as Get Results
 * does; version 1 outputs the query and waits only when asked.
 */
const V1 = { '@version': [1] };
const FROM_V2 = { '@version': [{ _cnd: { gte: 2 } }] };
const [waitForCompletion, ...waitFields] = waitForCompletionFields('query');

export const option = {
	name: 'Run Query',
	description: 'Run a new SQL or natural-language query over a dataset, optionally waiting for it to finish',
	action: 'Run a SQL or natural language query',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset to query' }),
	{
		displayName: 'Query Type',
		name: 'queryType',
		type: 'options',
		// A fixed choice: it decides which Query field (the SQL editor or plain text) the node shows and sends.
		noDataExpression: true,
		options: queryTypeOptions,
		default: 'SQL',
	},
	textField(
		'Query',
		'query',
		'e.g. SELECT * FROM images LIMIT 100',
		'The SQL statement; it reads the tables of the dataset chosen above',
		{
			typeOptions: { editor: 'sqlEditor', sqlDialect: 'StandardSQL' },
			required: true,
			hint: 'The tables a query over this dataset can read, with their columns: Table › Get Many (or Table › Get for one table)',
			displayOptions: { show: { queryType: ['SQL'] } },
		},
	),
	textField('Query', 'query', 'e.g. Which videos show a beach at sunset?', 'The question, in plain words', {
		typeOptions: { rows: 4 },
		required: true,
		displayOptions: { show: { queryType: ['NATURAL_LANGUAGE'] } },
	}),
	{ ...waitForCompletion, displayOptions: { show: V1 } },
	{
		...waitForCompletion,
		default: true,
		description:
			'Whether to wait until the query has finished, then output what Output says. Off: the node outputs the query at once, Queued.',
		displayOptions: { show: FROM_V2 },
	},
	...waitFields,
	...updateDisplayOptions(
		{ show: { waitForCompletion: [true], ...FROM_V2 } },
		resultsOutputFields([
			{
				name: 'Query and Status',
				value: 'query',
				description: 'One item with the query and its status, as it finished (for its rows, use Get Results)',
			},
		]),
	),
	collection('Additional Fields', 'additionalFields', 'Add Field', [
		{
			displayName: 'Check Validity',
			name: 'checkValidity',
			type: 'boolean',
			default: true,
			description:
				'Whether the service checks the query before accepting it (off: mistakes show up as an Error status when it runs)',
		},
		{
			displayName: 'Dynamic Tags Version',
			name: 'dynamicTagsVersion',
			type: 'string',
			default: 'v2',
			description: 'Which generation of dynamic tags the query reads',
		},
		{
			displayName: 'Embedding',
			name: 'embeddingId',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			description: "The embedding of the dataset to use; the dataset's default when empty",
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select an embedding...',
					typeOptions: { searchListMethod: 'searchEmbeddings' },
				},
				uuidMode('embedding'),
			],
		},
		{
			displayName: 'Parameters (JSON)',
			name: 'parameters',
			type: 'json',
			default: '{}',
			description: 'Values for the placeholders of the query, as a JSON object',
		},
	]),
];

export const toolDescription =
	'Runs a new query over a dataset: SQL, or a question in plain words (natural language), and waits for it. Needs the dataset (its ID, a UUID, or its exact name) and the query text. Returns the result rows, one item per row up to the Limit (with Wait for Completion off, or in a node made before that was the default: the query with its query_id and status).';

/** The service answers 201 with the query Queued; creating it starts its first run. From version 2, the results follow. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const wait = item.waitOptions();
	const body: RequestOf<'queries.createQuery'> = {
		dataset_id: await item.datasetId(),
		query: item.notEmpty(item.param('query'), 'Query'),
		type: item.param<RequestOf<'queries.createQuery'>['type']>('queryType'),
	};
	const fields = item.options('additionalFields');
	if (fields.checkValidity !== undefined) body.check_validity = fields.checkValidity as boolean;
	if (typeof fields.dynamicTagsVersion === 'string' && fields.dynamicTagsVersion.trim()) {
		body.dynamic_tags_version = fields.dynamicTagsVersion.trim();
	}
	const embedding = item.param('additionalFields.embeddingId', '', { extractValue: true });
	if (typeof embedding === 'string' && embedding.trim()) body.embedding_id = item.uuid(embedding, 'Embedding');
	if (fields.parameters !== undefined) {
		const parameters = item.jsonObject(fields.parameters, 'Parameters (JSON)', '{"min_score": 0.5}');
		if (Object.keys(parameters).length > 0) body.parameters = parameters;
	}
	const results =
		wait && item.context.getNode().typeVersion >= 2 && item.param<string>('output', 'rows') !== 'query'
			? readResultsOutput(item)
			: undefined;
	const created = await run.call('queries.createQuery', { body, itemIndex });
	const query = await waitForQuery(item, created, wait);
	return results ? await readResults(item, query.query_id, results) : query;
}
