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
import { loadExamples, QUICK_START_FILE } from '../../scripts/n8n-runtime/examples';
import { PACKAGE_NAME } from '../../scripts/n8n-runtime/package';

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

/** Each node of the package by its type name, with the version n8n gives a new node. */
const latest = new Map(
	pkg.n8n.nodes.map((distPath) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'))) as Record<
			string,
			new () => INodeType | IVersionedNodeType
		>;
		const { description } = new (Object.values(exported).find((value) => typeof value === 'function')!)() as INodeType;
		return [description.name, Math.max(...([] as number[]).concat(description.version))];
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

	test("has no Code node: n8n's own no-code nodes (IF, Merge, Edit Fields, Aggregate, Summarize, …) do the work", () => {
		expect(nodes.filter((node) => /\.(code|function|functionItem)$/.test(node.type)).map((node) => node.name)).toEqual(
			[],
		);
	});

	test('runs as its canvas shows it: no Execute Once, a setting the canvas does not show', () => {
		expect(nodes.filter((node) => (node as { executeOnce?: boolean }).executeOnce).map((node) => node.name)).toEqual(
			[],
		);
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
				.filter(
					(locator) =>
						/datasetId$/.test(locator.path) && locator.mode !== 'name' && !String(locator.value).startsWith('='),
				)
				.map((locator) => `${node.name}: ${locator.path} ${locator.mode} ${String(locator.value)}`),
		);
		expect(fixedIds).toEqual([]);
		const text = JSON.stringify(example.workflow);
		const seeded = [...Object.values(SEED_DATASET_IDS), ...Object.values(SEED_CONCEPT_IDS)].filter((id) =>
			text.includes(id),
		);
		expect(seeded).toEqual([]);
	});
});

/**
 * README's Quick start (issue 32, item 8): the first workflow a new user imports is small, names no concept of the
 * sandbox in what it decides, and README and `npm start` point at it before the others.
 */
describe(`examples/${QUICK_START_FILE}: README's Quick start`, () => {
	const quickStart = examples.find((example) => example.file === QUICK_START_FILE);
	const nodes = quickStart?.workflow.nodes ?? [];
	const sticky = nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
	const expressions = (value: unknown): string[] =>
		typeof value === 'string'
			? value.startsWith('=')
				? [value]
				: []
			: value !== null && typeof value === 'object'
				? Object.values(value).flatMap(expressions)
				: [];

	test('is listed first, so `npm start` and `npm run demo` show it first', () => {
		expect(examples[0]?.file).toBe(QUICK_START_FILE);
	});

	test('has at most 6 nodes besides one sticky note of at most 60 words', () => {
		expect(nodes.length - sticky.length).toBeLessThanOrEqual(6);
		expect(sticky).toHaveLength(1);
		const words = String(sticky[0]?.parameters?.content ?? '')
			.split(/[\s#*`]+/)
			.filter((word) => /[a-z]/i.test(word));
		expect(words.length).toBeLessThanOrEqual(60);
	});

	test('runs from a Manual Trigger, ingests with Wait for Completion and classifies with this package', () => {
		const types = nodes.map((node) => node.type);
		expect(types).toContain('n8n-nodes-base.manualTrigger');
		const ingest = nodes.find((node) => ours(node) && nameOf(node) === 'mediaAnalysisIngestion');
		expect(ingest?.parameters).toMatchObject({
			resource: 'job',
			operation: 'createFromImages',
			waitForCompletion: true,
		});
		const classify = nodes.find((node) => ours(node) && nameOf(node) === 'mediaAnalysisConcepts');
		expect(classify?.parameters).toMatchObject({
			resource: 'classification',
			operation: 'classifyImage',
			classifyAgainst: 'dataset',
		});
	});

	test('needs no Split Out: the ingest outputs one item per image, which Ready? reads directly', () => {
		expect(nodes.map((node) => node.type)).not.toContain('n8n-nodes-base.splitOut');
		const ingest = nodes.find((node) => ours(node) && nameOf(node) === 'mediaAnalysisIngestion');
		const next = (quickStart?.workflow.connections as Record<string, { main: Array<Array<{ node: string }>> }>)[
			String(ingest?.name)
		];
		expect(next?.main[0]?.map((link) => link.node)).toEqual(['Ready?']);
	});

	test("decides on fields every classification has, never a concept's own field (works for any dataset's concepts)", () => {
		// `<concept>_score` / `<concept>_positive` are named after one concept; the seeded concepts' names likewise.
		const conceptual = new RegExp(`_score\\b|_positive\\b|${Object.keys(SEED_CONCEPT_IDS).join('|')}`);
		const named = nodes.flatMap((node) =>
			expressions(node.parameters)
				.filter((text) => conceptual.test(text))
				.map((text) => `${node.name}: ${text}`),
		);
		expect(named).toEqual([]);
	});

	test("README's Quick start imports it, before the CSV example", () => {
		const readme = readFileSync(join(root, 'README.md'), 'utf8');
		const section = readme.slice(
			readme.indexOf('## Quick start'),
			readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
		);
		const files = [...section.matchAll(/examples\/([\w-]+\.json)/g)].map((match) => match[1]);
		expect(files[0]).toBe(QUICK_START_FILE);
	});
});
