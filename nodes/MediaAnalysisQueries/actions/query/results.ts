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
