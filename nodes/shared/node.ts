import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyMode,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from './aiTool';
import { parallelRequestsProperties, route, type OperationMap, type Operation, type RouteOptions } from './router';
import { labelledSubtitle } from './subtitle';

/** A `<Resource>.resource.ts` module: its operations by value, and its Operation dropdown with their parameters. */
export interface ResourceModule {
	operations: Record<string, Operation>;
	description: INodeProperties[];
}

export interface ActionNodeSpec extends RouteOptions {
	/** "Media Analysis Datasets": the type name (`mediaAnalysisDatasets`) follows from it. */
	displayName: string;
	description: string;
	/** resource value → its module, in the order of the router's table (and of the Tool Descriptions, Request Options). */
	resources: Record<string, ResourceModule>;
	defaultResource: string;
	/** The Resource dropdown; by default each resource's value in words ("filteredSearch": "Filtered Search"), by name. */
	resourceOptions?: INodePropertyOptions[];
	/** The resource whose parameters are listed before the others', where it was so from version 1 on. */
	listedFirst?: string;
	/** The Tool Descriptions after the resources' parameters instead of before the Resource dropdown. */
	toolDescriptionsLast?: boolean;
	/**
	 * The node's versions, oldest first, when a change needed a new one (architecture.md: "Every node is version 1…");
	 * a new node gets the last. Parameters tell versions apart by `@version` display rules.
	 */
	versions?: number[];
}

const words = (value: string) => value.replace(/^./, (c) => c.toUpperCase()).replace(/([a-z])([A-Z])/g, '$1 $2');

/**
 * An action node's description and `execute`: the Resource dropdown, each resource's parameters, the Tool
 * Descriptions (of operations that export one) and Request Options, the subtitle in the menus' words; every item
 * runs through `route`. The node's own file adds the icon, the subtitle and `usableAsTool`, which n8n's lint reads there.
 */
export function actionNode(spec: ActionNodeSpec): {
	description: Omit<INodeTypeDescription, 'icon' | 'subtitle' | 'usableAsTool'>;
	subtitle: string;
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
} {
	const { displayName, resources, defaultResource, listedFirst, toolDescriptionsLast, secretParameters } = spec;
	const operations: OperationMap = Object.fromEntries(
		Object.entries(resources).map(([value, resource]) => [value, resource.operations]),
	);
	const listed = Object.keys(resources).sort((a, b) => Number(b === listedFirst) - Number(a === listedFirst));
	const tools = toolDescriptionProperties(operations);
	const properties: INodeProperties[] = [
		...(toolDescriptionsLast ? [] : tools),
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options:
				spec.resourceOptions ??
				Object.keys(resources)
					.map((value) => ({ name: words(value), value }))
					.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultResource,
		},
		...listed.flatMap((value) => resources[value].description),
		...(toolDescriptionsLast ? tools : []),
		...parallelRequestsProperties(operations),
	];
	return {
		description: {
			displayName,
			name: displayName.replace(/ /g, '').replace(/^./, (c) => c.toLowerCase()),
			group: ['transform'],
			...(spec.versions && spec.versions.length > 1
				? { version: spec.versions, defaultVersion: spec.versions[spec.versions.length - 1] }
				: { version: 1 }),
			description: spec.description,
			defaults: { name: displayName },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'mediaAnalysisApi', required: true }],
			properties,
		},
		subtitle: labelledSubtitle(properties),
		async execute(this: IExecuteFunctions) {
			return await route.call(this, operations, { secretParameters });
		},
	};
}

/**
 * A picker of a record the service lists: "From List" (`searchListMethod`, searchable; its placeholder "Select
 * <which>...", e.g. "a concept", unless `placeholder`), then `modes`. `parameter` names it and may set anything else
 * (it wins).
 */
export function listLocator(
	parameter: Partial<INodeProperties> & Pick<INodeProperties, 'displayName' | 'name'>,
	which: string,
	searchListMethod: string,
	modes: INodePropertyMode[],
	placeholder = `Select ${which}...`,
): INodeProperties {
	return {
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder,
				typeOptions: { searchListMethod, searchable: true },
			},
			...modes,
		],
		...parameter,
	};
}

export function notice(name: string, text: string, displayOptions?: IDisplayOptions): INodeProperties {
	return { displayName: text, name, type: 'notice', default: '', ...(displayOptions ? { displayOptions } : {}) };
}
