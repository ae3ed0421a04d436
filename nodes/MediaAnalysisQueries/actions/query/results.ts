import type { IDataObject } from 'n8n-workflow';

/** A cell as written, or a number when the text is exactly that number (so "007" and "1.50" stay text). */
function cell(text: string): string | number {
	if (text === '') return text;
	const number = Number(text);
	return Number.isFinite(number) && String(number) === text ? number : text;
}

const PLAIN_RUN = /[^,"\r\n]+/y;
const LINE_BREAK = /\r\n?|\n/g;

/** A CSV file whose quoting breaks RFC 4180: `where` names the line and column, `what` the problem. */
export class CsvError extends Error {
	constructor(
		readonly where: string,
		readonly what: string,
	) {
		super(`${where}: ${what}`);
	}
}

/**
 * RFC 4180 CSV read chunk by chunk (a chunk may end anywhere, even inside `""` or CRLF), so a file is read as it
 * arrives. Nothing is dropped: a repeated column name gets a suffix (`id_2`), an empty one and a cell past the header
 * a position (`column_4`); a short row has the missing cells empty. Broken quoting throws a `CsvError` naming the
 * line and column, rather than reading the rest of the file as one cell.
 */
export class CsvReader {
	private names: string[] | undefined;
	private headerLength = 0;
	private readonly taken = new Set<string>();
	private record: string[] = [];
	private field = '';
	private quoted = false;
	/** The current field began with a quote (so an empty line of `""` is a row). */
	private opened = false;
	/** A quote inside a quoted field whose next character decides: a second quote, or the field's end. */
	private quoteSeen = false;
	/** The last character of the chunks read so far: a CR there and an LF first in the next are one line break. */
	private last = '';
	/** The line being read (1-based, line breaks inside quoted fields count), and where the open quoted field began. */
	private line = 1;
	private openedOn = 1;
	/** Broken quoting, thrown once the rows before it in the same chunk are taken (the same, whatever the chunks). */
	private failure: CsvError | undefined;

	push(text: string): IDataObject[] {
		const rows: IDataObject[] = [];
		if (!this.failure) this.read(text, rows);
		if (this.failure && rows.length === 0) throw this.failure;
		return rows;
	}

	private read(text: string, rows: IDataObject[]): void {
		for (let i = 0; i < text.length; i++) {
			const char = text[i];
			if (this.quoteSeen) {
				this.quoteSeen = false;
				if (char === '"') {
					this.field += '"';
					continue;
				}
				this.quoted = false;
				if (char !== ',' && char !== '\r' && char !== '\n') {
					const on = this.line === this.openedOn ? '' : ` on line ${this.line}`;
					return this.fail(
						this.openedOn,
						`a quoted field begins here and has ${JSON.stringify(char)} after its closing quote${on}, where a comma or line break belongs (a quote never closed, or a quote inside not doubled)`,
					);
				}
			}
			if (this.quoted) {
				const close = text.indexOf('"', i);
				const part = close === -1 ? text.slice(i) : text.slice(i, close);
				this.field += part;
				// Its line breaks count (a CRLF split between two chunks once).
				const before = i > 0 ? text[i - 1] : this.last;
				this.line += (part.match(LINE_BREAK)?.length ?? 0) - (before === '\r' && part[0] === '\n' ? 1 : 0);
				if (close === -1) break;
				i = close;
				this.quoteSeen = true;
			} else if (char === ',') {
				this.record.push(this.field);
				this.field = '';
				this.opened = false;
			} else if (char === '\n' || char === '\r') {
				if (char === '\n' && (i > 0 ? text[i - 1] : this.last) === '\r') continue;
				this.endRecord(rows);
				this.line++;
			} else if (char === '"') {
				if (this.field !== '') {
					return this.fail(
						this.line,
						'a quote inside a field that does not begin with one (a field holding quotes is wrapped in quotes, its quotes doubled)',
					);
				}
				this.quoted = this.opened = true;
				this.openedOn = this.line;
			} else {
				PLAIN_RUN.lastIndex = i;
				const run = PLAIN_RUN.exec(text) as RegExpExecArray;
				this.field += run[0];
				i += run[0].length - 1;
			}
		}
		this.last = text[text.length - 1] ?? this.last;
	}

	end(): IDataObject[] {
		if (this.quoted && !this.quoteSeen)
			this.fail(this.openedOn, 'a quoted field begins here and never closes: the file ends inside it');
		if (this.failure) throw this.failure;
		const rows: IDataObject[] = [];
		if (this.field !== '' || this.record.length > 0 || this.opened) this.endRecord(rows);
		return rows;
	}

	private fail(line: number, what: string): void {
		const index = this.record.length;
		const name = this.names && index < this.names.length ? ` (${JSON.stringify(this.names[index])})` : '';
		this.failure ??= new CsvError(`line ${line}, column ${index + 1}${name}`, what);
	}

	/** `wanted`, or it with the first free suffix (`_2`, `_3`, …), never a name the header or another column holds. */
	private free(wanted: string): string {
		let name = wanted;
		for (let suffix = 2; this.taken.has(name); suffix++) name = `${wanted}_${suffix}`;
		this.taken.add(name);
		return name;
	}

	private endRecord(rows: IDataObject[]): void {
		this.record.push(this.field);
		const record = this.record;
		const opened = this.opened;
		this.record = [];
		this.field = '';
		this.opened = false;
		if (record.length === 1 && record[0] === '' && !opened) return;
		if (!this.names) {
			for (const name of record) this.taken.add(name);
			const seen = new Set<string>();
			this.names = record.map((name, index) => {
				if (name === '' || seen.has(name)) return this.free(name === '' ? `column_${index + 1}` : name);
				seen.add(name);
				return name;
			});
			this.headerLength = record.length;
			return;
		}
		const names = this.names;
		while (names.length < record.length) names.push(this.free(`column_${names.length + 1}`));
		const count = Math.max(this.headerLength, record.length);
		rows.push(Object.fromEntries(names.slice(0, count).map((name, index) => [name, cell(record[index] ?? '')])));
	}
}

export function parseCsv(text: string): IDataObject[] {
	const reader = new CsvReader();
	return [...reader.push(text), ...reader.end()];
}

/** JSON results: an array of rows, an object with a `data` or `rows` array, or JSON Lines. */
export function parseJsonRows(text: string): IDataObject[] | undefined {
	const trimmed = text.trim();
	// An entry that is not an object (a number, a list) is still a row: kept as `value`, never dropped.
	const rowsOf = (list: unknown[]) =>
		list.map((row) =>
			typeof row === 'object' && row !== null && !Array.isArray(row)
				? (row as IDataObject)
				: { value: row as IDataObject[keyof IDataObject] },
		);
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

/** Content types that say nothing of the format (or the spreadsheet's, given to `.csv`): the content decides. */
const GENERIC_TYPE = /^(?:application\/octet-stream|binary\/octet-stream|application\/vnd\.ms-excel)?$/;
/** Control characters no CSV or JSON text holds (tab, CR and LF aside): a binary file. */
const BINARY = /(?![\t\n\r])\p{Cc}/u;

export function formatOf(contentType: string, text: string): ResultsFormat {
	if (text.startsWith('PAR1')) return 'parquet';
	const type = contentType.split(';')[0].trim().toLowerCase();
	const start = text.trimStart().slice(0, 16).toLowerCase();
	if (type.includes('html') || type.includes('xml') || start.startsWith('<')) return 'markup';
	if (type.includes('json')) return 'json';
	if (type.includes('csv')) return 'csv';
	const first = start[0];
	if (first === '[' || first === '{') return 'json';
	if (type.startsWith('text/') || (GENERIC_TYPE.test(type) && !BINARY.test(text))) return 'csv';
	return 'unknown';
}

/** What Get Results returns as items in one run: a file of tiny rows under the byte cap could still fill the heap. */
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

const SCALAR_RUN = /[^,:[\]{}"\s]+/y;
const STRING_RUN = /[^"\\]+/y;

/**
 * JSON text scanned as it arrives, without building it: rows completed (as `parseJsonRows` finds them), nesting and
 * estimated memory. `push` stops at the `wanted`-th row (returning where it ended) or past `maxDepth` (`tooDeep`).
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
					if (closed === OBJECT && !wrapper && (parent === undefined || parent === ROWS) && ++this.rows >= this.wanted)
						return i + 1;
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
		return this.stack.reduceRight((text, frame) => text + (frame === OBJECT ? '}' : ']'), '');
	}
}
