import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { type RequestOf } from '../../../shared/endpoints';
import { redactSecrets } from '../../../shared/http/answers';
import type { Role } from '../../../shared/schemas.generated';
import { readRoles, rolesProperty, rolesScopeProperties } from '../fields';
import { clientParams, fullAccessNotice, systemCredentialLocator } from './fields';
import { collection, textField } from '../../../shared/descriptions';

export const option = {
	name: 'Update',
	description: 'Rename a system credential or change its roles',
	action: 'Update a system credential',
};

export const description: INodeProperties[] = [
	systemCredentialLocator('The system credential to change (its client secret stays as it is)'),
	collection('Update Fields', 'updateFields', 'Add Field', [
		textField('Name', 'name', 'e.g. nightly-ingestion', 'The new name'),
	]),
	{
		displayName: 'Roles',
		name: 'rolesChange',
		type: 'options',
		options: [
			{
				name: 'Keep Current Roles',
				value: 'keep',
				description: 'The roles stay as they are (they are read and sent back)',
			},
			{ name: 'Replace Roles', value: 'replace', description: 'The roles below replace those of the scope' },
			{ name: 'Full Access', value: 'full', description: 'Remove every role: the credential can do everything' },
		],
		default: 'keep',
	},
	fullAccessNotice({ rolesChange: ['full'] }),
	...updateDisplayOptions({ show: { rolesChange: ['replace'] } }, [
		...rolesScopeProperties({
			description: "Which of the credential's roles the roles below replace; the others stay as they are",
			all: 'Replace every role, system and dataset roles alike (none left means full access)',
			system: 'Replace only the system roles; dataset roles stay',
			dataset: 'Replace only the roles on one dataset; other roles stay',
		}),
		rolesProperty('The roles the credential has afterwards in the scope'),
	]),
];

/**
 * The service takes a credential sent without roles as one with full access, so every update sends roles: the
 * current ones (read first) unless they are replaced or Full Access is chosen.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = clientParams(item);
	const fields = item.options('updateFields');
	const name = fields.name !== undefined ? item.notEmpty(fields.name, 'Name') : undefined;
	const change = item.param<'keep' | 'replace' | 'full'>('rolesChange', 'keep');
	if (change === 'keep' && name === undefined) {
		throw item.invalid(
			'Update Fields',
			'nothing to change was given',
			'Add a field under "Update Fields", or choose Replace Roles or Full Access.',
		);
	}
	const body: RequestOf<'admin.updateCredentials'> = {};
	if (name !== undefined) body.name = name;
	if (change === 'full') body.roles = [];
	if (change === 'replace') Object.assign(body, await readRoles(item, { scoped: true }));
	if (change === 'keep') {
		const current = await run.call('admin.getCredentials', { params, itemIndex });
		body.roles = (Array.isArray(current.roles) ? current.roles : []) as Role[];
	}
	return redactSecrets(await run.call('admin.updateCredentials', { params, body, itemIndex }));
}
