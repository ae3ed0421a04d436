import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as invitation from './actions/invitation/Invitation.resource';
import * as role from './actions/role/Role.resource';
import * as systemCredential from './actions/systemCredential/SystemCredential.resource';
import * as user from './actions/user/User.resource';
import { searchInvitations, searchRoles, searchSystemCredentials, searchUsers } from './methods/listSearch';

const node = actionNode({
	displayName: 'Media Analysis Administration',
	description: 'Manage the users, roles, invitations and system credentials of your organization',
	resources: { invitation, role, systemCredential, user },
	defaultResource: 'user',
});

export class MediaAnalysisAdministration implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/administration.svg', dark: 'file:../../icons/administration.dark.svg' },
		subtitle: node.subtitle,
		// Deliberately not offered to AI agents (n8n makes a tool only of `true`): this node removes users, changes who
		// may do what and hands out a secret, which a person decides, not a model. Stated here so the lint sees a choice.
		usableAsTool: undefined,
	};

	methods = { listSearch: { searchDatasets, searchInvitations, searchRoles, searchSystemCredentials, searchUsers } };

	execute = node.execute;
}
