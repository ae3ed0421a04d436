import type { INodeProperties } from 'n8n-workflow';

/**
 * What an action node offers as an AI tool. n8n evaluates the display rule `'@tool'` from the type name of a node's
 * "…Tool" variant, in the editor and when it fills in defaults, so a parameter can have its own default for tools.
 */

/** A model reads every item a tool returns. */
export const TOOL_LIMIT = 10;

/** The parameter shown only in the AI-tool variant (`tool`) or only in workflows. */
const shownWhenTool =
	(tool: boolean) =>
	(parameter: INodeProperties): INodeProperties => ({
		...parameter,
		displayOptions: { ...parameter.displayOptions, show: { ...parameter.displayOptions?.show, '@tool': [tool] } },
	});

export const forTools = shownWhenTool(true);
export const forWorkflows = shownWhenTool(false);

/** A Limit (a number parameter): its own default in workflows, TOOL_LIMIT in the AI-tool variant. */
export function limitForTools(limit: INodeProperties): INodeProperties[] {
	return [forWorkflows(limit), forTools({ ...limit, default: TOOL_LIMIT })];
}

type ToolDescribed = Record<string, Record<string, object>>;

/** The Tool Description of each operation (its `toolDescription`, which the user can edit), only in the tool variant. */
export function toolDescriptionProperties(operations: ToolDescribed): INodeProperties[] {
	return Object.entries(operations).flatMap(([resource, byName]) =>
		Object.entries(byName).flatMap(([operation, implementation]) => {
			const { toolDescription: text, since } = implementation as { toolDescription?: unknown; since?: number };
			if (typeof text !== 'string') return [];
			const show = { resource: [resource], operation: [operation] };
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
					displayOptions: { show: since ? { ...show, '@version': [{ _cnd: { gte: since } }] } : show },
				}),
			];
		}),
	);
}
