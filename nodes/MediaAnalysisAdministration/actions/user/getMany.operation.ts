import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { booleanField, collection, returnAllOrLimit, textField } from '../../../shared/descriptions';
import { splitList } from '../../../shared/validation';

export const option = { name: 'Get Many', description: 'List the users of the organization', action: 'Get many users' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(),
	collection('Filters', 'filters', 'Add Filter', [
		booleanField('Include Roles', 'includeRoles', "Whether to return each user's roles too"),
		textField('Search', 'search', 'e.g. ana', 'Only users whose name or email contains this text'),
		textField(
			'User IDs',
			'userIds',
			'e.g. auth0|65f1a2b3c4d5e6f708192a3b, auth0|65f1a2b3c4d5e6f708192a3c',
			'Comma-separated user IDs; only these are returned',
		),
	]),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const filters = item.options('filters');
	const qs: IDataObject = {};
	if (typeof filters.search === 'string' && filters.search.trim()) qs.query = filters.search.trim();
	if (filters.userIds !== undefined) {
		const ids = splitList(filters.userIds).map((id) => item.identifier(id, 'User IDs'));
		if (ids.length > 0) qs.user_ids = ids;
	}
	if (filters.includeRoles === true) qs.include_roles = true;
	return await run.list('admin.listUsers', { qs, itemIndex, limit: 'parameters' });
}
