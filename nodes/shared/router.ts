import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	IDisplayOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { scrubSecrets } from './http/answers';
import { PARALLEL, RequestsStopped } from './transport';
import { Item } from './item';
import { recordId, Run } from './run';
import { Checks, firstOf } from './validation';

/** An operation's entry in its resource's Operation dropdown; its value is its key in the resource's `operations`. */
export interface OperationOption {
	name: string;
	description: string;
	action: string;
}

/** What every operation module exports besides how it runs. */
interface OperationBase {
	option: OperationOption;
	description: INodeProperties[];
	/** The node version that first offers it (its option and parameters are hidden before); 1 when absent. */
	since?: number;
}

/** An output item with a file: what an operation returns for it instead of its JSON alone. */
export class WithBinary {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

export interface ItemOperation extends OperationBase {
	/**
	 * An object, or a list of them (one output item each; `WithBinary` for one with a file). `run`: the node run,
	 * for every request it sends; `item`: the item's parameters and their checks (`item.run` is `run`).
	 */
	execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item): Promise<object | object[]>;
}

/** An operation that must see every item at once (e.g. 100 assets per request); it returns `runner.output()`. */
export interface BatchOperation extends OperationBase {
	executeBatch(this: IExecuteFunctions, items: INodeExecutionData[], runner: ItemRunner): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

export type OperationMap = Record<string, Record<string, Operation>>;

/** Gives an error the item it belongs to, keeping errors the transport already explained. */
function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	const { description } = error as { description?: unknown };
	return new NodeOperationError(node, error as Error, {
		itemIndex,
		description: typeof description === 'string' ? description : undefined,
	});
}

/**
 * The error item Continue On Fail emits: what went wrong and how to fix it, never request details. Under "Continue
 * (using error output)" the node error rides on the item, which is what makes n8n route it to the error output (n8n
 * then shows its message with the input item); under "Continue (using regular output)" the JSON says it all.
 */
function errorItem(error: NodeError, itemIndex: number, toErrorOutput: boolean): INodeExecutionData {
	const { message, description } = error;
	const json: IDataObject = { error: message };
	if (description) json.description = description;
	return toErrorOutput ? { json, error, pairedItem: { item: itemIndex } } : { json, pairedItem: { item: itemIndex } };
}

export interface RouteOptions {
	/** Parameters that hold secrets the user typed: blanked in the node copy every error carries. */
	secretParameters?: string[];
}

/**
 * The error with its copy of the node (which n8n logs and stores with the execution) through the secret scrubber:
 * values of the named parameters and of parameters under a secret key, and the secrets the run knows, are replaced.
 */
function withoutSecretParameters<E extends NodeApiError | NodeOperationError>(error: E, names: string[], run: Run): E {
	const { node } = error;
	if (!node?.parameters) return error;
	const typed = names
		.map((name) => node.parameters[name])
		.filter((value): value is string => typeof value === 'string');
	(error as { node: INode }).node = {
		...node,
		parameters: scrubSecrets(node.parameters, [...typed, ...run.secrets]) as INodeParameters,
	};
	return error;
}

type NodeError = NodeApiError | NodeOperationError;

/** The item pool: started items beyond the limit that may be busy at once, and items alive at most (resting ones included). */
export const POOL = { lookAhead: 8, alive: 1_000 };

/** Entries named one by one in the error that stops the node; the rest are counted. */
const LISTED = 20;

/** "0–3, 7, 9–10" for sorted item indexes. */
function ranges(indexes: number[]): string {
	const spans: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		let end = start;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		spans.push(indexes[end] === indexes[start] ? `${indexes[start]}` : `${indexes[start]}–${indexes[end]}`);
		start = end + 1;
	}
	return firstOf(spans, LISTED, ', ', { more: 'more ranges' });
}

const bounded = (entries: string[]) => firstOf(entries, LISTED, '; ', { before: '; ' });

const items = (indexes: number[]) => `${indexes.length === 1 ? 'Item' : 'Items'} ${ranges(indexes)}`;

const shortMessage = (error: unknown) => {
	const message = String((error as { message?: unknown })?.message ?? error).replace(/\s+/g, ' ');
	return message.length > 120 ? `${message.slice(0, 117)}...` : message;
};

/**
 * The one place that turns work on items into output: a failure stops the node with an error naming the first item
 * of its step, or with Continue On Fail gives each an error item. Output comes in input order, each item paired.
 */
export class ItemRunner {
	private readonly results: Array<{ itemIndex: number; data: INodeExecutionData }> = [];
	private readonly done = new Set<number>();
	/** Without Continue On Fail: each item's failure, and each error thrown (whether it only followed from a stop). */
	private readonly failures = new Map<number, unknown>();
	private readonly thrown: Array<{ itemIndexes: number[]; error: NodeError; stopped: boolean }> = [];

	constructor(
		private readonly context: IExecuteFunctions,
		readonly run: Run,
		private readonly secretParameters: string[] = [],
	) {}

	/** Runs one step for these items; false when they became error items. */
	async attempt(
		itemIndexes: number[],
		step: () => Promise<void>,
		describe?: (error: NodeError) => NodeError,
	): Promise<boolean> {
		try {
			await step();
			return true;
		} catch (error) {
			this.fail(error, itemIndexes, describe);
			return false;
		}
	}

	fail(error: unknown, itemIndexes: number[], describe: (error: NodeError) => NodeError = (same) => same): void {
		const nodeError = withoutSecretParameters(
			describe(asNodeError(this.context.getNode(), error, itemIndexes[0])),
			this.secretParameters,
			this.run,
		);
		if (this.run.stopsAtFailure) {
			const stopped = error instanceof RequestsStopped;
			// At once, before the error travels on: no request of the run starts after a failure.
			if (!stopped) this.run.stop();
			for (const itemIndex of itemIndexes) if (!this.failures.has(itemIndex)) this.failures.set(itemIndex, error);
			this.thrown.push({ itemIndexes, error: nodeError, stopped });
			throw nodeError;
		}
		const toErrorOutput = this.context.getNode().onError === 'continueErrorOutput';
		for (const itemIndex of itemIndexes)
			this.results.push({ itemIndex, data: errorItem(nodeError, itemIndex, toErrorOutput) });
	}

	/** Output of one item (or, with `pairedItem`, of several: it is placed with the first); `WithBinary` has a file. */
	emit(
		itemIndex: number,
		result: object | object[],
		pairedItem: IPairedItemData | IPairedItemData[] = { item: itemIndex },
	): void {
		this.done.add(itemIndex);
		for (const entry of Array.isArray(result) ? result : [result]) {
			const data: INodeExecutionData =
				entry instanceof WithBinary
					? { json: entry.json, binary: entry.binary, pairedItem }
					: { json: entry as IDataObject, pairedItem };
			this.results.push({ itemIndex, data });
		}
	}

	/**
	 * Runs `task(0)` … `task(count - 1)` side by side, from a bounded pool: an item starts when fewer than the limit's
	 * worth (plus `POOL.lookAhead`) of the started ones are busy, so a waiting item costs nothing until its turn; an
	 * item that rests between status reads (`run.resting`) is not busy, up to `POOL.alive` items in all. A failure
	 * stops the run at once: no item starts after it; those under way are waited for, and the error then says what
	 * every other item did, so nothing the service did goes unseen.
	 */
	async sideBySide(count: number, task: (index: number) => Promise<unknown>): Promise<void> {
		const { run } = this;
		const rejected: unknown[] = [];
		let next = 0;
		let alive = 0;
		let wake: (() => void) | undefined;
		const roomy = () => alive < POOL.alive && alive - run.resting < run.pace.limiter.limit + POOL.lookAhead;
		// A wake of a wait that is over resolves a settled promise: it does nothing.
		run.pace.onRoom = () => wake?.();
		while (next < count && !run.pace.stopped) {
			if (!roomy()) {
				await new Promise<void>((resolve) => (wake = resolve));
				continue;
			}
			const index = next++;
			alive++;
			void task(index)
				.catch((error: unknown) => {
					if (rejected.length === 0) run.stop();
					rejected.push(error);
				})
				.finally(() => {
					alive--;
					wake?.();
				});
		}
		while (alive > 0) await new Promise<void>((resolve) => (wake = resolve));
		run.pace.onRoom = () => {};
		if (rejected.length === 0) return;
		const { stoppedAt } = run;
		const first =
			this.thrown.find((entry) => stoppedAt !== undefined && entry.itemIndexes.includes(stoppedAt)) ??
			this.thrown.find((entry) => !entry.stopped) ??
			this.thrown[0];
		if (!first) throw rejected[0];
		throw this.withOutcomes(first.error, first.itemIndexes);
	}

	/** The error that stops the node, told what each other item did: finished, failed, stopped part way, not sent. */
	private withOutcomes(error: NodeError, failedItems: number[]): NodeError {
		const { run } = this;
		const firstOutput = new Map<number, IDataObject>();
		for (const { itemIndex, data } of this.results)
			if (!firstOutput.has(itemIndex)) firstOutput.set(itemIndex, data.json);
		const finished: number[] = [];
		const ids: string[] = [];
		const failed: string[] = [];
		const partWay: string[] = [];
		const notSent: number[] = [];
		for (let itemIndex = 0; itemIndex < this.context.getInputData().length; itemIndex++) {
			if (failedItems.includes(itemIndex)) continue;
			const failure = this.failures.get(itemIndex);
			const writes = run.writes.get(itemIndex) ?? [];
			const made = writes.length > 0 ? ` after ${writes.join(', ')}` : '';
			if (failure === undefined && this.done.has(itemIndex)) {
				finished.push(itemIndex);
				const output = firstOutput.get(itemIndex);
				const id = output && recordId(output);
				if (id) ids.push(`item ${itemIndex}: ID ${id}`);
			} else if (failure !== undefined && !(failure instanceof RequestsStopped)) {
				failed.push(`item ${itemIndex}${made}: ${shortMessage(failure)}`);
			} else if (run.sent.has(itemIndex) || writes.length > 0) {
				partWay.push(`item ${itemIndex}${made}`);
			} else {
				notSent.push(itemIndex);
			}
		}
		const told = [
			finished.length > 0
				? `${items(finished)} finished before the node stopped${ids.length > 0 ? ` (${bounded(ids)})` : ''}.`
				: '',
			failed.length > 0 ? `Failed as well: ${bounded(failed)}.` : '',
			partWay.length > 0 ? `Stopped part way, their remaining requests not sent: ${bounded(partWay)}.` : '',
			notSent.length > 0 ? `${items(notSent)} ${notSent.length === 1 ? 'was' : 'were'} not sent.` : '',
		].filter(Boolean);
		if (told.length === 0) return error;
		const advice =
			finished.length + failed.length + partWay.length > 0
				? ' Their output is not shown because the node stopped: check the service before running it again (a new run repeats what finished), or turn on Continue On Fail to get an item for each.'
				: '';
		error.description = [error.description, ...told].filter(Boolean).join(' ') + advice;
		return error;
	}

	/** In input order (the sort is stable). */
	output(): INodeExecutionData[] {
		return [...this.results].sort((a, b) => a.itemIndex - b.itemIndex).map(({ data }) => data);
	}
}

/** "Request Options › Requests in Parallel" for every per-item operation of a node. */
export function parallelRequestsProperties(operations: OperationMap): INodeProperties[] {
	return Object.entries(operations).flatMap(([resource, byName]) => {
		const perItem = Object.keys(byName).filter((name) => !('executeBatch' in byName[name]));
		// Once per node version that first offers some of them, so an older version's rules stay as they were.
		const starts = [...new Set(perItem.map((name) => byName[name].since ?? 1))].sort((a, b) => a - b);
		return starts.map((since): INodeProperties => {
			const offered = perItem.filter((name) => (byName[name].since ?? 1) === since);
			const show: NonNullable<IDisplayOptions['show']> = { resource: [resource], operation: offered };
			if (since > 1) show['@version'] = [{ _cnd: { gte: since } }];
			return {
				displayName: 'Request Options',
				name: 'requestOptions',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				displayOptions: { show },
				options: [
					{
						displayName: 'Requests in Parallel',
						name: 'parallelRequests',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: PARALLEL.max },
						default: 100, // PARALLEL.default: the lint reads only a literal (test/reliability/parallel.test.ts checks they agree)
						description:
							'The most requests the node has in flight at the same time, from the first item on; 1 sends them one at a time. Only the service makes it send fewer: after a 429 (too many requests) the node keeps to a little under the rate that got through, or the rate the service states, for the rest of the run; a 503 (overloaded) halves the number in flight, which grows back as answers come. Output keeps the input order either way. Without Continue On Fail, a failure stops the node: no request starts after it, the items under way finish, and the error lists what each other item did (finished with its ID, failed, or not sent).',
					},
				],
			};
		});
	});
}

/** Requests in Parallel, read once for the run from the first item (a batch operation has none: the default). */
function parallelRequests(context: IExecuteFunctions, perItem: boolean): number {
	if (!perItem) return PARALLEL.default;
	// An expression that gives no number is refused here, by name.
	const parallel = context.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL.default);
	return new Checks(context, 0).range(parallel, 'Requests in Parallel', { min: 1, max: PARALLEL.max });
}

/** The single item loop of every action node; a batch operation gets the runner and the items. */
export async function route(
	this: IExecuteFunctions,
	operations: OperationMap,
	{ secretParameters = [] }: RouteOptions = {},
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	// Own entries only: a resource or operation named like an inherited member ("constructor") is not known.
	const operation =
		Object.hasOwn(operations, resource) && Object.hasOwn(operations[resource], operationName)
			? operations[resource][operationName]
			: undefined;
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not known for "${resource}"`, {
			description: 'Choose the resource and operation again in the node; this workflow may come from a newer version.',
		});
	}
	// The node run: made here for this call of `execute` (each of n8n's tries is a run of its own), handed on.
	const run = new Run(this, parallelRequests(this, !('executeBatch' in operation)));
	const runner = new ItemRunner(this, run, secretParameters);
	let output: INodeExecutionData[] | undefined;
	try {
		if ('executeBatch' in operation) output = await operation.executeBatch.call(this, items, runner);
		else {
			await runner.sideBySide(
				items.length,
				async (itemIndex) =>
					await runner.attempt([itemIndex], async () =>
						runner.emit(itemIndex, await operation.execute.call(this, itemIndex, run, new Item(run, itemIndex))),
					),
			);
			output = runner.output();
		}
		return [output];
	} finally {
		// n8n retries a try that threw or whose first item is an error (`WorkflowExecute`); else the memory goes.
		const error: unknown = output?.[0]?.json.error;
		run.written?.ended(output === undefined || (error !== undefined && error !== null && error !== false));
	}
}
