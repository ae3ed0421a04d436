/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Dev-only: the words of test/support/panel-words.ts find their node through n8n's own node panel search
 * (`sublimeSearch` of @n8n/utils, the release n8n-workflow 2.41.0 depends on), over each node's display name and its
 * codex aliases, weighted as the panel weighs them. A fuzzy match needs every letter of the query in order within one
 * name or one alias, so several words need an alias of several words. The editor test types them in Chromium.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { INodeType } from 'n8n-workflow';

import { PANEL_WORDS } from '../support/panel-words';

interface PanelItem {
	key: string;
	properties: { displayName: string; codex: { alias: string[] } };
}
type Search = (query: string, items: PanelItem[]) => Array<{ score: number; item: PanelItem }>;

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
// The @n8n/utils that n8n-workflow (pinned at n8n's release) brings, not whichever another package hoisted.
const searchModule = require.resolve('@n8n/utils/search/sublime-search', {
	paths: [dirname(require.resolve('n8n-workflow/package.json'))],
});
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sublimeSearch } = require(searchModule) as { sublimeSearch: Search };

const items: PanelItem[] = pkg.n8n.nodes.map((distPath) => {
	const source = join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, ''));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(`${source}.ts`) as Record<string, new () => INodeType>;
	const Node = Object.values(exported).find((value) => typeof value === 'function') as new () => INodeType;
	const { description } = new Node();
	const codex = JSON.parse(readFileSync(`${source}.json`, 'utf8')) as { alias: string[] };
	return { key: description.name, properties: { displayName: description.displayName, codex: { alias: codex.alias } } };
});

describe("the node panel's search (n8n's sublimeSearch over display names and aliases)", () => {
	test.each(PANEL_WORDS)('"$query" finds $node', ({ query, node }) => {
		const found = sublimeSearch(query, items).map(({ item }) => item.properties.displayName);
		expect({ query, found }).toEqual({ query, found: expect.arrayContaining([node]) });
	});

	test('a phrase no alias holds finds nothing, so the cases above can fail', () => {
		expect(sublimeSearch('ingest images backwards', items)).toEqual([]);
	});
});
