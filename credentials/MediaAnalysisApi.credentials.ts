import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { HINTS } from '../nodes/shared/http/failures';
import { credentialFingerprint, logIn, LoginError } from './login';

export class MediaAnalysisApi implements ICredentialType {
	name = 'mediaAnalysisApi';

	displayName = 'Media Analysis API';

	icon: Icon = {
		light: 'file:../icons/media-analysis.svg',
		dark: 'file:../icons/media-analysis.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-media-analysis/n8n-nodes-media-analysis/blob/main/docs/nodes/MediaAnalysisApi.md';

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
					description: 'A token any user can generate in the Coactive app (recommended)',
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
				'Generate one in the Coactive app: app.coactive.ai → your name (top right) → Settings → Credentials → Personal Token. It is shown only once, so copy it then (generate a new one if it is lost). It expires after 30 days unused or 3 months after creation.',
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
			description:
				'Issued with the client ID by a system administrator; ask them to regenerate it if it may have leaked',
			displayOptions: { show: { authentication: ['systemCredentials'] } },
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSSLIssues',
			type: 'boolean',
			default: false,
			description:
				'Whether to connect even if the certificate of the Base URL cannot be verified (self-signed, expired or for another host name). Only for a server you trust: anyone between n8n and it could read the token.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			// What the access token was obtained with: a SHA-256 hash of the Base URL and the secret (see authenticate).
			displayName: 'Access Token For',
			name: 'accessTokenFor',
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
	];

	// n8n calls this when the access token is empty, on every credential test, and once after a 401 (then it retries
	// the request); it saves what is returned with the credential.
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return { accessToken: await logIn(this, credentials), accessTokenFor: credentialFingerprint(credentials) };
	}

	/**
	 * A saved token obtained with other settings (the credential was edited) is never sent: the request is refused
	 * with a 401 before it leaves, so n8n logs in with what the credential holds now and sends it again.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (credentials.accessTokenFor !== credentialFingerprint(credentials)) {
			throw Object.assign(
				new LoginError(
					'The access token saved with the Media Analysis credential was obtained with other settings',
					'The personal token, client secret or Base URL of the credential changed since n8n logged in. Run again: n8n logs in with the current settings.',
					'401',
				),
				{ response: { status: 401 } },
			);
		}
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.accessToken)}` },
			...(credentials.ignoreSSLIssues === true ? { skipSslCertificateValidation: true } : {}),
		};
	}

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
				message: `The Base URL answered with a redirect (${value}), which n8n does not follow with your credential. ${HINTS.baseUrl}`,
			},
		})),
	};
}
