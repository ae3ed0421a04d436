import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listLocator } from '../../../shared/node';
import { getListedId, idMode } from '../fields';

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
export function invitationParams(this: IExecuteFunctions, itemIndex: number): { invitation_id: string } {
	return { invitation_id: getListedId.call(this, itemIndex, 'invitationId', 'Invitation') };
}
