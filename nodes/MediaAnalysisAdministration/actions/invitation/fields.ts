import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getListedId, listedLocator } from '../fields';

/** An invitation picker: From List (the pending invitations, searchable by email or name) or By ID. */
export function invitationLocator(description: string): INodeProperties {
	return listedLocator({
		displayName: 'Invitation',
		name: 'invitationId',
		thing: 'invitation',
		example: 'uinv_8fK2mQ7rT4wX9zLb',
		searchListMethod: 'searchInvitations',
		description,
	});
}

/** The path value naming the invitation chosen in this item. */
export function invitationParams(this: IExecuteFunctions, itemIndex: number): { invitation_id: string } {
	return { invitation_id: getListedId.call(this, itemIndex, 'invitationId', 'Invitation') };
}
