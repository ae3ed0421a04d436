import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { logIn } from './login';

export class MediaAnalysisApi implements ICredentialType {
	name = 'mediaAnalysisApi';

	displayName = 'Media Analysis API';

	icon: Icon = {
		light: 'file:../icons/media-analysis.svg',
		dark: 'file:../icons/media-analysis.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-media-analysis/n8n-nodes-media-analysis/blob/main/docs/nodes/MediaAnalysisApi.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.coactive.ai',
			placeholder: 'e.g. https://api.coactive.ai',
			description: 'Address of the Media Analysis Service, without a trailing path',
			required: true,
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Personal Token',
					value: 'personalToken',
					description: 'A token any user can generate in the app (recommended)',
				},
				{
					name: 'System Credentials',
					value: 'systemCredentials',
					description: 'Client ID and client secret issued to system administrators',
				},
			],
			default: 'personalToken',
		},
		{
			displayName: 'Personal Token',
			name: 'personalToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Any user generates one in the Media Analysis web app; it is shown only once, so copy it then (generate a new one if it is lost). It expires after 30 days unused or 3 months after creation.',
			displayOptions: { show: { authentication: ['personalToken'] } },
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description:
				'System credentials identify your organization rather than a person and do not expire. Only a Media Analysis system administrator can issue them: ask one for a client ID and client secret.',
			displayOptions: { show: { authentication: ['systemCredentials'] } },
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Issued with the client ID by a system administrator; ask them to regenerate it if it may have leaked',
			displayOptions: { show: { authentication: ['systemCredentials'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	// n8n calls this when the access token is empty and once after any 401, then retries the request.
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return { accessToken: await logIn(this, credentials) };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	// Never followed: a redirect to another host would carry the access token there (n8n sends it by default).
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/v1/encoders',
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		rules: [301, 302, 303, 307, 308].map((value) => ({
			type: 'responseCode' as const,
			properties: {
				value,
				message: `The Base URL answered with a redirect (${value}), which n8n does not follow with your credential: set the Base URL to the address of the Media Analysis Service API itself`,
			},
		})),
	};
}
