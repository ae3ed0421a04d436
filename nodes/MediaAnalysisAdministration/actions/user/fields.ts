import type { INodeProperties } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import { ALL } from '../../../shared/run';
import { listLocator } from '../../../shared/node';
import { idMode, listedId } from '../fields';

/** A user picker: From List (searchable by name or email), By ID, or By Email (looked up when the node runs). */
export function userLocator(description: string): INodeProperties {
	return listLocator({ displayName: 'User', name: 'userId', description }, 'a user', 'searchUsers', [
		idMode('user', 'auth0|65f1a2b3c4d5e6f708192a3b'),
		{
			// Spread, as in the shared nameMode: a mode has no default.
			...{ displayName: 'By Email', name: 'email' },
			type: 'string',
			placeholder: 'e.g. ana@example.com',
			hint: "The user's email address; it is looked up when the node runs",
		},
	]);
}

/** The user ID this item names: as given (From List, By ID), or the one user whose email is the one given. */
export async function getUserId(item: Item): Promise<string> {
	const locator = item.param<{ mode?: string } | string>('userId', {});
	if (typeof locator !== 'object' || locator.mode !== 'email') return listedId(item, 'userId', 'User');
	const email = item.email(item.param('userId', '', { extractValue: true }), 'User');
	const key = email.toLowerCase();
	// Looked up once per run: many items naming one user cost one look-up. The service's search matches part of a
	// name or email; the exact address (in any case) is picked here.
	const lookup = item.run.lookup(JSON.stringify(['user', key]), async () =>
		item.run.list('admin.listUsers', { qs: { query: email }, itemIndex: item.index, limit: ALL }),
	);
	const matching = (await lookup).filter((user) => typeof user.email === 'string' && user.email.toLowerCase() === key);
	if (matching.length === 1 && typeof matching[0].user_id === 'string') return matching[0].user_id;
	throw item.invalid(
		'User',
		matching.length === 0
			? `no user of the organization has the email "${email}"`
			: `${matching.length} users have the email "${email}"`,
		matching.length === 0
			? 'Check the address, or choose the user From List. A person who was invited but has not accepted yet is an invitation, not a user.'
			: `Choose the user From List or By ID: ${matching.map((user) => String(user.user_id)).join(', ')}.`,
	);
}
