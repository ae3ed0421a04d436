import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { QueryResultsResponse } from '../../../shared/api';
import { getPageLimit, returnAllOrLimit } from '../../../shared/descriptions';
import { callEndpoint, endpointPath } from '../../../shared/endpoints';
import { downloadFile, type DownloadedFile } from '../../../shared/transport';
import { assertRange } from '../../../shared/validation';
import { queryLocator, queryParams } from './fields';
import { CsvReader, formatOf, parseJsonRows, type ResultsFormat } from './results';

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

const RESULTS = 'get-query-results-url-api-v-1-queries-query-id-results-get';

/**
 * The service hands out results as a link to a file, not as pages of rows. "Rows" fetches that file (without the
 * Media Analysis credential: the link is presigned) and turns each row into an item. CSV is read as it arrives and
 * the download ends at the Limit, so memory follows the Limit, not the file.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> {
	const params = queryParams.call(this, itemIndex);
	const output = this.getNodeParameter('output', itemIndex, 'rows') as 'link' | 'rows';
	if (output === 'link') {
		return await callEndpoint(this, RESULTS, {
			params,
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
		});
	}
	const { returnAll, limit } = getPageLimit.call(this, itemIndex);
	const link: Partial<QueryResultsResponse> = await callEndpoint(this, RESULTS, { params, qs: { url_format: 'direct' }, itemIndex });
	if (typeof link.download_url !== 'string' || !/^https?:\/\//i.test(link.download_url)) {
		throw new NodeOperationError(this.getNode(), `GET ${endpointPath(RESULTS, params)} answered without a download link for the results`, {
			description: 'The service did not hand out a file to read. Check that the query is Complete, then run the node again.',
			itemIndex,
		});
	}
	const queryId = typeof link.query_id === 'string' ? link.query_id : params.query_id;
	const wanted = returnAll ? Number.POSITIVE_INFINITY : limit;
	const read = async (file: DownloadedFile) => await readRows.call(this, file, wanted, { itemIndex, queryId });
	return (await downloadFile.call(this, link.download_url, { itemIndex, what: 'query results' }, read)) as IDataObject[];
}

/** Characters looked at to tell the file's format before reading it. */
const SNIFF = 64;

/** The file's first `wanted` rows: CSV row by row as it arrives, JSON once whole (within the download's size bound). */
async function readRows(
	this: IExecuteFunctions,
	{ contentType, chunks }: DownloadedFile,
	wanted: number,
	{ itemIndex, queryId }: { itemIndex: number; queryId: string },
): Promise<IDataObject[]> {
	let format: ResultsFormat | undefined;
	let head = '';
	let text = '';
	const csv = new CsvReader();
	const rows: IDataObject[] = [];
	const take = (chunk: string) => {
		if (format === 'csv') rows.push(...csv.push(chunk));
		else text += chunk;
	};
	const decide = () => {
		format = formatOf(contentType, head);
		if (format !== 'csv' && format !== 'json') throw unreadable.call(this, format, contentType, { itemIndex, queryId });
		take(head);
	};
	for await (const chunk of chunks) {
		if (format === undefined) {
			head += chunk;
			if (head.length >= SNIFF) decide();
		} else {
			take(chunk);
		}
		if (rows.length >= wanted) return rows.slice(0, wanted);
	}
	if (format === undefined) decide();
	if (format === 'csv') rows.push(...csv.end());
	const all = format === 'json' ? parseJsonRows(text) : rows;
	if (!all) throw unreadable.call(this, 'unknown', contentType, { itemIndex, queryId });
	return all.slice(0, wanted);
}

function unreadable(
	this: IExecuteFunctions,
	format: ResultsFormat,
	contentType: string,
	{ itemIndex, queryId }: { itemIndex: number; queryId: string },
): NodeOperationError {
	const what =
		format === 'parquet'
			? 'Parquet'
			: format === 'markup'
				? `a web page or XML document (${contentType || 'no content type'}), not CSV or JSON`
				: `not CSV or JSON (${contentType || 'no content type'})`;
	return new NodeOperationError(this.getNode(), `The results file of query ${queryId} is ${what}, which this node cannot read`, {
		description: 'Set Output to "Download Link" and fetch the file with a node that reads this format.',
		itemIndex,
	});
}
