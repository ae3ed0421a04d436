import type { DisplayCondition, IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './router';

const OPERATION = { displayName: 'Operation', name: 'operation' };

const from = (version: number): DisplayCondition => ({ _cnd: { gte: version } });

/** The node versions an operation is offered from (`since`, 1 when absent). */
const sinceOf = (operation: Operation) => operation?.since ?? 1;

/**
 * A resource's parameters: its Operation dropdown (shown for this resource; `field`: its default) and then those of
 * its operations, in the order `operations` lists them, each shown for this resource and operation. The dropdown
 * holds each operation's own `option`, valued by its key and sorted by name (as n8n's lint wants a literal list).
 * An operation with `since` is offered from that node version on: the dropdown comes once per range of versions
 * (`@version` rules), so an older version's dropdown and parameters stay as they were.
 */
export function resourceDescription(
	resource: string,
	operations: Record<string, Operation>,
	field: Pick<INodeProperties, 'default'> & Partial<Omit<INodeProperties, 'options'>>,
): INodeProperties[] {
	const all = Object.entries(operations)
		.map(([value, { option }]): INodePropertyOptions => {
			const { name, ...rest } = option;
			return { name, value, ...rest };
		})
		.sort((a, b) => a.name.localeCompare(b.name));
	const starts = [...new Set(Object.values(operations).map(sinceOf))].sort((a, b) => a - b);
	const dropdowns = starts.map((since, index): INodeProperties => {
		const next = starts[index + 1];
		const displayOptions: IDisplayOptions = { show: { resource: [resource] } };
		if (since > 1) displayOptions.show!['@version'] = [from(since)];
		if (next !== undefined) displayOptions.hide = { '@version': [from(next)] };
		const options = all.filter((option) => sinceOf(operations[String(option.value)]) <= since);
		return { ...OPERATION, type: 'options', noDataExpression: true, options, ...field, displayOptions };
	});
	return [
		...dropdowns,
		...Object.entries(operations).flatMap(([name, operation]) => {
			const show: NonNullable<IDisplayOptions['show']> = { resource: [resource], operation: [name] };
			if (sinceOf(operation) > 1) show['@version'] = [from(sinceOf(operation))];
			return updateDisplayOptions({ show }, operation.description);
		}),
	];
}
