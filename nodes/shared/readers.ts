import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listEndpoint } from './endpoints';
import { paginate, WAIT_DEFAULTS, type ApiContext, type ApiRequest, type PageStyle, type WaitOptions } from './transport';
import { assertNotEmpty, assertRange, assertUuid, invalidParameter, type NodeContext } from './validation';

/**
 * Readers of the parameters `descriptions.ts` builds, for one item: locators (By Name looked up once per name and
 * run), Return All / Limit, Wait for Completion, connections. Each checks what it reads before anything is sent.
 */

/** Reads a dataset locator for one item and checks it is a UUID before anything is sent. */
export function getDatasetId(this: IExecuteFunctions, itemIndex: number, parameter = 'datasetId', label = 'Dataset'): string {
	const value = this.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	return assertUuid.call(this, value, label, itemIndex);
}

/** Names already looked up in one node run (a run of 10,000 items naming one dataset costs one look-up). */
const resolvedNames = new WeakMap<object, Map<string, Promise<IDataObject[]>>>();

/** What a "By Name" locator looks names up among: `records` gives every candidate whose name may match. */
export interface NameLookup {
	/** The kind of record, in messages ("dataset", "concept"). */
	kind: string;
	records: (this: IExecuteFunctions, name: string, itemIndex: number) => Promise<IDataObject[]>;
	/** True when `records` lists every record whatever the name: one listing then serves every name of the run. */
	listsAll?: boolean;
	/** The record's ID field (`id` unless said). */
	idField?: string;
}

/**
 * The ID of the one record whose name is exactly the locator's value; looked up once per name in a node run. No
 * match, or several, is an error naming the parameter and the item and saying how to fix it.
 */
export async function idByName(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	{ kind, records, listsAll = false, idField = 'id' }: NameLookup,
): Promise<string> {
	const name = assertNotEmpty.call(this, this.getNodeParameter(parameter, itemIndex, '', { extractValue: true }), label, itemIndex);
	let cache = resolvedNames.get(this);
	if (!cache) resolvedNames.set(this, (cache = new Map()));
	const key = JSON.stringify(listsAll ? [kind] : [kind, name]);
	let lookup = cache.get(key);
	if (!lookup) {
		lookup = records.call(this, name, itemIndex);
		cache.set(key, lookup);
	}
	return onlyIdNamed.call(this, await lookup, name, { kind, label, itemIndex, idField });
}

/**
 * The ID of the one record among `records` whose name is exactly `name`. None, or several, is an error naming the
 * parameter and the item and saying how to fix it (any context: an execution, a poll, a list in the editor).
 */
export function onlyIdNamed(
	this: NodeContext,
	records: IDataObject[],
	name: string,
	{ kind, label, itemIndex, idField = 'id' }: { kind: string; label: string; itemIndex: number; idField?: string },
): string {
	const named = records.filter((record) => record.name === name);
	const ids = named.map((record) => record[idField]);
	if (ids.length === 1 && typeof ids[0] === 'string') return ids[0];
	throw invalidParameter.call(
		this,
		label,
		itemIndex,
		named.length === 0 ? `no ${kind} is named "${name}"` : `${named.length} ${kind}s are named "${name}"`,
		named.length === 0
			? `Check the exact name (names are case-sensitive), or choose the ${kind} From List.`
			: `Choose the ${kind} From List or By ID: ${ids.map(String).join(', ')}.`,
	);
}

/** True when the locator parameter is in its "By Name" mode. */
export function isByName(this: IExecuteFunctions, itemIndex: number, parameter: string): boolean {
	const locator = this.getNodeParameter(parameter, itemIndex, {}) as { mode?: string } | string;
	return typeof locator === 'object' && locator.mode === 'name';
}

/** The datasets whose name contains `name` (the service filters by a part of the name; the exact one is picked after). */
export function datasetsMatching(context: ApiContext, name: string, itemIndex?: number): Promise<IDataObject[]> {
	return paginate.call(context, ...listEndpoint('datasets.list', { qs: { name_pattern: name }, itemIndex }), { returnAll: true });
}

const datasetsNamed: NameLookup = {
	kind: 'dataset',
	records(name, itemIndex) {
		return datasetsMatching(this, name, itemIndex);
	},
};

/**
 * Reads a dataset locator that may be "By Name": the name is looked up among the datasets and its ID returned.
 * Other modes are read as `getDatasetId`.
 */
export async function resolveDatasetId(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter = 'datasetId',
	label = 'Dataset',
): Promise<string> {
	if (!isByName.call(this, itemIndex, parameter)) return getDatasetId.call(this, itemIndex, parameter, label);
	return await idByName.call(this, itemIndex, parameter, label, datasetsNamed);
}

/**
 * Reads Return All / Limit for one item. Limit is checked like its field (a whole number, at least 1) before
 * anything is sent: an expression could otherwise give 0 (silently nothing), a negative number or a fraction (a
 * 422 from the service for `per_page=2.5`).
 */
export function getPageLimit(this: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? 0
		: assertRange.call(this, this.getNodeParameter('limit', itemIndex, 50), 'Limit', itemIndex, { min: 1 });
	return { returnAll, limit };
}

/** The records a list keeps under Return All / Limit, for answers the service sends in one page. */
export function withinLimit<T>(records: T[], { returnAll, limit }: { returnAll: boolean; limit: number }): T[] {
	return returnAll ? records : records.slice(0, limit);
}

/** A list operation's records for one item: every page of `request` up to the item's Return All / Limit. */
export async function paginateForItem(
	this: IExecuteFunctions,
	itemIndex: number,
	request: ApiRequest,
	style: PageStyle,
): Promise<IDataObject[]> {
	return await paginate.call(this, { ...request, itemIndex }, style, getPageLimit.call(this, itemIndex));
}

/** Reads Wait for Completion for one item: undefined when the node should return at once. */
export function getWaitOptions(this: IExecuteFunctions, itemIndex: number): WaitOptions | undefined {
	if (!(this.getNodeParameter('waitForCompletion', itemIndex, false) as boolean)) return undefined;
	return {
		pollIntervalSeconds: assertRange.call(this, this.getNodeParameter('pollInterval', itemIndex, WAIT_DEFAULTS.pollIntervalSeconds), 'Poll Interval', itemIndex, { min: 0.1, integer: false }),
		timeoutSeconds: assertRange.call(this, this.getNodeParameter('waitTimeout', itemIndex, WAIT_DEFAULTS.timeoutSeconds), 'Timeout', itemIndex, { min: 1, integer: false }),
	};
}

/**
 * Reads a connection locator for one item: a UUID in "By ID" mode, otherwise a name. Either goes into
 * `connection_name_or_id` paths; the caller URL-encodes it.
 */
export function getConnectionRef(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter = 'connection',
	label = 'Connection',
): string {
	const locator = this.getNodeParameter(parameter, itemIndex, {}) as { mode?: string; value?: unknown } | string;
	const mode = typeof locator === 'object' ? locator.mode : undefined;
	const value = this.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	if (mode === 'id') return assertUuid.call(this, value, label, itemIndex);
	return assertNotEmpty.call(this, value, label, itemIndex);
}
