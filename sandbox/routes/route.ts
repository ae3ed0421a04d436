/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from '../clock';
import type { OperationId } from '../contract';
import type { ConceptRecord } from '../concepts/model';
import { type DatasetRecord, isSoftDeleted } from '../datasets/model';
import { HttpError, type HttpMethod, type Reply } from '../http';
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
	/** The vendor document's operationId (routes built by `operation()`); absent on routes outside the document. */
	operationId?: OperationId;
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

/**
 * The dataset, unless it is unknown or soft-deleted (`includeDeleted` keeps those): then 404 with the service's
 * detail, which differs by area (concepts, classification and search name the ID, dynamic tags the scores table).
 */
export function liveDataset(
	store: SandboxStore,
	id: string,
	{ detail = 'Dataset not found', includeDeleted = false }: { detail?: string; includeDeleted?: boolean } = {},
): DatasetRecord {
	const dataset = store.datasets.get(id);
	if (!dataset || (isSoftDeleted(dataset) && !includeDeleted)) throw new HttpError(404, detail);
	return dataset;
}

/** The concepts, classification and search 404: `Dataset not found: <id>`. */
export const namedLiveDataset = (store: SandboxStore, id: string) =>
	liveDataset(store, id, { detail: `Dataset not found: ${id}` });

export function findConcept(store: SandboxStore, id: string): ConceptRecord {
	const concept = store.concepts.concepts.get(id);
	if (!concept) throw new HttpError(404, `Concept not found: ${id}`);
	return concept;
}

/** `meta` of the connections and queries lists: the page and relative links with the same filters, null at either end. */
export function linkedPageMeta(base: string, context: RequestContext, offset: number, limit: number, total: number) {
	const link = (at: number) => {
		const params = new URLSearchParams(context.rawQuery);
		params.set('offset', String(at));
		params.set('limit', String(limit));
		return `${base}?${params.toString()}`;
	};
	return {
		page: { current_page: Math.floor(offset / limit) + 1, limit, offset },
		links: {
			current: link(offset),
			previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
			next: offset + limit < total ? link(offset + limit) : null,
		},
	};
}

/** One `page`/`per_page` page (celebrity persons, dynamic tags): `meta` with `has_next_page`, then the page's data. */
export function numberedPage<T, R>(
	all: T[],
	{ page, per_page }: { page: number; per_page: number },
	map: (entry: T) => R,
) {
	const start = (page - 1) * per_page;
	return {
		meta: { page: { page, per_page }, has_next_page: start + per_page < all.length },
		data: all.slice(start, start + per_page).map(map),
	};
}
