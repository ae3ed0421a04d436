import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { choice, numberField, returnAllOrLimit } from '../../../shared/descriptions';
import { endpointPath } from '../../../shared/endpoints';
import type { Item } from '../../../shared/item';
import { WithBinary } from '../../../shared/router';
import { DOWNLOAD, downloadFile, type DownloadedFile } from '../../../shared/transport';
import {
	CsvError,
	CsvReader,
	formatOf,
	JsonScan,
	parseJsonRows,
	ROW_BOUNDS,
	rowCost,
	type ResultsFormat,
} from './results';

/**
 * A complete query's results as output, for Get Results and Run Query: a link to the results file, the file, or its
 * rows. Results come as a link to a file (presigned: fetched without the credential). Rows are read as they arrive
 * and the download ends at the Limit, so memory follows the Limit; past `ROW_BOUNDS` the item fails. The reads of a
 * node run share those bounds and take turns (`readResults`), so one file is read at a time.
 */

const show = (output: string) => ({ show: { output: [output] } });
const thousands = (count: number) => count.toLocaleString('en-US');
const CAP = `${DOWNLOAD.maxBytes / 1024 / 1024} MB`;
const RESULTS = 'queries.getQueryResultsUrl';

/** Output and the fields of each choice; `extra`: more choices of Output (in the order of their names). */
export function resultsOutputFields(
	extra: Array<{ name: string; value: string; description: string }> = [],
): INodeProperties[] {
	return [
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
					name: 'File (Binary)',
					value: 'binary',
					description: `One item with the results file as binary data (any format, up to ${CAP}), e.g. to save or send it`,
				},
				{
					name: 'Rows',
					value: 'rows',
					description: `One item per result row, read from the results file (CSV or JSON; up to ${thousands(ROW_BOUNDS.maxRows)} rows)`,
				},
				...extra,
			].sort((a, b) => a.name.localeCompare(b.name)),
			default: 'rows',
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the file in',
			displayOptions: show('binary'),
		},
		...updateDisplayOptions(show('link'), [
			choice(
				'Link Format',
				'urlFormat',
				[
					{ name: 'Direct', value: 'direct', description: 'A link that opens the file' },
					{ name: 'Download', value: 'download', description: 'A link that saves the file under its name' },
				],
				'download',
			),
			numberField('Link Valid For (Seconds)', 'expirationSeconds', 900, 'How long the link works', { minValue: 1 }),
		]),
		...updateDisplayOptions(show('rows'), returnAllOrLimit(undefined, { toolLimit: true })),
	];
}

type Result = IDataObject | IDataObject[] | WithBinary;

/**
 * The results reads of one node run: one after another, and what their rows took (`rows`, `memory`) counted
 * together, as the bounds hold for the whole run, not for each item.
 */
class ResultsReads {
	rows = 0;
	memory = 0;
	private last: Promise<unknown> = Promise.resolve();

	async turn<T>(read: () => Promise<T>): Promise<T> {
		const mine = this.last.then(read);
		this.last = mine.catch(() => undefined);
		return await mine;
	}
}

/** What the item's Output asks (a link's query string, the binary field, or the rows' Limit), read before sending. */
export type ResultsOutput =
	| { output: 'link'; linkQuery: { url_format: string; expiration_seconds: number } }
	| { output: 'binary'; field: string }
	| { output: 'rows'; page: { returnAll: boolean; limit: number } };

export function readResultsOutput(item: Item): ResultsOutput {
	const output = item.param<string>('output', 'rows');
	if (output === 'link') {
		const url_format = String(item.param('urlFormat', 'download'));
		const expiration_seconds = item.range(item.param('expirationSeconds', 900), 'Link Valid For (Seconds)', { min: 1 });
		return { output, linkQuery: { url_format, expiration_seconds } };
	}
	if (output === 'binary') {
		return { output, field: item.notEmpty(item.param('binaryPropertyName', 'data'), 'Put Output File in Field') };
	}
	return { output: 'rows', page: item.pageLimit() };
}

/** The results of a complete query as `asked` (`readResultsOutput`, read before the item sent anything). */
export async function readResults(item: Item, queryId: string, asked: ResultsOutput): Promise<Result> {
	const { run, index: itemIndex } = item;
	const reads = await run.lookup('queries.resultsReads', async () => new ResultsReads());
	const params = { query_id: queryId };
	return await reads.turn(async (): Promise<Result> => {
		const qs = asked.output === 'link' ? asked.linkQuery : { url_format: 'direct' };
		const link = await run.call(RESULTS, { params, qs, itemIndex });
		if (asked.output === 'link') return link;
		// The table checks the answer's query_id only: the link is checked here.
		if (typeof link.download_url !== 'string' || !/^https?:\/\//i.test(link.download_url)) {
			throw new NodeOperationError(
				item.context.getNode(),
				`GET ${endpointPath(RESULTS, params)} answered without a download link for the results`,
				{
					description:
						'The service did not hand out a file to read. Check that the query is Complete, then run the node again.',
					itemIndex,
				},
			);
		}
		const id = link.query_id;
		const read = async (file: DownloadedFile): Promise<Result> => {
			if (asked.output === 'rows') {
				const { returnAll, limit } = asked.page;
				return await readRows(item, file, returnAll ? Number.POSITIVE_INFINITY : limit, id, reads);
			}
			// n8n's helpers stream only a Node.js Readable, which node code cannot build: the file is read into one Buffer.
			const bytes = await file.bytes();
			const fileName = file.fileName ?? `${id}-results`;
			const binary = await item.context.helpers.prepareBinaryData(bytes, fileName, file.contentType || undefined);
			const json = { query_id: id, file_name: binary.fileName ?? fileName, mime_type: binary.mimeType };
			return new WithBinary({ ...json, bytes: bytes.byteLength }, { [asked.field]: binary });
		};
		return await downloadFile(run, link.download_url, { itemIndex, what: 'query results' }, read);
	});
}

const SNIFF = 64;

/** The first `wanted` rows: CSV row by row; JSON scanned, then parsed once whole or cut after the last row wanted. */
async function readRows(
	item: Item,
	{ contentType, chunks }: DownloadedFile,
	wanted: number,
	queryId: string,
	spent: ResultsReads,
): Promise<IDataObject[]> {
	let format: ResultsFormat | undefined;
	let head = '';
	const parts: string[] = [];
	const csv = new CsvReader();
	const json = new JsonScan(wanted);
	const rows: IDataObject[] = [];
	let memory = 0;
	let done = false;
	const fail = ([message, description]: Problem) =>
		new NodeOperationError(item.context.getNode(), message, { description, itemIndex: item.index });
	const check = (count: number) => {
		if (spent.rows + count > ROW_BOUNDS.maxRows) throw fail(tooMany('rows', queryId, spent, count));
		if (spent.memory + memory > ROW_BOUNDS.maxMemoryBytes) throw fail(tooMany('memory', queryId, spent, count));
	};
	/** The CSV rows `read` completes, up to the wanted-th (which ends the read), each checked against the bounds. */
	const addCsvRows = (read: () => IDataObject[]) => {
		let completed: IDataObject[];
		try {
			completed = read();
		} catch (error) {
			throw error instanceof CsvError ? fail(malformed(error, queryId)) : error;
		}
		for (const row of completed) {
			memory += rowCost(row);
			rows.push(row);
			if (rows.length >= wanted) return void (done = true);
			check(rows.length);
		}
	};
	const take = (chunk: string) => {
		if (format === 'csv') return addCsvRows(() => csv.push(chunk));
		const cut = json.push(chunk);
		if (json.tooDeep) throw fail(tooDeep(queryId));
		memory = json.cost;
		if (cut === undefined) {
			parts.push(chunk);
			check(json.rows);
		} else {
			parts.push(chunk.slice(0, cut), json.closers());
			done = true;
		}
	};
	const decide = () => {
		format = formatOf(contentType, head);
		if (format !== 'csv' && format !== 'json') throw fail(unreadable(format, contentType, queryId));
		take(head);
	};
	for await (const chunk of chunks) {
		if (format === undefined) {
			head += chunk;
			if (head.length >= SNIFF) decide();
		} else {
			take(chunk);
		}
		if (done) break;
	}
	if (format === undefined) decide();
	if (format === 'csv' && !done) {
		addCsvRows(() => csv.end());
		check(rows.length); // the file's last row is checked even when it is the wanted-th
	}
	const all = format === 'json' ? parseJsonRows(parts.splice(0).join('')) : rows;
	if (!all) throw fail(unreadable('unknown', contentType, queryId));
	const kept = all.length > wanted ? all.slice(0, wanted) : all;
	spent.rows += kept.length;
	spent.memory += memory;
	return kept;
}

type Problem = [message: string, description: string];

/** Past the row bound or the memory bound of one run, `count` rows into this item's file. */
function tooMany(bound: 'rows' | 'memory', queryId: string, spent: ResultsReads, count: number): Problem {
	const left = ROW_BOUNDS.maxRows - spent.rows;
	const megabytes = `${ROW_BOUNDS.maxMemoryBytes / 1024 / 1024} MB`;
	const earlier = `after ${thousands(spent.rows)} rows for earlier items`;
	const first = spent.rows === 0;
	const message =
		bound === 'rows'
			? first
				? `The results of query ${queryId} hold more than ${thousands(left)} rows, the most Get Results returns as items in one run`
				: `The results of query ${queryId} hold more than ${thousands(left)} rows, what is left of the ${thousands(ROW_BOUNDS.maxRows)} Get Results returns as items in one run ${earlier}`
			: first
				? `The results of query ${queryId} would take more than ${megabytes} of memory as items (passed after ${thousands(count)} rows), the most Get Results holds in one run`
				: `The results of query ${queryId} would take more than what is left of the ${megabytes} of memory Get Results holds in one run (passed after ${thousands(count)} rows, ${earlier})`;
	const fewer = bound === 'rows' ? left : count - 1;
	const file = `Output to "File (Binary)" to get the whole file as binary data (up to ${CAP}), or to "Download Link".`;
	return [message, fewer > 0 ? `Set a Limit of at most ${thousands(fewer)} rows, or set ${file}` : `Set ${file}`];
}

const tooDeep = (queryId: string): Problem => [
	`The results file of query ${queryId} nests JSON more than ${ROW_BOUNDS.maxDepth} levels deep, more than Get Results reads as rows`,
	`Set Output to "File (Binary)" to get the file as binary data (up to ${CAP}), or to "Download Link".`,
];

const malformed = ({ where, what }: CsvError, queryId: string): Problem => [
	`The results file of query ${queryId} is not valid CSV at ${where}: ${what}`,
	'No row of this file was returned, so none is lost or merged. Ask whoever wrote the file to fix its quoting, or set Output to "File (Binary)" to get the file as it is.',
];

function unreadable(format: ResultsFormat, contentType: string, queryId: string): Problem {
	const what =
		format === 'parquet'
			? 'Parquet'
			: format === 'markup'
				? `a web page or XML document (${contentType || 'no content type'}), not CSV or JSON`
				: `not CSV or JSON (${contentType || 'no content type'})`;
	return [
		`The results file of query ${queryId} is ${what}, which this node cannot read`,
		'Set Output to "File (Binary)" and read the file with a node that reads this format, or to "Download Link".',
	];
}
