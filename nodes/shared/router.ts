import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** One operation: its parameters, and what it does for a single input item. */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * An operation that must see every item at once (e.g. 100 assets per request). It sets `pairedItem` on each
 * output item itself, and handles `continueOnFail` per request it makes.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

/** resource → operation → implementation, as the node's Resource and Operation dropdowns name them. */
export type OperationMap = Record<string, Record<string, Operation>>;

/** Gives an error the item it belongs to, keeping errors the transport already explained. */
export function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** The error item `continueOnFail` emits: what went wrong and how to fix it, never request details. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const { message, description } = error as { message?: string; description?: string | null };
	const json: IDataObject = { error: message ?? String(error) };
	if (description) json.description = description;
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * The single item loop of every action node: picks the operation, runs it for each item, keeps `pairedItem`,
 * and turns failures into error items when "Continue On Fail" is on.
 */
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

export async function route(
	this: IExecuteFunctions,
	operations: OperationMap,
	{ secretParameters = [] }: RouteOptions = {},
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = operations[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not known for "${resource}"`, {
			description: 'Choose the resource and operation again in the node; this workflow may come from a newer version.',
		});
	}
	if ('executeBatch' in operation) {
		return [await operation.executeBatch.call(this, items)];
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await operation.execute.call(this, itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
				output.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			if (!this.continueOnFail()) {
				throw withoutSecretParameters(asNodeError(this.getNode(), error, itemIndex), secretParameters);
			}
			output.push(errorItem(error, itemIndex));
		}
	}
	return [output];
}
