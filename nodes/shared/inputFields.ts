import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { booleanField } from './descriptions';

/** "Include Input Fields", as n8n's own nodes offer it; `example` says what those fields typically are. */
export function includeInputFieldsProperty(example: string): INodeProperties {
	return booleanField(
		'Include Input Fields',
		'includeInputFields',
		`Whether to copy the input item's fields into its output item (${example}), before the node's own fields, which win over input fields of the same name`,
	);
}

export function withInputFields(include: boolean, input: IDataObject, own: object): IDataObject {
	return include ? { ...input, ...own } : { ...own };
}
