import type { DisplayCondition, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The Operation dropdown of one resource in both node versions. Version 1.1 lists `options`; version 1 (workflows
 * saved before the status operations were merged) also lists the operations that were merged away, which still
 * run, and keeps its own default, because n8n does not save an operation left at its default.
 */
export function operationDropdown(
	resource: string,
	options: INodePropertyOptions[],
	defaults: { current: string; version1: string; version1Only?: INodePropertyOptions[] },
): INodeProperties[] {
	const dropdown = (version: Array<number | DisplayCondition>, list: INodePropertyOptions[], defaultValue: string): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource], '@version': version } },
		options: list,
		default: defaultValue,
	});
	const version1 = [...options, ...(defaults.version1Only ?? [])].sort((a, b) => a.name.localeCompare(b.name));
	return [
		dropdown([{ _cnd: { gte: 1.1 } }], options, defaults.current),
		dropdown([1], version1, defaults.version1),
	];
}
