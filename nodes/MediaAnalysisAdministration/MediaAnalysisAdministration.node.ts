import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as invitation from './actions/invitation/Invitation.resource';
import * as role from './actions/role/Role.resource';
import * as systemCredential from './actions/systemCredential/SystemCredential.resource';
import * as user from './actions/user/User.resource';
import { searchInvitations, searchRoles, searchSystemCredentials, searchUsers } from './methods/listSearch';

const OPERATIONS: OperationMap = {
	invitation: invitation.operations,
	role: role.operations,
	systemCredential: systemCredential.operations,
	user: user.operations,
};

const PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Invitation', value: 'invitation' },
			{ name: 'Role', value: 'role' },
			{ name: 'System Credential', value: 'systemCredential' },
			{ name: 'User', value: 'user' },
		],
		default: 'user',
	},
	...invitation.description,
	...role.description,
	...systemCredential.description,
	...user.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisAdministration implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Administration',
		name: 'mediaAnalysisAdministration',
		icon: { light: 'file:../../icons/administration.svg', dark: 'file:../../icons/administration.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Manage the users, roles, invitations and system credentials of your organization',
		defaults: { name: 'Media Analysis Administration' },
		// Deliberately not offered to AI agents (n8n makes a tool only of `true`): this node removes users, changes who
		// may do what and hands out a secret, which a person decides, not a model. Stated here so the lint sees a choice.
		usableAsTool: undefined,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchDatasets, searchInvitations, searchRoles, searchSystemCredentials, searchUsers } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
