import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** "Include Input Fields", as n8n's own nodes offer it; `example` says what those fields typically are. */
export function includeInputFieldsProperty(example: string): INodeProperties {
	return {
		displayName: 'Include Input Fields',
		name: 'includeInputFields',
		type: 'boolean',
		default: false,
		description: `Whether to copy the input item's fields into its output item (${example}), before the node's own fields, which win over input fields of the same name`,
	};
}

export function withInputFields(include: boolean, input: IDataObject, own: object): IDataObject {
	return include ? { ...input, ...own } : { ...own };
}
