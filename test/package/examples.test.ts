/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Dev-only: what every workflow in examples/ must be for a no-code user (issue 24, item 8), checked without n8n: no Code
 * node, this package's nodes at their latest versions, datasets By Name or from an expression, never a sandbox ID.
 * What each example produces is checked in a real n8n (test/e2e/example-checks.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { loadExamples } from '../../scripts/n8n-runtime/examples';
import { PACKAGE_NAME } from '../../scripts/n8n-runtime/package';

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

/** Each node of the package by its type name, with the version n8n gives a new node. */
const latest = new Map(
	pkg.n8n.nodes.map((distPath) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'))) as Record<string, new () => INodeType | IVersionedNodeType>;
		const { description } = new (Object.values(exported).find((value) => typeof value === 'function')!)() as INodeType;
		const versions = ([] as number[]).concat(description.version);
		return [description.name, description.defaultVersion ?? Math.max(...versions)];
	}),
);

const examples = loadExamples();
type Node = (typeof examples)[number]['workflow']['nodes'][number];
const ours = (node: Node) => node.type.startsWith(`${PACKAGE_NAME}.`);
const nameOf = (node: Node) => node.type.slice(PACKAGE_NAME.length + 1).replace(/Tool$/, '');

/** Every resource locator in a node's parameters, with its path. */
function locators(value: unknown, path = ''): Array<{ path: string; mode: string; value: unknown }> {
	if (value === null || typeof value !== 'object') return [];
	const record = value as Record<string, unknown>;
	if (record.__rl === true) return [{ path, mode: String(record.mode), value: record.value }];
	return Object.entries(record).flatMap(([key, inner]) => locators(inner, path ? `${path}.${key}` : key));
}

describe.each(examples.map((example) => [example.file, example] as const))('examples/%s', (_file, example) => {
	const { nodes } = example.workflow;

	test('has no Code node: n8n\'s own no-code nodes (IF, Merge, Edit Fields, Aggregate, Summarize, …) do the work', () => {
		expect(nodes.filter((node) => /\.(code|function|functionItem)$/.test(node.type)).map((node) => node.name)).toEqual([]);
	});

	test('uses each node of this package at its latest version', () => {
		const behind = nodes
			.filter(ours)
			.filter((node) => node.typeVersion !== latest.get(nameOf(node)))
			.map((node) => `${node.name}: ${nameOf(node)} ${node.typeVersion}, latest ${String(latest.get(nameOf(node)))}`);
		expect(behind).toEqual([]);
	});

	test('names datasets By Name (or takes an ID from an expression), never a sandbox ID', () => {
		const fixedIds = nodes.filter(ours).flatMap((node) =>
			locators(node.parameters)
				.filter((locator) => /datasetId$/.test(locator.path) && locator.mode !== 'name' && !String(locator.value).startsWith('='))
				.map((locator) => `${node.name}: ${locator.path} ${locator.mode} ${String(locator.value)}`),
		);
		expect(fixedIds).toEqual([]);
		const text = JSON.stringify(example.workflow);
		const seeded = [...Object.values(SEED_DATASET_IDS), ...Object.values(SEED_CONCEPT_IDS)].filter((id) => text.includes(id));
		expect(seeded).toEqual([]);
	});
});
