import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { scrubSecrets } from './http/answers';
import { PARALLEL, recordId, RequestsStopped, runState, setParallelRequests, stopRequests } from './transport';
import { assertRange } from './validation';

export interface ItemOperation {
	description: INodeProperties[];
	/** An object, or a list of them (one output item each). */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<object | object[]>;
}

/** An operation that must see every item at once (e.g. 100 assets per request); it returns `run.output()`. */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, items: INodeExecutionData[], run: ItemRunner): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

export type OperationMap = Record<string, Record<string, Operation>>;

/** Gives an error the item it belongs to, keeping errors the transport already explained. */
function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** The error item `continueOnFail` emits: what went wrong and how to fix it, never request details. */
function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const { message, description } = error as { message?: string; description?: string | null };
	const json: IDataObject = { error: message ?? String(error) };
	if (description) json.description = description;
	return { json, pairedItem: { item: itemIndex } };
}

export interface RouteOptions {
	/** Parameters that hold secrets the user typed: blanked in the node copy every error carries. */
	secretParameters?: string[];
}

/**
 * The error with its copy of the node (which n8n logs and stores with the execution) through the secret scrubber:
 * values of the named parameters and of parameters under a secret key, and the secrets the run knows, are replaced.
 */
function withoutSecretParameters<E extends NodeApiError | NodeOperationError>(
	error: E,
	names: string[],
	context: object,
): E {
	const { node } = error;
	if (!node?.parameters) return error;
	const typed = names
		.map((name) => node.parameters[name])
		.filter((value): value is string => typeof value === 'string');
	(error as { node: INode }).node = {
		...node,
		parameters: scrubSecrets(node.parameters, [...typed, ...runState(context).secrets]) as INodeParameters,
	};
	return error;
}

type NodeError = NodeApiError | NodeOperationError;

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
	return spans.length > LISTED
		? `${spans.slice(0, LISTED).join(', ')} and ${spans.length - LISTED} more ranges`
		: spans.join(', ');
}

const bounded = (entries: string[]) =>
	entries.length > LISTED
		? `${entries.slice(0, LISTED).join('; ')}; and ${entries.length - LISTED} more`
		: entries.join('; ');

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
		if (!this.context.continueOnFail()) {
			const stopped = error instanceof RequestsStopped;
			// At once, before the error travels on: no request of the run starts after a failure.
			if (!stopped) stopRequests(this.context);
			for (const itemIndex of itemIndexes) if (!this.failures.has(itemIndex)) this.failures.set(itemIndex, error);
			const thrown = withoutSecretParameters(
				describe(asNodeError(this.context.getNode(), error, itemIndexes[0])),
				this.secretParameters,
				this.context,
			);
			this.thrown.push({ itemIndexes, error: thrown, stopped });
			throw thrown;
		}
		for (const itemIndex of itemIndexes) this.results.push({ itemIndex, data: errorItem(error, itemIndex) });
	}

	/** Output of one item (or, with `pairedItem`, of several: it is placed with the first). */
	emit(
		itemIndex: number,
		result: object | object[],
		pairedItem: IPairedItemData | IPairedItemData[] = { item: itemIndex },
	): void {
		this.done.add(itemIndex);
		for (const json of Array.isArray(result) ? result : [result]) {
			this.results.push({ itemIndex, data: { json: json as IDataObject, pairedItem } });
		}
	}

	/**
	 * Runs `task(0)` … `task(count - 1)` side by side. A failure stops the run's requests at once; the tasks under way
	 * are waited for, and the error then says what every other item did, so nothing the service did goes unseen.
	 */
	async sideBySide(count: number, task: (index: number) => Promise<unknown>): Promise<void> {
		const rejected: unknown[] = [];
		await Promise.all(
			Array.from({ length: count }, async (_, index) => {
				try {
					await task(index);
				} catch (error) {
					if (rejected.length === 0) stopRequests(this.context);
					rejected.push(error);
				}
			}),
		);
		if (rejected.length === 0) return;
		const { stoppedAt } = runState(this.context);
		const first =
			this.thrown.find((entry) => stoppedAt !== undefined && entry.itemIndexes.includes(stoppedAt)) ??
			this.thrown.find((entry) => !entry.stopped) ??
			this.thrown[0];
		if (!first) throw rejected[0];
		throw this.withOutcomes(first.error, first.itemIndexes);
	}

	/** The error that stops the node, told what each other item did: finished, failed, stopped part way, not sent. */
	private withOutcomes(error: NodeError, failedItems: number[]): NodeError {
		const run = runState(this.context);
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
		if (perItem.length === 0) return [];
		return [
			{
				displayName: 'Request Options',
				name: 'requestOptions',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				displayOptions: { show: { resource: [resource], operation: perItem } },
				options: [
					{
						displayName: 'Requests in Parallel',
						name: 'parallelRequests',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: PARALLEL.max },
						default: 100, // PARALLEL.default: the lint reads only a literal (test/reliability/parallel.test.ts checks they agree)
						description:
							"The most items that send their requests to the service at the same time; 1 sends them one at a time. The node starts with fewer and finds the service's pace: more while answers come back quickly, fewer when they slow down or the service answers 503, and when it answers 429 (too many requests) it keeps to the rate that got through. Output keeps the input order either way. Without Continue On Fail, a failure stops the node: no request starts after it, the items under way finish, and the error lists what each other item did (finished with its ID, failed, or not sent).",
					},
				],
			},
		];
	});
}

async function runSideBySide(
	this: IExecuteFunctions,
	run: ItemRunner,
	count: number,
	operation: ItemOperation,
): Promise<void> {
	// Read once for the run, from the first item; an expression that gives no number is refused here, by name.
	const parallel = this.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL.default);
	setParallelRequests(this, assertRange.call(this, parallel, 'Requests in Parallel', 0, { min: 1, max: PARALLEL.max }));
	await run.sideBySide(
		count,
		async (itemIndex) =>
			await run.attempt([itemIndex], async () => run.emit(itemIndex, await operation.execute.call(this, itemIndex))),
	);
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
	const run = new ItemRunner(this, secretParameters);
	if ('executeBatch' in operation) {
		return [await operation.executeBatch.call(this, items, run)];
	}
	await runSideBySide.call(this, run, items.length, operation);
	return [run.output()];
}
