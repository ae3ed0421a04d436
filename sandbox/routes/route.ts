/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from '../clock';
import type { HttpMethod, Reply } from '../http';
import type { Principal, SandboxStore } from '../store';
import type { RequestParts } from '../validation';

export interface RequestContext extends RequestParts {
	method: string;
	path: string;
	rawQuery: string;
	headers: IncomingHttpHeaders;
	store: SandboxStore;
	clock: Clock;
	/** Set by the pipeline before the handler runs on every route with `auth: 'access-token'`. */
	principal?: Principal;
}

export interface RouteDefinition {
	method: HttpMethod;
	/** Path pattern; `{name}` matches one segment. */
	path: string;
	auth: 'access-token' | 'none';
	handle(context: RequestContext): Reply | Promise<Reply>;
}

export function principalOf(context: RequestContext): Principal {
	if (!context.principal)
		throw new Error(`${context.method} ${context.path} is not declared with auth: 'access-token'`);
	return context.principal;
}
