import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { LoginError, loginFailure } from './login';

export class MediaAnalysisApi implements ICredentialType {
	name = 'mediaAnalysisApi';

	displayName = 'Media Analysis API';

	icon: Icon = {
		light: 'file:../icons/media-analysis.svg',
		dark: 'file:../icons/media-analysis.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-media-analysis/n8n-nodes-media-analysis#credentials';

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
				'Shown once when generated; it expires after 30 days unused or 3 months after creation',
			displayOptions: { show: { authentication: ['personalToken'] } },
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['systemCredentials'] } },
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
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
		const kind =
			credentials.authentication === 'systemCredentials' ? 'systemCredentials' : 'personalToken';
		const baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
		const request: IHttpRequestOptions = {
			method: 'POST',
			url: `${baseUrl}/api/v0/login`,
			json: true,
			body: { grant_type: kind === 'personalToken' ? 'refresh_token' : 'client_credentials' },
		};
		if (kind === 'personalToken') {
			request.headers = { Authorization: `Bearer ${String(credentials.personalToken ?? '')}` };
		} else {
			request.auth = {
				username: String(credentials.clientId ?? ''),
				password: String(credentials.clientSecret ?? ''),
			};
		}

		let response: IDataObject;
		try {
			response = (await this.helpers.httpRequest(request)) as IDataObject;
		} catch (error) {
			throw loginFailure(kind, baseUrl, error);
		}
		if (typeof response?.access_token !== 'string' || response.access_token === '') {
			throw new LoginError(
				'The Media Analysis Service answered the login without an access token',
				`Check that the Base URL (${baseUrl}) points at the Media Analysis Service API, not at the web app.`,
			);
		}
		return { accessToken: response.access_token };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/v1/encoders',
		},
	};
}
