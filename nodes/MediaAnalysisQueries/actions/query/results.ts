import type { IDataObject } from 'n8n-workflow';

/** A cell as written, or a number when the text is exactly that number (so "007" and "1.50" stay text). */
function cell(text: string): string | number {
	if (text === '') return text;
	const number = Number(text);
	return Number.isFinite(number) && String(number) === text ? number : text;
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF ends a record. */
export function parseCsv(text: string): IDataObject[] {
	const records: string[][] = [];
	let record: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') {
				quoted = false;
			} else {
				field += char;
			}
		} else if (char === '"') {
			quoted = true;
		} else if (char === ',') {
			record.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			record.push(field);
			records.push(record);
			record = [];
			field = '';
		} else {
			field += char;
		}
	}
	if (field !== '' || record.length > 0) {
		record.push(field);
		records.push(record);
	}
	const [header, ...rows] = records.filter((row) => !(row.length === 1 && row[0] === ''));
	if (!header) return [];
	return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, cell(row[index] ?? '')])));
}

/** JSON results: an array of rows, an object with a `data` or `rows` array, or JSON Lines. */
export function parseJsonRows(text: string): IDataObject[] | undefined {
	const trimmed = text.trim();
	try {
		const parsed = JSON.parse(trimmed) as unknown;
		if (Array.isArray(parsed)) return parsed as IDataObject[];
		const wrapped = parsed as { data?: unknown; rows?: unknown };
		if (Array.isArray(wrapped?.data)) return wrapped.data as IDataObject[];
		if (Array.isArray(wrapped?.rows)) return wrapped.rows as IDataObject[];
		return [parsed as IDataObject];
	} catch {
		const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
		try {
			return lines.map((line) => JSON.parse(line) as IDataObject);
		} catch {
			return undefined;
		}
	}
}

export type ResultsFormat = 'csv' | 'json' | 'parquet' | 'unknown';

/** What the results file is, from its content type and first bytes. */
export function formatOf(contentType: string, text: string): ResultsFormat {
	if (text.startsWith('PAR1')) return 'parquet';
	const type = contentType.toLowerCase();
	if (type.includes('json')) return 'json';
	if (type.includes('csv')) return 'csv';
	const first = text.trimStart()[0];
	if (first === '[' || first === '{') return 'json';
	if (type.startsWith('text/') || type === '') return 'csv';
	return 'unknown';
}
