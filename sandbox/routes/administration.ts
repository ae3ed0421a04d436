import {
	createClient,
	createInvitation,
	listInvitations,
	listUsers,
	MAX_PAGE_SIZE,
	readContext,
	replaceInContext,
	updateClient,
} from '../administration/contract';
import {
	type ClientRecord,
	compareUsers,
	INVITATION_LIFETIME_MS,
	randomWord,
	ROLE_DEFINITIONS,
	toClientResponse,
	toInvitation,
	toUserResponse,
} from '../administration/model';
import { operation } from '../contract';
import { HttpError, jsonReply, type Reply } from '../http';
import { principalOf, type RequestContext, type RouteDefinition } from './route';

/** `PagedMeta` of the users and invitations lists: the page with its total, relative links with the same query. */
function pagedMeta(path: string, context: RequestContext, offset: number, limit: number, total: number) {
	const link = (at: number) => {
		const params = new URLSearchParams(context.rawQuery);
		params.set('offset', String(at));
		params.set('limit', String(limit));
		return `${path}?${params.toString()}`;
	};
	const last = Math.max(0, Math.ceil(total / limit) - 1) * limit;
	return {
		page: {
			current_page: Math.floor(offset / limit) + 1,
			last_page: Math.max(1, Math.ceil(total / limit)),
			limit,
			offset,
			total,
		},
		links: {
			prev: offset > 0 ? link(Math.max(0, offset - limit)) : null,
			next: offset + limit < total ? link(offset + limit) : null,
			first: link(0),
			last: link(last),
		},
		sort: [{ direction: 'asc', field: 'created_at' }],
	};
}

/** An answer that, from a careless service, quotes the client's secret (see `echoSecrets`). */
function quotingClient(context: RequestContext, client: ClientRecord, error: unknown): never {
	if (!context.store.administration.echoSecrets || !(error instanceof HttpError) || !Array.isArray(error.detail))
		throw error;
	const detail = (error.detail as Array<Record<string, unknown>>).map((entry) => ({
		...entry,
		msg: `${String(entry.msg)} (client ${client.id}, whose secret is ${client.secret})`,
		ctx: { client: { client_id: client.id, client_secret: client.secret, name: client.name } },
	}));
	throw new HttpError(error.status, detail);
}

function clientOf(context: RequestContext, id: string): ClientRecord {
	const client = context.store.administration.clients.get(id);
	if (!client) throw new HttpError(404, 'System-level credentials not found');
	return client;
}

const clientReply = (context: RequestContext, client: ClientRecord, status = 200): Reply =>
	jsonReply(status, toClientResponse(client, { withSecret: context.store.administration.echoSecrets }));

/** Who is acting, by name, as an invitation's inviter shows it. */
function actorName(context: RequestContext): string {
	const principal = principalOf(context);
	const { administration } = context.store;
	if (principal.kind === 'system-client')
		return administration.clients.get(principal.clientId)?.name ?? 'System credentials';
	return administration.users.get(principal.userId)?.name ?? principal.userId;
}

export const administrationRoutes: RouteDefinition[] = [
	// Users
	operation('list-users', listUsers, (context, { query }) => {
		const text = query.query?.trim().toLowerCase();
		const ids = query.user_ids && query.user_ids.length > 0 ? new Set(query.user_ids) : undefined;
		const matching = [...context.store.administration.users.values()]
			.filter(
				(user) =>
					(!text || `${user.name} ${user.email ?? ''}`.toLowerCase().includes(text)) && (!ids || ids.has(user.id)),
			)
			.sort(compareUsers);
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		return jsonReply(200, {
			users: matching
				.slice(query.offset, query.offset + limit)
				.map((user) => toUserResponse(user, query.include_roles)),
			meta: pagedMeta('/api/v1/auth-management/users', context, query.offset, limit, matching.length),
		});
	}),
	operation('remove-user', (context, { path }) => {
		if (!context.store.administration.users.delete(path.user_id)) throw new HttpError(404, 'User not found');
		return { status: 200 };
	}),
	operation('update-user-roles', (context, { path, body }) => {
		const user = context.store.administration.users.get(path.user_id);
		if (!user) throw new HttpError(404, 'User not found');
		const scope = readContext(context.store, body.roles_context, ['body', 'roles_context']);
		user.roles = replaceInContext(context.store, user.roles, body.roles, scope);
		return jsonReply(200, toUserResponse(user));
	}),
	operation('list-roles', (context, { query }) => {
		const scope = readContext(context.store, query.roles_context, ['query', 'roles_context']);
		const roles = ROLE_DEFINITIONS.filter(
			(role) =>
				scope.kind === 'all' || (scope.kind === 'system' ? role.resource === null : role.resource === 'dataset'),
		);
		return jsonReply(200, { roles: roles.map((role) => ({ ...role })) });
	}),

	// Invitations
	operation('create-invitation', createInvitation, (context, { body }) => {
		const now = context.clock.now();
		const roles = replaceInContext(context.store, [], body.roles ?? [], { kind: 'all' });
		const id = `uinv_${randomWord(16)}`;
		const invitation = {
			id,
			inviterName: actorName(context),
			name: body.name,
			email: body.email,
			roles,
			createdAt: now,
			expiresAt: now + INVITATION_LIFETIME_MS,
			ticket: randomWord(32),
		};
		context.store.administration.invitations.set(id, invitation);
		return jsonReply(201, toInvitation(invitation));
	}),
	operation('list-invitations', listInvitations, (context, { query }) => {
		const pending = context.store.administration.pending(context.clock.now());
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		return jsonReply(200, {
			user_invitations: pending.slice(query.offset, query.offset + limit).map(toInvitation),
			meta: pagedMeta('/api/v1/auth-management/user-invitations', context, query.offset, limit, pending.length),
		});
	}),
	operation('get-invitation', (context, { path }) => {
		const invitation = context.store.administration
			.pending(context.clock.now())
			.find((candidate) => candidate.id === path.invitation_id);
		if (!invitation) throw new HttpError(404, 'Invitation not found');
		return jsonReply(200, toInvitation(invitation));
	}),
	operation('delete-invitation', (context, { path }) => {
		const { administration } = context.store;
		const pending = administration
			.pending(context.clock.now())
			.some((candidate) => candidate.id === path.invitation_id);
		if (!pending) throw new HttpError(404, 'Invitation not found');
		administration.invitations.delete(path.invitation_id);
		return { status: 200 };
	}),

	// System credentials
	operation('create-credentials', createClient, (context, { body }) => {
		const roles = replaceInContext(context.store, [], body.roles ?? [], { kind: 'all' });
		const client: ClientRecord = {
			id: randomWord(32),
			secret: `sbx_cs_${randomWord(48)}`,
			name: body.name,
			roles,
			createdAt: context.clock.now(),
		};
		context.store.administration.clients.set(client.id, client);
		// The one answer that holds the secret.
		return jsonReply(201, toClientResponse(client, { withSecret: true }));
	}),
	operation('list-credentials', (context) => {
		const clients = [...context.store.administration.clients.values()].sort(
			(a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
		);
		return jsonReply(
			200,
			clients.map((client) => toClientResponse(client, { withSecret: context.store.administration.echoSecrets })),
		);
	}),
	operation('get-credentials', (context, { path }) => clientReply(context, clientOf(context, path.client_id))),
	operation('update-credentials', updateClient, (context, { path, body }) => {
		const client = clientOf(context, path.client_id);
		try {
			const scope = readContext(context.store, body.roles_context, ['body', 'roles_context']);
			// As the document says: without roles the credential has full access (every role of the scope removed).
			client.roles = replaceInContext(context.store, client.roles, body.roles ?? [], scope);
		} catch (error) {
			quotingClient(context, client, error);
		}
		if (body.name !== null && body.name !== undefined) client.name = body.name;
		return clientReply(context, client);
	}),
	operation('delete-credentials', (context, { path }) => {
		const client = clientOf(context, path.client_id);
		context.store.administration.clients.delete(client.id);
		// Its access tokens are revoked with it.
		for (const [token, session] of context.store.accessTokens) {
			if (session.principal.kind === 'system-client' && session.principal.clientId === client.id)
				context.store.accessTokens.delete(token);
		}
		return { status: 200 };
	}),
];
