import type { IDataObject } from 'n8n-workflow';

/** A cell as written, or a number when the text is exactly that number (so "007" and "1.50" stay text). */
function cell(text: string): string | number {
	if (text === '') return text;
	const number = Number(text);
	return Number.isFinite(number) && String(number) === text ? number : text;
}

/** Characters up to the next comma, quote or line break: taken in one step. */
const PLAIN_RUN = /[^,"\r\n]+/y;

/**
 * RFC 4180 CSV read chunk by chunk: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF ends a
 * record; blank lines are skipped; the first record names the columns. A chunk may end anywhere, even between the
 * two quotes of an escaped quote or between CR and LF, so a file can be read as it arrives and left early.
 */
export class CsvReader {
	private header: string[] | undefined;
	private record: string[] = [];
	private field = '';
	private quoted = false;
	/** A quote inside a quoted field whose next character decides: a second quote, or the field's end. */
	private quoteSeen = false;
	/** A CR ended the last record: an LF right after it belongs to it. */
	private afterCr = false;

	/** The rows completed by `text`. */
	push(text: string): IDataObject[] {
		const rows: IDataObject[] = [];
		for (let i = 0; i < text.length; i++) {
			const char = text[i];
			if (this.afterCr) {
				this.afterCr = false;
				if (char === '\n') continue;
			}
			if (this.quoteSeen) {
				this.quoteSeen = false;
				if (char === '"') {
					this.field += '"';
					continue;
				}
				this.quoted = false;
			}
			if (this.quoted) {
				const close = text.indexOf('"', i);
				if (close === -1) {
					this.field += text.slice(i);
					break;
				}
				this.field += text.slice(i, close);
				i = close;
				this.quoteSeen = true;
			} else if (char === '"') {
				this.quoted = true;
			} else if (char === ',') {
				this.record.push(this.field);
				this.field = '';
			} else if (char === '\n' || char === '\r') {
				this.afterCr = char === '\r';
				this.endRecord(rows);
			} else {
				PLAIN_RUN.lastIndex = i;
				const run = PLAIN_RUN.exec(text) as RegExpExecArray;
				this.field += run[0];
				i += run[0].length - 1;
			}
		}
		return rows;
	}

	/** The last row, when the file does not end with a line break. */
	end(): IDataObject[] {
		const rows: IDataObject[] = [];
		if (this.field !== '' || this.record.length > 0) this.endRecord(rows);
		return rows;
	}

	private endRecord(rows: IDataObject[]): void {
		this.record.push(this.field);
		const record = this.record;
		this.record = [];
		this.field = '';
		if (record.length === 1 && record[0] === '') return;
		if (!this.header) {
			this.header = record;
			return;
		}
		const header = this.header;
		rows.push(Object.fromEntries(header.map((column, index) => [column, cell(record[index] ?? '')])));
	}
}

/** A whole CSV text as rows. */
export function parseCsv(text: string): IDataObject[] {
	const reader = new CsvReader();
	return [...reader.push(text), ...reader.end()];
}

/** JSON results: an array of rows, an object with a `data` or `rows` array, or JSON Lines. Entries that are not
 * objects are not rows and are left out. */
export function parseJsonRows(text: string): IDataObject[] | undefined {
	const trimmed = text.trim();
	const rowsOf = (list: unknown[]) =>
		list.filter((row): row is IDataObject => typeof row === 'object' && row !== null && !Array.isArray(row));
	try {
		const parsed = JSON.parse(trimmed) as unknown;
		if (Array.isArray(parsed)) return rowsOf(parsed);
		if (typeof parsed !== 'object' || parsed === null) return undefined;
		const wrapped = parsed as { data?: unknown; rows?: unknown };
		if (Array.isArray(wrapped.data)) return rowsOf(wrapped.data);
		if (Array.isArray(wrapped.rows)) return rowsOf(wrapped.rows);
		return [parsed as IDataObject];
	} catch {
		const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
		try {
			return rowsOf(lines.map((line) => JSON.parse(line) as unknown));
		} catch {
			return undefined;
		}
	}
}

export type ResultsFormat = 'csv' | 'json' | 'parquet' | 'markup' | 'unknown';

/** What the results file is, from its content type and first bytes. */
export function formatOf(contentType: string, text: string): ResultsFormat {
	if (text.startsWith('PAR1')) return 'parquet';
	const type = contentType.toLowerCase();
	const start = text.trimStart().slice(0, 16).toLowerCase();
	if (type.includes('html') || type.includes('xml') || start.startsWith('<')) return 'markup';
	if (type.includes('json')) return 'json';
	if (type.includes('csv')) return 'csv';
	const first = start[0];
	if (first === '[' || first === '{') return 'json';
	if (type.startsWith('text/') || type === '') return 'csv';
	return 'unknown';
}

/**
 * What Get Results returns as items in one run of the node, whatever the file: every row becomes a JS object in
 * an n8n item, so a file of tiny rows under the download's byte cap could still fill the heap.
 */
export const ROW_BOUNDS = {
	// 200,000 rows as one list read (PAGE_BOUNDS); 256 MB estimated, as measured (bench/queryResults.ts), keeps one run near a quarter of a 1 GB heap.
	maxRows: 200_000,
	maxMemoryBytes: 256 * 1024 * 1024,
	/** JSON nesting read as rows: far deeper than a results row, far shallower than n8n's recursive item copies survive. */
	maxDepth: 100,
};

/** Estimated bytes of one row as an item at its peak besides its cells (object, n8n's item and the copies on the way). */
const ROW_BYTES = 250;
/** Estimated bytes of a cell, a key or a nested list or object besides its text (a string counts 2 bytes a character). */
const CELL_BYTES = 24;

/** The estimated memory of one CSV row as an item. */
export function rowCost(row: IDataObject): number {
	let bytes = ROW_BYTES;
	for (const value of Object.values(row)) bytes += CELL_BYTES + (typeof value === 'string' ? 2 * value.length : 0);
	return bytes;
}

/** What an open bracket began: an object, a list, or a list whose objects are rows (the top-level list, or the
 * `data` / `rows` list of a top-level object). */
const OBJECT = 0;
const LIST = 1;
const ROWS = 2;
type Frame = typeof OBJECT | typeof LIST | typeof ROWS;

/** Characters that end a number, `true`, `false` or `null`. */
const SCALAR_RUN = /[^,:[\]{}"\s]+/y;
/** Characters of a string up to its closing quote or an escape. */
const STRING_RUN = /[^"\\]+/y;

/**
 * JSON text looked at as it arrives, without building it: the rows completed (as `parseJsonRows` will find them),
 * the nesting and an estimate of the memory of the text and of what parsing it makes. `push` stops at the
 * `wanted`-th row (and says where it ended) or past `ROW_BOUNDS.maxDepth` (`tooDeep`).
 */
export class JsonScan {
	rows = 0;
	cost = 0;
	tooDeep = false;
	private readonly stack: Frame[] = [];
	private inString = false;
	private escaped = false;
	/** A key of the top-level object is being read (its first characters are kept, enough to tell `data`/`rows`). */
	private readingKey = false;
	private expectKey = false;
	private key = '';
	/** The open top-level object holds a rows list: it is a wrapper, not a row. */
	private wrapper = false;

	constructor(private readonly wanted: number) {}

	/** Scans `text`; returns the index just past the `wanted`-th row when it ends in `text`. */
	push(text: string): number | undefined {
		// The text is held until parsed, and flattened once to parse it.
		this.cost += 2 * text.length;
		const stack = this.stack;
		for (let i = 0; i < text.length; i++) {
			if (this.inString) {
				if (this.escaped) {
					this.escaped = false;
					continue;
				}
				const char = text[i];
				if (char === '"') {
					this.inString = false;
					this.readingKey = false;
				} else if (char === '\\') {
					this.escaped = true;
					// A key with an escape is never taken for `data` or `rows`: its rows are then bounded as the object's.
					if (this.readingKey) this.key = '\\';
				} else {
					STRING_RUN.lastIndex = i;
					const run = (STRING_RUN.exec(text) as RegExpExecArray)[0];
					if (this.readingKey && this.key.length < 8) this.key += run.slice(0, 8);
					this.cost += 2 * run.length;
					i += run.length - 1;
				}
				continue;
			}
			const char = text[i];
			switch (char) {
				case '"':
					this.inString = true;
					this.cost += CELL_BYTES;
					if (this.expectKey && stack.length === 1) {
						this.readingKey = true;
						this.key = '';
					}
					this.expectKey = false;
					break;
				case '{':
				case '[': {
					const parent = stack.length === 0 ? undefined : stack[stack.length - 1];
					const row = char === '{' && (parent === undefined || parent === ROWS);
					const wrapped = stack.length === 1 && parent === OBJECT && (this.key === 'data' || this.key === 'rows');
					const rowsList = char === '[' && (parent === undefined || wrapped);
					if (rowsList && wrapped) this.wrapper = true;
					stack.push(char === '{' ? OBJECT : rowsList ? ROWS : LIST);
					this.cost += row ? ROW_BYTES : CELL_BYTES;
					this.expectKey = char === '{';
					if (stack.length > ROW_BOUNDS.maxDepth) {
						this.tooDeep = true;
						return undefined;
					}
					break;
				}
				case '}':
				case ']': {
					const closed = stack.pop();
					const parent = stack.length === 0 ? undefined : stack[stack.length - 1];
					const wrapper = parent === undefined && this.wrapper;
					if (parent === undefined) this.wrapper = false;
					if (closed === OBJECT && !wrapper && (parent === undefined || parent === ROWS) && ++this.rows >= this.wanted) return i + 1;
					break;
				}
				case ',':
					this.expectKey = stack.length > 0 && stack[stack.length - 1] === OBJECT;
					break;
				case ':':
				case ' ':
				case '\t':
				case '\n':
				case '\r':
					break;
				default: {
					this.cost += CELL_BYTES;
					SCALAR_RUN.lastIndex = i;
					const run = SCALAR_RUN.exec(text);
					if (run) i += run[0].length - 1;
				}
			}
		}
		return undefined;
	}

	/** What closes the lists and objects still open: after a cut, the text read so far is whole JSON. */
	closers(): string {
		return this.stack
			.map((frame) => (frame === OBJECT ? '}' : ']'))
			.reverse()
			.join('');
	}
}
