import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { PARALLEL, setParallelRequests, stopRequests } from './transport';

/** One operation: its parameters, and what it does for a single input item. */
export interface ItemOperation {
	description: INodeProperties[];
	/** Returns JSON: an object, or a list of them (one output item each), typed as the endpoint answers it. */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<object | object[]>;
}

/**
 * An operation that must see every item at once (e.g. 100 assets per request). It runs each step through the
 * router's `ItemRunner` (which pairs, continues on fail and wraps errors) and returns `run.output()`.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, items: INodeExecutionData[], run: ItemRunner): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

/** resource → operation → implementation, as the node's Resource and Operation dropdowns name them. */
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
	/**
	 * Parameters that hold secrets the user typed (password fields such as a connection's password). Every error
	 * carries a copy of the node, which n8n logs and stores with the execution: their values are blanked there.
	 */
	secretParameters?: string[];
}

/** The error with its copy of the node stripped of secret parameter values (the workflow's own node is untouched). */
function withoutSecretParameters<E extends NodeApiError | NodeOperationError>(error: E, names: string[]): E {
	const parameters = error.node?.parameters;
	if (names.length === 0 || !parameters) return error;
	const safe = { ...parameters };
	for (const name of names) if (safe[name] !== undefined && safe[name] !== '') safe[name] = '[redacted]';
	(error as { node: INode }).node = { ...error.node, parameters: safe };
	return error;
}

type NodeError = NodeApiError | NodeOperationError;

/**
 * The one place that turns work on items into output: each step names the items it serves; a failure stops the
 * node with an error naming the first of them (secret parameters blanked), or with Continue On Fail gives each of
 * them an error item. Output comes in input order, each item paired to what produced it.
 */
export class ItemRunner {
	private readonly results: Array<{ itemIndex: number; data: INodeExecutionData }> = [];

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly secretParameters: string[] = [],
	) {}

	/** Runs one step for these items; false when it failed and the items became error items. */
	async attempt(itemIndexes: number[], step: () => Promise<void>, describe?: (error: NodeError) => NodeError): Promise<boolean> {
		try {
			await step();
			return true;
		} catch (error) {
			this.fail(error, itemIndexes, describe);
			return false;
		}
	}

	/** These items failed: stop the node, or with Continue On Fail give each an error item. */
	fail(error: unknown, itemIndexes: number[], describe: (error: NodeError) => NodeError = (same) => same): void {
		if (!this.context.continueOnFail()) {
			throw withoutSecretParameters(describe(asNodeError(this.context.getNode(), error, itemIndexes[0])), this.secretParameters);
		}
		for (const itemIndex of itemIndexes) this.results.push({ itemIndex, data: errorItem(error, itemIndex) });
	}

	/** Output of one item (or, with `pairedItem`, of several: it is placed with the first). */
	emit(itemIndex: number, result: object | object[], pairedItem: IPairedItemData | IPairedItemData[] = { item: itemIndex }): void {
		for (const json of Array.isArray(result) ? result : [result]) {
			this.results.push({ itemIndex, data: { json: json as IDataObject, pairedItem } });
		}
	}

	/**
	 * Runs `task(0)` … `task(count - 1)` side by side (their requests take turns within the run's limit), and
	 * settles when all have, or at the first that throws (a failure that stops the node): then no new request starts.
	 */
	async sideBySide(count: number, task: (index: number) => Promise<unknown>): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			let pending = count;
			if (pending === 0) resolve();
			for (let index = 0; index < count; index++) {
				task(index).then(
					() => {
						if (--pending === 0) resolve();
					},
					(error: unknown) => {
						stopRequests(this.context);
						reject(error);
					},
				);
			}
		});
	}

	/** In input order; one item's outputs keep the order they were emitted in (the sort is stable). */
	output(): INodeExecutionData[] {
		return [...this.results].sort((a, b) => a.itemIndex - b.itemIndex).map(({ data }) => data);
	}
}

/**
 * "Request Options › Requests in Parallel" for every per-item operation of a node (batch operations send their
 * own batches): how many items' requests may be in flight at once.
 */
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
						default: 8, // PARALLEL.default: the lint reads only a literal (test/reliability/parallel.test.ts checks they agree)
						description:
							'How many items send their requests to the service at the same time; 1 sends them one at a time. Output keeps the input order either way. If the service answers 429 (too many requests), all items slow down together.',
					},
				],
			},
		];
	});
}

/** Runs every item side by side, their requests taking turns; with Continue On Fail off, the first failure ends it. */
async function runSideBySide(this: IExecuteFunctions, run: ItemRunner, count: number, operation: ItemOperation): Promise<void> {
	setParallelRequests(this, this.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL.default) as number);
	await run.sideBySide(count, async (itemIndex) =>
		await run.attempt([itemIndex], async () => run.emit(itemIndex, await operation.execute.call(this, itemIndex))),
	);
}

/**
 * The single item loop of every action node: picks the operation and runs it for each item through the
 * `ItemRunner`; a batch operation gets the runner and the items.
 */
export async function route(
	this: IExecuteFunctions,
	operations: OperationMap,
	{ secretParameters = [] }: RouteOptions = {},
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	// Own entries only: a resource or operation named like an inherited member ("constructor") is not known.
	const operation = Object.hasOwn(operations, resource) && Object.hasOwn(operations[resource], operationName) ? operations[resource][operationName] : undefined;
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
