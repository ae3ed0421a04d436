/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the published code's `as unknown as` casts stay few, and each says why (issue 26, item 3). */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
/** At most this many casts that set the type checker aside: each a place where no type can be stated honestly. */
const MAX_CASTS = 5;

const sources = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
	);

const casts = ['nodes', 'credentials']
	.flatMap((dir) => sources(join(root, dir)))
	.filter((file) => !file.endsWith('.generated.ts'))
	.flatMap((file) => {
		const lines = readFileSync(file, 'utf8').split('\n');
		return lines.flatMap((line, index) =>
			/\bas\s+unknown\s+as\b/.test(line)
				? [{ at: `${relative(root, file)}:${index + 1}`, reason: lines[index - 1]?.trim() ?? '' }]
				: [],
		);
	});

describe('`as unknown as` in nodes/ and credentials/', () => {
	test(`at most ${MAX_CASTS}`, () => {
		expect(casts.length).toBeGreaterThan(0);
		expect(casts.length <= MAX_CASTS ? [] : casts.map(({ at }) => at)).toEqual([]);
	});

	test('each with its reason in a comment on the line above', () => {
		expect(casts.filter(({ reason }) => !/^\/\/\s*\S.{10,}/.test(reason)).map(({ at }) => at)).toEqual([]);
	});
});
