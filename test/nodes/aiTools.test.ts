/* Dev-only: what the action nodes give a model as AI tools (n8n's "… Tool" variants), checked for every node at once:
 * a Tool Description per operation that n8n hands the model, the Limits a tool starts with, and the nodes' own parts
 * unchanged outside tools. Each node's own file tests what its tool returns. */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { TOOL_LIMIT } from '../../nodes/shared/aiTool';
import { documented } from '../../scripts/node-docs';
import { createHarness } from '../harness/engine';
import { PACKAGE } from './setup';

/** Every node package.json lists, by type; nothing here sends a request. */
const nodes = documented().flatMap((subject) => (subject.kind === 'node' ? [subject.node] : []));
const harness = createHarness({
	nodeTypes: Object.fromEntries(nodes.map((node) => [`${PACKAGE}.${node.description.name}`, node])),
});
afterAll(() => harness.dispose());
const TYPES = Object.fromEntries(nodes.map((node) => [node.description.name, `${PACKAGE}.${node.description.name}`]));

/** The nodes of this change; Concepts (and others) join by calling toolDescriptionProperties. */
const DESCRIBED = [
	'mediaAnalysisDatasets',
	'mediaAnalysisIngestion',
	'mediaAnalysisSearch',
	'mediaAnalysisConnections',
	'mediaAnalysisQueries',
	'mediaAnalysisConversationalSearch',
	'mediaAnalysisAdSegments',
	'mediaAnalysisDynamicTags',
	'mediaAnalysisCelebrityDetection',
];

const description = (type: string): INodeTypeDescription => harness.nodeTypes.getByNameAndVersion(type).description;
const declaresToolDescriptions = (d: INodeTypeDescription) => d.properties.some((p) => p.name === 'toolDescription');
const actionNodes = Object.entries(TYPES).filter(([name]) => !name.endsWith('Trigger'));
const described = actionNodes.filter(([, type]) => declaresToolDescriptions(description(type)));

/** Every resource and operation the node lists, from its dropdowns. */
function operationsOf(d: INodeTypeDescription): Array<{ resource: string; operation: string }> {
	const resources = (d.properties.find((p) => p.name === 'resource')?.options ?? []) as Array<{ value: string }>;
	return resources.flatMap(({ value: resource }) => {
		const dropdown = d.properties.find(
			(p: INodeProperties) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		);
		return ((dropdown?.options ?? []) as Array<{ value: string }>).map(({ value }) => ({ resource, operation: value }));
	});
}

/** The node as n8n holds it in a workflow (defaults filled for its type), and n8n's description of it as a tool. */
function asToolInWorkflow(type: string, parameters: INode['parameters']): { node: INode; text: string } {
	const workflow = new Workflow({
		nodes: [{ id: '1', name: 'Tool', type, typeVersion: 1, position: [0, 0], parameters }],
		connections: {},
		active: false,
		nodeTypes: harness.nodeTypes,
	});
	const node = workflow.getNode('Tool')!;
	return { node, text: NodeHelpers.getToolDescriptionForNode(node, harness.nodeTypes.getByNameAndVersion(type, 1)) };
}

test('the nodes of this change declare a Tool Description', () => {
	expect(described.map(([key]) => key)).toEqual(expect.arrayContaining(DESCRIBED));
});

describe.each(described)('%s', (name, type) => {
	const node = description(type);

	test('every operation hands the model its own Tool Description (what it does, needs, returns) in the tool variant', () => {
		const texts = new Set<string>();
		for (const { resource, operation } of operationsOf(node)) {
			const { node: tool, text } = asToolInWorkflow(`${type}Tool`, { resource, operation });
			expect({ resource, operation, text }).toEqual({
				resource,
				operation,
				text: expect.stringMatching(/^[A-Z].{40,500}\.$/s),
			});
			if (DESCRIBED.includes(name))
				expect({ resource, operation, needs: /Needs /.test(text) }).toEqual({ resource, operation, needs: true });
			expect(tool.parameters.toolDescription).toBe(text);
			// n8n adds its own "Set Automatically" (the action only) to nodes without a Tool Description: not to these.
			expect(tool.parameters).not.toHaveProperty('descriptionType');
			texts.add(text);
		}
		expect(texts.size).toBe(operationsOf(node).length);
	});

	test('a Tool Description the user wrote (n8n saves it, with descriptionType from before) is what the model reads', () => {
		const [{ resource, operation }] = operationsOf(node);
		const written = 'Use this when the user asks about their beach photos.';
		const { text } = asToolInWorkflow(`${type}Tool`, {
			resource,
			operation,
			descriptionType: 'manual',
			toolDescription: written,
		});
		expect(text).toBe(written);
	});

	test('outside the tool variant the node shows no Tool Description and its Limits start at 50', () => {
		for (const { resource, operation } of operationsOf(node)) {
			const { node: step } = asToolInWorkflow(type, { resource, operation });
			expect(step.parameters).not.toHaveProperty('toolDescription');
			if ('limit' in step.parameters)
				expect({ resource, operation, limit: step.parameters.limit }).toEqual({ resource, operation, limit: 50 });
		}
	});

	test(`in the tool variant every Limit starts at ${TOOL_LIMIT}`, () => {
		for (const { resource, operation } of operationsOf(node)) {
			const { node: tool } = asToolInWorkflow(`${type}Tool`, { resource, operation });
			if ('limit' in tool.parameters)
				expect({ resource, operation, limit: tool.parameters.limit }).toEqual({
					resource,
					operation,
					limit: TOOL_LIMIT,
				});
		}
	});
});
