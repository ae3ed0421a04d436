import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * "Include Input Fields", as n8n's own nodes offer it: the input item's fields are copied into its output item, so a
 * row's other columns travel on without a Merge. `example` says what those fields typically are.
 */
export function includeInputFieldsProperty(example: string): INodeProperties {
	return {
		displayName: 'Include Input Fields',
		name: 'includeInputFields',
		type: 'boolean',
		default: false,
		description: `Whether to copy the input item's fields into its output item (${example}), before the node's own fields, which win over input fields of the same name`,
	};
}

/** The output item with Include Input Fields: the input's fields first, the node's own fields over them. */
export function withInputFields(include: boolean, input: IDataObject, own: object): IDataObject {
	return include ? { ...input, ...own } : { ...own };
}
