import type { IDataObject, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import type { Role } from '../../shared/schemas.generated';
import { datasetLocator } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import { listLocator } from '../../shared/node';

/** The "By ID" mode of a locator whose IDs the service makes up (not UUIDs): one word, read with `listedId`. */
export function idMode(thing: string, example: string): INodePropertyMode {
	return {
		// Spread, as in the shared uuidMode: a mode has no default.
		...{ displayName: 'By ID', name: 'id' },
		type: 'string',
		placeholder: `e.g. ${example}`,
		validation: [
			{ type: 'regex', properties: { regex: '^\\s*[^\\s/]+\\s*$', errorMessage: `Not a valid ${thing} ID` } },
		],
	};
}

/** The value a locator holds (its `value`, or the text an expression gave), trimmed. */
export function locatorValue(locator: unknown): string {
	const value = locator !== null && typeof locator === 'object' ? (locator as { value?: unknown }).value : locator;
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
}

/** The ID a "From List" or "By ID" locator names, checked before anything is sent. */
export function listedId(item: Item, parameter: string, label: string): string {
	return item.identifier(item.param(parameter, '', { extractValue: true }), label);
}

/** Roles: each a role from the service's list, on one dataset or (without a dataset) on the whole organization. */
export function rolesProperty(description: string): INodeProperties {
	return {
		displayName: 'Roles',
		name: 'roles',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Role',
		default: {},
		description,
		options: [
			{
				displayName: 'Role',
				name: 'role',
				values: [
					listLocator(
						{
							displayName: 'Role',
							name: 'roleId',
							description: 'A role the organization offers (Role › Get Many lists them)',
						},
						'a role',
						'searchRoles',
						[idMode('role', 'viewer')],
					),
					datasetLocator({
						required: false,
						description:
							'For a dataset role, the dataset it applies to. Leave empty for a system role (the whole organization).',
					}),
				],
			},
		],
	};
}

/** Whose roles a change or a listing is about: every role, the organization's (system) roles, or one dataset's. */
export type RolesScope = 'all' | 'system' | 'dataset';

/** The Scope choice and, for one dataset, its picker; `labels` word the choices for the operation. */
export function rolesScopeProperties(labels: Record<RolesScope | 'description', string>): INodeProperties[] {
	return [
		{
			displayName: 'Scope',
			name: 'rolesScope',
			type: 'options',
			options: [
				{ name: 'All Roles', value: 'all', description: labels.all },
				{ name: 'One Dataset', value: 'dataset', description: labels.dataset },
				{ name: 'System Roles', value: 'system', description: labels.system },
			],
			default: 'all',
			description: labels.description,
		},
		datasetLocator({ displayOptions: { show: { rolesScope: ['dataset'] } } }),
	];
}

/** The scope chosen for this item: the service's `roles_context` (`system` or `dataset:<id>`), or none for all roles. */
export async function readRolesScope(item: Item): Promise<{ scope: RolesScope; datasetId?: string; context?: string }> {
	const scope = item.param<RolesScope>('rolesScope', 'all');
	if (scope === 'system') return { scope, context: 'system' };
	if (scope !== 'dataset') return { scope: 'all' };
	const datasetId = await item.datasetId();
	return { scope, datasetId, context: `dataset:${datasetId}` };
}

/**
 * The Roles of this item as the service takes them, checked before anything is sent: each names a role, and a
 * dataset (by list, ID or name) for a dataset role. `scoped` (an update): within the item's Scope, sent as
 * `roles_context`, a role that names no dataset is a role on the scope's dataset; a role outside the scope is refused
 * here, since the service would replace only the scope's roles.
 */
export async function readRoles(
	item: Item,
	{ scoped = false } = {},
): Promise<{ roles: Role[]; roles_context?: string }> {
	const within = scoped ? await readRolesScope(item) : undefined;
	const entries = item.param<IDataObject[]>('roles.role', []);
	const roles: Role[] = [];
	for (const [index, entry] of (Array.isArray(entries) ? entries : []).entries()) {
		const label = `Roles (role ${index + 1})`;
		const roleId = item.identifier(locatorValue(entry.roleId), `${label} Role`);
		const named = locatorValue(entry.datasetId) !== '';
		const datasetId = named
			? await item.datasetId(`roles.role[${index}].datasetId`, `${label} Dataset`)
			: within?.datasetId;
		if (within?.scope === 'system' && datasetId) {
			throw item.invalid(
				`${label} Dataset`,
				'a dataset role is outside the System Roles scope',
				'Leave the dataset empty, or set Scope to All Roles or One Dataset.',
			);
		}
		if (within?.scope === 'dataset' && datasetId !== within.datasetId) {
			throw item.invalid(
				`${label} Dataset`,
				`dataset ${datasetId} is not the dataset of the scope (${within.datasetId})`,
				'Leave the dataset empty (the role then applies to the dataset of the scope), or set Scope to All Roles.',
			);
		}
		roles.push(
			datasetId ? { role_id: roleId, resource: 'dataset', resource_instance: datasetId } : { role_id: roleId },
		);
	}
	return within?.context ? { roles, roles_context: within.context } : { roles };
}
