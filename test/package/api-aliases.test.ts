/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: every named type of nodes/shared/api.ts is used somewhere, so the file keeps no unused aliases (issue 26, item 5). */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const apiFile = join(root, 'nodes/shared/api');

const sources = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.name === 'node_modules' || entry.name === 'dist'
			? []
			: entry.isDirectory()
				? sources(join(dir, entry.name))
				: /\.ts$/.test(entry.name)
					? [join(dir, entry.name)]
					: [],
	);

/** The names every file imports from api.ts (`import type { A, B as C } from '…/shared/api'`). */
function importedFromApi(): Set<string> {
	const names = new Set<string>();
	for (const file of ['nodes', 'credentials', 'test', 'sandbox', 'scripts', 'bench'].flatMap((dir) =>
		sources(join(root, dir)),
	)) {
		for (const [, list, from] of readFileSync(file, 'utf8').matchAll(
			/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
		)) {
			if (!from.startsWith('.') || resolve(dirname(file), from) !== apiFile) continue;
			for (const name of list.split(','))
				names.add(
					name
						.replace(/^\s*type\s+/, '')
						.split(/\s+as\s+/)[0]
						.trim(),
				);
		}
	}
	return names;
}

describe('nodes/shared/api.ts', () => {
	test('every export is imported somewhere (no unused aliases)', () => {
		const exported = [...readFileSync(`${apiFile}.ts`, 'utf8').matchAll(/^export type (\w+)/gm)].map(
			([, name]) => name,
		);
		const imported = importedFromApi();
		expect(exported.length).toBeGreaterThan(10);
		expect(exported.filter((name) => !imported.has(name))).toEqual([]);
	});
});
