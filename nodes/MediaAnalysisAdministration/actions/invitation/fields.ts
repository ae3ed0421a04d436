import type { INodeProperties } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import { listLocator } from '../../../shared/node';
import { idMode, listedId } from '../fields';

/** An invitation picker: From List (the pending invitations, searchable by email or name) or By ID. */
export function invitationLocator(description: string): INodeProperties {
	return listLocator(
		{ displayName: 'Invitation', name: 'invitationId', description },
		'a invitation',
		'searchInvitations',
		[idMode('invitation', 'uinv_8fK2mQ7rT4wX9zLb')],
	);
}

/** The path value naming the invitation chosen in this item. */
export function invitationParams(item: Item): { invitation_id: string } {
	return { invitation_id: listedId(item, 'invitationId', 'Invitation') };
}
