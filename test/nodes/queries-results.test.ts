/* Dev-only: reading query results files (CSV, JSON) into rows, as Get Results does with Output "Rows". */
import { formatOf, parseCsv, parseJsonRows } from '../../nodes/MediaAnalysisQueries/actions/query/results';
import { RESULT_COLUMNS, toCsv } from '../../sandbox/queries/model';

describe('parseCsv', () => {
	test('reads RFC 4180: quotes, doubled quotes, commas and line breaks inside fields, CRLF or LF', () => {
		const text = 'name,note,count\r\n"Smith, J.","said ""hi""\nthen left",3\nplain,,007\n';
		expect(parseCsv(text)).toEqual([
			{ name: 'Smith, J.', note: 'said "hi"\nthen left', count: 3 },
			{ name: 'plain', note: '', count: '007' },
		]);
	});

	test('numbers become numbers only when the text is exactly that number', () => {
		expect(parseCsv('a,b,c,d\n1.5,1.50,-2,1e3\n')).toEqual([{ a: 1.5, b: '1.50', c: -2, d: '1e3' }]);
	});

	test('a file without a trailing line break, or with only a header, reads correctly', () => {
		expect(parseCsv('a,b\n1,2')).toEqual([{ a: 1, b: 2 }]);
		expect(parseCsv('a,b\n')).toEqual([]);
		expect(parseCsv('')).toEqual([]);
	});

	test('round-trips what the sandbox writes', () => {
		const rows = [{ row_number: 1, asset_id: 'x', asset_type: 'image', path: 'a,"b".jpg', score: 0.25 }];
		expect(parseCsv(toCsv(rows))).toEqual(rows);
		expect(Object.keys(parseCsv(toCsv(rows))[0])).toEqual([...RESULT_COLUMNS]);
	});
});

describe('parseJsonRows and formatOf', () => {
	test('an array, a {data} or {rows} wrapper, or JSON Lines', () => {
		expect(parseJsonRows('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
		expect(parseJsonRows('{"data":[{"a":1}]}')).toEqual([{ a: 1 }]);
		expect(parseJsonRows('{"rows":[{"a":1}]}')).toEqual([{ a: 1 }]);
		expect(parseJsonRows('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
		expect(parseJsonRows('not json')).toBeUndefined();
	});

	test('the format comes from the content type, else from the first bytes', () => {
		expect(formatOf('text/csv; charset=utf-8', 'a,b')).toBe('csv');
		expect(formatOf('application/json', '[]')).toBe('json');
		expect(formatOf('application/octet-stream', 'PAR1....')).toBe('parquet');
		expect(formatOf('', '[{"a":1}]')).toBe('json');
		expect(formatOf('', 'a,b\n1,2')).toBe('csv');
		expect(formatOf('application/octet-stream', '\u0000\u0001')).toBe('unknown');
	});
});
