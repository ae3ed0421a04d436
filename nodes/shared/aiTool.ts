import type { INodeProperties } from 'n8n-workflow';

/**
 * What an action node offers when n8n runs it as an AI tool. n8n (1.x and 2.x) gives every node marked
 * `usableAsTool` a variant whose type name is the node's with "Tool" appended (`mediaAnalysisSearchTool`), and
 * evaluates the display rule `'@tool'` from that name (true in the variant, false in the node itself), in the
 * editor and when it fills in defaults before a run. So a parameter can have its own default for tools, shown
 * where the user sees it, and read like any other.
 */

/** The default Limit of a list when the node runs as a tool: a model reads every item a tool returns. */
export const TOOL_LIMIT = 10;

/** The parameter only in the node's AI-tool variant. */
export function forTools(parameter: INodeProperties): INodeProperties {
	return {
		...parameter,
		displayOptions: { ...parameter.displayOptions, show: { ...parameter.displayOptions?.show, '@tool': [true] } },
	};
}

/** The parameter only in the node itself (a workflow step, not a tool). */
export function forWorkflows(parameter: INodeProperties): INodeProperties {
	return {
		...parameter,
		displayOptions: { ...parameter.displayOptions, show: { ...parameter.displayOptions?.show, '@tool': [false] } },
	};
}

/** A Limit (a number parameter): its own default in workflows, TOOL_LIMIT in the AI-tool variant. */
export function limitForTools(limit: INodeProperties): INodeProperties[] {
	return [forWorkflows(limit), forTools({ ...limit, default: TOOL_LIMIT })];
}

/** What each operation says to a model, read from its module's `toolDescription`. */
type ToolDescribed = Record<string, Record<string, object>>;

/**
 * The Tool Description of each operation, shown only in the AI-tool variant: what a model reads about the tool (what
 * it does, what it needs, what it returns), starting from the operation's `toolDescription`, which the user can
 * edit. n8n adds its own "Tool Description: Set Automatically" (the operation's action, e.g. "Get a query in Media
 * Analysis Queries") only to nodes that declare no `toolDescription`.
 */
export function toolDescriptionProperties(operations: ToolDescribed): INodeProperties[] {
	return Object.entries(operations).flatMap(([resource, byName]) =>
		Object.entries(byName).flatMap(([operation, implementation]) => {
			const text = (implementation as { toolDescription?: unknown }).toolDescription;
			if (typeof text !== 'string') return [];
			return [
				forTools({
					displayName: 'Tool Description',
					name: 'toolDescription',
					type: 'string',
					typeOptions: { rows: 3 },
					required: true,
					default: text,
					description:
						'What the AI model reads about this tool: what it does, what it needs and what it returns. Say here when the model should use it.',
					displayOptions: { show: { resource: [resource], operation: [operation] } },
				}),
			];
		}),
	);
}
