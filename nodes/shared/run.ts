import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import {
	endpointRequest,
	endpointOf,
	listEndpoint,
	type CheckedResponseOf,
	type EndpointCall,
	type EndpointId,
	type ListOf,
	type PagedEndpointId,
	type RecordOf,
} from './endpoints';
import {
	apiRequest,
	fetchPage,
	paginate,
	TransportRun,
	type ApiRequest,
	type ListFilter,
	type Page,
	type PageLimit,
	type PageStyle,
} from './transport';
import { Checks } from './validation';

export interface WaitOptions {
	pollIntervalSeconds: number;
	timeoutSeconds: number;
	/** When the wait began (ms): waits for several jobs of one run share it, so together they keep to the timeout. */
	startedAt?: number;
}

export const WAIT_DEFAULTS = { pollIntervalSeconds: 5, timeoutSeconds: 600 } as const;

export type WaitState = 'done' | 'failed' | 'pending';

export interface WaitSpec<T> {
	/** One read of the state, passing `deadline` on so that no retry waits past the Timeout. */
	read: (deadline: number) => Promise<T>;
	stateOf: (value: T) => WaitState;
	/** For messages: e.g. `Ingestion job 65f0…`. */
	subject: string;
	/** For the timeout message: e.g. `in_progress (40 of 100 assets done)`. */
	statusOf: (value: T) => string;
	failureOf: (value: T) => { reason: string; description: string };
	itemIndex: number;
}

/** A list to read: an endpoint of the table, or one prepared with its page style (`listEndpoint`, a search's body). */
type Listed<K extends PagedEndpointId> = K | ListOf<K> | [ApiRequest, PageStyle];

/**
 * How much of a list: `limit` (Return All / Limit, or `'parameters'`: the item's own Return All and Limit), of the
 * records `filter` keeps; or one page (`page`: its position, `pageSize`), which also says where the next one starts.
 */
type ListCall<K extends PagedEndpointId> = EndpointCall<K> & { limit: PageLimit | 'parameters'; filter?: ListFilter };
type PageCall<K extends PagedEndpointId> = EndpointCall<K> & { page: number; pageSize: number };

/** Every record of a list (Return All). */
export const ALL: PageLimit = { returnAll: true };

/**
 * One node run (the transport's `TransportRun`) with the three verbs operations use: `call` an endpoint of the table,
 * `list` one, `wait` until a status settles. Each is typed by the OpenAPI document through the endpoint table.
 */
export class Run extends TransportRun {
	/** Items of the run resting between status reads (`rest`): they hold no place in the item pool's busy count. */
	resting = 0;
	/** The changes each item made (`POST /api/v1/datasets (ID 3f1c…)`), in order, for the error that stops the node. */
	readonly writes = new Map<number, string[]>();
	private readonly lookups = new Map<string, Promise<unknown>>();

	/**
	 * What the run looked up once for all its items (a name's records, an Identify of one URL), by a key that says
	 * what it is about. A failed lookup is not kept, so each item that needs it tries again (unless `keepFailure`:
	 * the items that share it share its failure too).
	 */
	async lookup<T>(key: string, load: () => Promise<T>, { keepFailure = false } = {}): Promise<T> {
		let found = this.lookups.get(key) as Promise<T> | undefined;
		if (!found) {
			found = load();
			this.lookups.set(key, found);
			if (!keepFailure) found.catch(() => this.lookups.delete(key));
		}
		return await found;
	}

	/** An item's rest between two reads of a status: `sleep`, and meanwhile the item pool may start another item. */
	async rest(ms: number): Promise<void> {
		this.resting++;
		this.pace.onRoom();
		try {
			await this.sleep(ms);
		} finally {
			this.resting--;
		}
	}

	/** Calls an endpoint of the table; the answer is checked against the table and typed by the document. */
	async call<K extends EndpointId>(id: K, call: EndpointCall<K> = {}): Promise<CheckedResponseOf<K>> {
		const { recover } = endpointOf(id);
		// A lost create's lookup from the table is made now, just before sending, for what this call sends.
		const request = endpointRequest(id, {
			...call,
			recover: call.recover ?? recover?.(this, { body: call.body as never, itemIndex: call.itemIndex }),
		});
		const { answer } = await apiRequest(this, request);
		const { method, path, itemIndex } = request;
		if (itemIndex !== undefined && method !== 'GET' && !(method === 'POST' && request.idempotent)) {
			const id = recordId(answer);
			this.writes.set(itemIndex, [
				...(this.writes.get(itemIndex) ?? []),
				`${method} ${path}${id ? ` (ID ${id})` : ''}`,
			]);
		}
		// The transport checked the answer against the table's entry (`checkAnswer`): what it returns is what the type says.
		return answer as unknown as CheckedResponseOf<K>;
	}

	/** Reads a list of the table: each record once, in the place it was first listed (`paginate`), or one page. */
	async list<K extends PagedEndpointId>(list: Listed<K>, call: PageCall<K>): Promise<Page<RecordOf<K>>>;
	async list<K extends PagedEndpointId>(list: Listed<K>, call: ListCall<K>): Promise<Array<RecordOf<K>>>;
	async list<K extends PagedEndpointId>(
		list: Listed<K>,
		{ limit, filter, page, pageSize, ...call }: Partial<ListCall<K> & PageCall<K>>,
	): Promise<Array<RecordOf<K>> | Page<RecordOf<K>>> {
		const [base, style] = typeof list === 'string' ? listEndpoint(list, call) : list;
		const request: ApiRequest = typeof list === 'string' ? base : { ...base, ...(call as Partial<ApiRequest>) };
		// RecordOf<K> is the document's entry type & IDataObject, which TypeScript cannot relate to IDataObject for any K.
		if (page !== undefined) return (await fetchPage(this, request, style, page, pageSize ?? 1)) as Page<RecordOf<K>>;
		if (limit === 'parameters' && request.itemIndex === undefined)
			throw new Error('A list limited by the parameters is read for an item');
		const limits = limit === 'parameters' ? pageLimit(this.execution, request.itemIndex!) : (limit ?? ALL);
		return (await paginate(this, request, style, limits, filter)) as Array<RecordOf<K>>;
	}

	/** Reads until the subject finishes, fails, or the Timeout (real time from the start, reads included) passes. */
	async wait<T>(spec: WaitSpec<T>, options: WaitOptions): Promise<T> {
		const started = options.startedAt ?? Date.now();
		const deadline = started + options.timeoutSeconds * 1000;
		const fail = (message: string, description?: string) =>
			new NodeOperationError(this.context.getNode(), message, { description, itemIndex: spec.itemIndex });
		for (;;) {
			const value = await spec.read(deadline);
			const state = spec.stateOf(value);
			if (state === 'done') return value;
			if (state === 'failed') {
				const { reason, description } = spec.failureOf(value);
				throw fail(`${spec.subject} failed: ${reason}`, description);
			}
			const remaining = deadline - Date.now();
			if (remaining <= 0) {
				const waited = Math.round((Date.now() - started) / 1000);
				throw fail(
					`${spec.subject} did not finish within ${options.timeoutSeconds} seconds (last status: ${spec.statusOf(value)})`,
					`Waited ${waited} seconds. It is still running on the service: raise "Timeout" under Wait for Completion, or turn waiting off and check it later with a Get operation.`,
				);
			}
			// Ends early when the node stops at another item's failure (the next read is then refused: RequestsStopped),
			// and when the execution is cancelled: nothing is read after that.
			await this.rest(Math.min(Math.max(0, options.pollIntervalSeconds * 1000), remaining));
			if (this.cancel.aborted) throw fail(`Stopped waiting for ${spec.subject}: the execution was cancelled`);
		}
	}

	/** The action node's context (its parameters, its node): the run of an `execute`, not of a poll or list search. */
	get execution(): IExecuteFunctions {
		if (!('getInputData' in this.context)) throw new Error('Only an action node run has an execution');
		return this.context;
	}
}

/** Reads Return All / Limit; an expression's Limit is checked like the field (a whole number, at least 1). */
export function pageLimit(context: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = context.getNodeParameter('limit', itemIndex, 50);
	return { returnAll, limit: returnAll ? 0 : new Checks(context, itemIndex).range(limit, 'Limit', { min: 1 }) };
}

/** The ID of a record as an answer or an output item holds it: `id`, else the first `…_id` field with a value. */
export function recordId(record: unknown): string | undefined {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
	const entries = Object.entries(record);
	const [, value] =
		entries.find(([key]) => key === 'id') ??
		entries.find(([key, entry]) => key.endsWith('_id') && entry !== null && entry !== undefined) ??
		[];
	return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
