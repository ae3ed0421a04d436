/* eslint-disable @n8n/community-nodes/require-node-api-error --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { z } from 'zod';
import { type Authorization, invalidCredentials, issueAccessToken, notAuthenticated, readAuthorization } from '../auth';
import { jsonReply, type Reply } from '../http';
import type { Principal } from '../store';
import { validate } from '../validation';
import type { RequestContext, RouteDefinition } from './route';

const loginBody = z.object({ grant_type: z.enum(['refresh_token', 'client_credentials']) });

export const loginRoutes: RouteDefinition[] = [
	{
		method: 'POST',
		path: '/api/v0/login',
		auth: 'none',
		handle(context) {
			try {
				const reply = login(context);
				context.store.counters.logins++;
				return reply;
			} catch (error) {
				context.store.counters.failedLogins++;
				throw error;
			}
		},
	},
];

function login(context: RequestContext): Reply {
	const { body } = validate(context, { body: loginBody });
	const authorization = readAuthorization(context.headers.authorization);
	if (!authorization) throw notAuthenticated();
	const principal =
		body.grant_type === 'refresh_token'
			? personalTokenPrincipal(context, authorization)
			: systemClientPrincipal(context, authorization);
	if (!principal) throw invalidCredentials();
	return jsonReply(200, issueAccessToken(context.store, context.clock, principal));
}

function personalTokenPrincipal(context: RequestContext, authorization: Authorization): Principal | undefined {
	if (authorization.scheme !== 'bearer') return undefined;
	const record = context.store.personalTokens.get(authorization.token);
	if (!record || record.revoked) return undefined;
	return { kind: 'personal-token', userId: record.userId, personalToken: authorization.token };
}

function systemClientPrincipal(context: RequestContext, authorization: Authorization): Principal | undefined {
	if (authorization.scheme !== 'basic') return undefined;
	const client = context.store.systemClients.get(authorization.username);
	if (client)
		return client.secret === authorization.password
			? { kind: 'system-client', userId: client.userId, clientId: authorization.username }
			: undefined;
	// System credentials created through the administration endpoints log in the same way until they are deleted.
	const created = context.store.administration.clients.get(authorization.username);
	if (!created || created.secret !== authorization.password) return undefined;
	return { kind: 'system-client', userId: `client:${created.id}`, clientId: created.id };
}
