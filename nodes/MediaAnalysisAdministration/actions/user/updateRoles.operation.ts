import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { readRoles, rolesProperty, rolesScopeProperties } from '../fields';
import { getUserId, userLocator } from './fields';

export const option = { name: 'Update Roles', description: "Replace a user's roles", action: 'Update roles of a user' };

export const description: INodeProperties[] = [
	userLocator('The user whose roles to replace'),
	...rolesScopeProperties({
		description: "Which of the user's roles the roles below replace; the others stay as they are",
		all: 'Replace every role of the user, system and dataset roles alike',
		system: 'Replace only the system roles; dataset roles stay',
		dataset: 'Replace only the roles on one dataset; other roles stay',
	}),
	rolesProperty('The roles the user has afterwards in the scope. None removes every role of the scope.'),
];

/** The service replaces the roles within the scope (`roles_context`) and answers the user with all their roles. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const userId = await getUserId(item);
	const body = await readRoles(item, { scoped: true });
	return await run.call('admin.updateUserRoles', { params: { user_id: userId }, body, itemIndex });
}
