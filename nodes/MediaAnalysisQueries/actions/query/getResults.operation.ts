import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { QueryResultsResponse } from '../../../shared/api';
import { getPageLimit, returnAllOrLimit } from '../../../shared/descriptions';
import { apiRequest, downloadText } from '../../../shared/transport';
import { assertRange } from '../../../shared/validation';
import { queryLocator, queryPath } from './fields';
import { formatOf, parseCsv, parseJsonRows } from './results';

const showFor = (output: string) => ({ displayOptions: { show: { output: [output] } } });

const properties: INodeProperties[] = [
	queryLocator({ description: 'A query whose status is Complete' }),
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Download Link',
				value: 'link',
				description: 'One item with a temporary link to the results file, e.g. for an HTTP Request node',
			},
			{
				name: 'Rows',
				value: 'rows',
				description: 'One item per result row, read from the results file (CSV or JSON)',
			},
		],
		default: 'rows',
	},
	{
		displayName: 'Link Format',
		name: 'urlFormat',
		type: 'options',
		options: [
			{ name: 'Direct', value: 'direct', description: 'A link that opens the file' },
			{ name: 'Download', value: 'download', description: 'A link that saves the file under its name' },
		],
		default: 'download',
		...showFor('link'),
	},
	{
		displayName: 'Link Valid For (Seconds)',
		name: 'expirationSeconds',
		type: 'number',
		default: 900,
		typeOptions: { minValue: 1 },
		description: 'How long the link works',
		...showFor('link'),
	},
	...returnAllOrLimit().map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, output: ['rows'] } },
	})),
];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['getResults'] } }, properties);

/**
 * The service hands out results as a link to a file, not as pages of rows. "Rows" fetches that file (without the
 * Media Analysis credential: the link is presigned) and turns each row into an item, stopping at the Limit.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> {
	const path = queryPath.call(this, itemIndex, '/results');
	const output = this.getNodeParameter('output', itemIndex, 'rows') as 'link' | 'rows';
	if (output === 'link') {
		return await apiRequest.call(this, {
			method: 'GET',
			path,
			qs: {
				url_format: this.getNodeParameter('urlFormat', itemIndex, 'download'),
				expiration_seconds: assertRange.call(
					this,
					this.getNodeParameter('expirationSeconds', itemIndex, 900),
					'Link Valid For (Seconds)',
					itemIndex,
					{ min: 1 },
				),
			},
			itemIndex,
			resourceLabel: 'Query',
		});
	}
	const { returnAll, limit } = getPageLimit.call(this, itemIndex);
	const link = (await apiRequest.call(this, {
		method: 'GET',
		path,
		qs: { url_format: 'direct' },
		itemIndex,
		resourceLabel: 'Query',
	})) as unknown as QueryResultsResponse;
	const file = await downloadText.call(this, link.download_url, { itemIndex, what: 'query results' });
	const format = formatOf(file.contentType, file.text);
	const rows = format === 'csv' ? parseCsv(file.text) : format === 'json' ? parseJsonRows(file.text) : undefined;
	if (!rows) {
		throw new NodeOperationError(
			this.getNode(),
			`The results file of query ${link.query_id} is ${format === 'parquet' ? 'Parquet' : `not CSV or JSON (${file.contentType || 'no content type'})`}, which this node cannot read`,
			{
				description: 'Set Output to "Download Link" and fetch the file with a node that reads this format.',
				itemIndex,
			},
		);
	}
	return returnAll ? rows : rows.slice(0, limit);
}
