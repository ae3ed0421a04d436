import {
	Container,
	ensureEngineReady,
	logSinks,
	setBinaryDataMode,
	setSsrfProtection,
	type BinaryDataMode,
} from './container';
import { CredentialStore, HarnessCredentialsHelper } from './credentials-helper';

import {
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	LoadOptionsContext,
	PollContext,
	TriggersAndPollers,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ExecutionError,
	ExecutionStatus,
	ICredentialType,
	IDataObject,
	IBinaryKeyData,
	IConnections,
	IExecuteFunctions,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IPairedItemData,
	IRun,
	IRunData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { deepCopy, NodeConnectionTypes, NodeHelpers, UnexpectedError, Workflow } from 'n8n-workflow';

export { setBinaryDataMode, setSsrfProtection };
export type { BinaryDataMode };
export type { CredentialStore };

/** Node type of the harness-only node that feeds `runNode`'s input items. */
export const HARNESS_SOURCE_NODE_TYPE = 'n8n-nodes-harness.source';

const SOURCE_NODE_NAME = 'Harness Input';

export interface HarnessBinaryInput {
	/** File content: a Buffer, or base64 text as in n8n's workflow JSON. */
	data: Buffer | string;
	mimeType?: string;
	fileName?: string;
}

export interface HarnessInputItem {
	json: IDataObject;
	binary?: Record<string, HarnessBinaryInput>;
	pairedItem?: IPairedItemData | IPairedItemData[] | number;
}

export interface WorkflowJson {
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowBase['settings'];
}

export interface RunWorkflowOptions {
	/** Node to start from; by default the first node that no other node feeds. */
	startNodeName?: string;
	mode?: WorkflowExecuteMode;
	/** Cancels the execution when aborted, as n8n's Stop button does (`.cancel()` on what `WorkflowExecute.run` returns). */
	cancelSignal?: AbortSignal;
}

export interface WorkflowRunResult {
	run: IRun;
	status: ExecutionStatus;
	runData: IRunData;
	/**
	 * `resultData.error`: set when a node failed without continue-on-fail, and also when the
	 * last node to run threw under continue-on-fail. A plain copy of the thrown error (name,
	 * message, description, context, node, ...), not an instance of its class.
	 */
	error?: ExecutionError;
	/** Items on output `outputIndex` (default 0) of the node's last run; [] if it did not run. */
	outputOf(nodeName: string, outputIndex?: number): INodeExecutionData[];
}

export interface RunNodeOptions {
	type: string;
	parameters?: INodeParameters;
	/** Attach every credential type the node declares (default true). */
	credentials?: boolean;
	inputItems?: Array<IDataObject | HarnessInputItem>;
	continueOnFail?: boolean;
	typeVersion?: number;
	name?: string;
	/** Binary data mode for this run only (input binaries included); the harness default is 'filesystem'. */
	binaryDataMode?: BinaryDataMode;
	/** Cancels the execution when aborted (see `RunWorkflowOptions.cancelSignal`). */
	cancelSignal?: AbortSignal;
	/** n8n's node settings as the editor saves them: On Error, Retry On Fail, Max Tries, Wait Between Tries, … */
	settings?: Pick<
		INode,
		'onError' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'executeOnce' | 'alwaysOutputData'
	>;
}

export interface RunNodeResult {
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: WorkflowRunResult;
}

export interface RunPollOptions {
	type: string;
	parameters?: INodeParameters;
	/** The node's own static data (what `getWorkflowStaticData('node')` returns). */
	staticData?: IDataObject;
	mode?: 'trigger' | 'manual';
	name?: string;
	typeVersion?: number;
	credentials?: boolean;
	/**
	 * Keeps the workflow loaded across polls that name the same session, as n8n keeps an active workflow: its static
	 * data then lives in that workflow (`staticData` is read only by a session's first poll), and `saved` tells what
	 * n8n would have written to its database, which it does only when it noticed a change.
	 */
	session?: string;
	/** What `getPollBudgetMs()` answers (n8n-core's default: 5 minutes); null: the poll context has none, as in n8n 1.x. */
	pollBudgetMs?: number | null;
}

export interface RunPollResult {
	items: INodeExecutionData[][] | null;
	/** The node's static data after the poll, as a plain object to pass to the next poll. */
	staticData: IDataObject;
	/** With a session: the node's static data as n8n's database holds it after this poll (what a restart reads). */
	saved?: IDataObject;
}

export interface RunListSearchOptions {
	type: string;
	method: string;
	filter?: string;
	paginationToken?: string;
	parameters?: INodeParameters;
	credentials?: boolean;
	typeVersion?: number;
}

export interface RunLoadOptionsOptions {
	type: string;
	method: string;
	parameters?: INodeParameters;
	credentials?: boolean;
	typeVersion?: number;
}

export interface HarnessOptions {
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	credentialTypes?: ICredentialType[];
}

export interface Harness {
	credentials: CredentialStore;
	logs: string[];
	nodeTypes: INodeTypes;
	runWorkflow(workflowJson: WorkflowJson, options?: RunWorkflowOptions): Promise<WorkflowRunResult>;
	runNode(options: RunNodeOptions): Promise<RunNodeResult>;
	runPoll(options: RunPollOptions): Promise<RunPollResult>;
	runListSearch(options: RunListSearchOptions): Promise<INodeListSearchResult>;
	runLoadOptions(options: RunLoadOptionsOptions): Promise<INodePropertyOptions[]>;
	/** Stops recording log lines for this harness. */
	dispose(): void;
}

function isExecutionItem(item: IDataObject | HarnessInputItem): item is HarnessInputItem {
	const { json } = item as { json?: unknown };
	if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
	return Object.keys(item).every((key) => ['json', 'binary', 'pairedItem'].includes(key));
}

function plain<T>(value: T): T {
	return JSON.parse(JSON.stringify(value ?? {})) as T;
}

class HarnessNodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType | IVersionedNodeType>) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType] ?? this.toolVariant(nodeType);
		if (type === undefined) {
			throw new UnexpectedError(`Node type "${nodeType}" is not registered with the test harness`);
		}
		return type;
	}

	private readonly tools = new Map<string, INodeType>();

	/**
	 * "<type>Tool" for a registered node that is usable as a tool, as n8n makes it (NodeTypes.getByNameAndVersion,
	 * convertNodeToAiTool): the same node whose description's name and display name end in "Tool", so the display
	 * rule `@tool` holds and `getNode().type` ends in "Tool". Its main input and output are kept, so `runNode` reads
	 * the items an agent's call would get.
	 */
	private toolVariant(nodeType: string): INodeType | undefined {
		if (!nodeType.endsWith('Tool')) return undefined;
		const base = this.types[nodeType.slice(0, -'Tool'.length)];
		if (base === undefined || 'nodeVersions' in base || !base.description.usableAsTool) return undefined;
		let tool = this.tools.get(nodeType);
		if (!tool) {
			const { description } = base;
			tool = Object.create(base, {
				description: {
					value: { ...description, name: `${description.name}Tool`, displayName: `${description.displayName} Tool` },
				},
			}) as INodeType;
			this.tools.set(nodeType, tool);
		}
		return tool;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const name of Object.keys(this.types)) {
			known[name] = { className: name, sourcePath: '' };
		}
		return known;
	}
}

function defaultVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

function createSourceNodeType(inputs: Map<string, Array<IDataObject | HarnessInputItem>>): INodeType {
	return {
		description: {
			displayName: 'Harness Input',
			name: 'source',
			group: ['input'],
			version: 1,
			description: 'Emits the input items of a harness runNode call',
			defaults: { name: SOURCE_NODE_NAME },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			properties: [{ displayName: 'Key', name: 'key', type: 'string', default: '' }],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const key = this.getNodeParameter('key', 0) as string;
			const items = inputs.get(key) ?? [{}];
			const output: INodeExecutionData[] = [];
			for (const item of items) {
				if (!isExecutionItem(item)) {
					output.push({ json: deepCopy(item), pairedItem: { item: 0 } });
					continue;
				}
				const outputItem: INodeExecutionData = {
					json: deepCopy(item.json),
					pairedItem: item.pairedItem ?? { item: 0 },
				};
				if (item.binary) {
					const binary: IBinaryKeyData = {};
					for (const [property, file] of Object.entries(item.binary)) {
						const buffer = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'base64');
						// Stored through n8n's BinaryDataService, so the node under test reads it back
						// from the filesystem store exactly as in a real execution.
						binary[property] = await this.helpers.prepareBinaryData(buffer, file.fileName, file.mimeType);
					}
					outputItem.binary = binary;
				}
				output.push(outputItem);
			}
			return [output];
		},
	};
}

export function createHarness(options: HarnessOptions): Harness {
	const credentialTypes = new Map<string, ICredentialType>();
	for (const credentialType of options.credentialTypes ?? []) {
		credentialTypes.set(credentialType.name, credentialType);
	}

	const pendingInputs = new Map<string, Array<IDataObject | HarnessInputItem>>();
	const nodeTypes = new HarnessNodeTypes({
		...options.nodeTypes,
		[HARNESS_SOURCE_NODE_TYPE]: createSourceNodeType(pendingInputs),
	});

	const credentials = new CredentialStore(credentialTypes);
	const credentialsHelper = new HarnessCredentialsHelper(credentialTypes, credentials);

	const logs: string[] = [];
	const sink = (line: string) => logs.push(line);
	logSinks.add(sink);

	let counter = 0;
	const nextId = (prefix: string) => `${prefix}-${++counter}`;

	function additionalDataFor(executionId: string, workflowId: string): IWorkflowExecuteAdditionalData {
		const base = 'http://localhost:5678';
		const additionalData: IWorkflowExecuteAdditionalData = {
			credentialsHelper,
			executionId,
			workflowId,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${base}/rest`,
			instanceBaseUrl: base,
			formBaseUrl: `${base}/form`,
			formWaitingBaseUrl: `${base}/form-waiting`,
			formTestBaseUrl: `${base}/form-test`,
			webhookBaseUrl: `${base}/webhook`,
			webhookWaitingBaseUrl: `${base}/webhook-waiting`,
			webhookTestBaseUrl: `${base}/webhook-test`,
			mcpBaseUrl: `${base}/mcp`,
			mcpTestBaseUrl: `${base}/mcp-test`,
			variables: {},
			externalSecretsProxy: Container.get(ExternalSecretsProxy),
			executeWorkflow: async () => {
				throw new UnexpectedError('Sub-workflows are not supported by the test harness');
			},
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			logAiEvent: () => {},
			startRunnerTask: async () => {
				throw new UnexpectedError('Task runners are not supported by the test harness');
			},
		};
		return additionalData;
	}

	function nodeCredentialsFor(type: string, typeVersion: number): INodeCredentials | undefined {
		const description = nodeTypes.getByNameAndVersion(type, typeVersion).description;
		const declared = description.credentials ?? [];
		if (declared.length === 0) return undefined;
		const nodeCredentials: INodeCredentials = {};
		for (const { name } of declared) {
			nodeCredentials[name] = { id: name, name: `${name} (harness)` };
		}
		return nodeCredentials;
	}

	function buildNode(
		type: string,
		parameters: INodeParameters | undefined,
		attachCredentials: boolean | undefined,
		typeVersion: number | undefined,
		name: string | undefined,
	): INode {
		const version = typeVersion ?? defaultVersion(nodeTypes.getByName(type));
		const description: INodeTypeDescription = nodeTypes.getByNameAndVersion(type, version).description;
		const node: INode = {
			id: nextId('node'),
			name: name ?? (description.defaults.name as string | undefined) ?? description.displayName,
			type,
			typeVersion: version,
			position: [0, 0],
			parameters: deepCopy(parameters ?? {}),
		};
		if (attachCredentials !== false) {
			const nodeCredentials = nodeCredentialsFor(type, version);
			if (nodeCredentials) node.credentials = nodeCredentials;
		}
		return node;
	}

	function findStartNode(workflow: Workflow, startNodeName?: string): INode {
		if (startNodeName !== undefined) {
			const node = workflow.getNode(startNodeName);
			if (!node) throw new UnexpectedError(`No node named "${startNodeName}" in the workflow`);
			return node;
		}
		const fed = new Set(
			Object.values(workflow.connectionsBySourceNode).flatMap((byType) =>
				(byType.main ?? []).flatMap((connections) => (connections ?? []).map((c) => c.node)),
			),
		);
		const root = Object.values(workflow.nodes).find((node) => !fed.has(node.name) && !node.disabled);
		if (!root) throw new UnexpectedError('The workflow has no node to start from');
		return root;
	}

	async function runWorkflow(
		workflowJson: WorkflowJson,
		runOptions: RunWorkflowOptions = {},
	): Promise<WorkflowRunResult> {
		await ensureEngineReady();
		const workflowId = nextId('workflow');
		const executionId = nextId('execution');
		const mode = runOptions.mode ?? 'manual';
		const nodes = deepCopy(workflowJson.nodes);
		const workflow = new Workflow({
			id: workflowId,
			name: 'Harness workflow',
			nodes,
			connections: deepCopy(workflowJson.connections),
			active: false,
			nodeTypes,
			settings: workflowJson.settings ?? { executionOrder: 'v1' },
		});

		const workflowData: IWorkflowBase = {
			id: workflowId,
			name: 'Harness workflow',
			active: false,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes,
			connections: workflowJson.connections,
			settings: workflow.settings,
		};
		const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
		const additionalData = additionalDataFor(executionId, workflowId);
		additionalData.hooks = hooks;

		const workflowExecute = new WorkflowExecute(additionalData, mode);
		const execution = workflowExecute.run({
			workflow,
			startNode: findStartNode(workflow, runOptions.startNodeName),
		});
		// n8n does not reject a cancelled execution: it resolves once the running node returns, with status 'canceled'.
		const cancel = () => execution.cancel();
		const { cancelSignal } = runOptions;
		if (cancelSignal?.aborted) cancel();
		cancelSignal?.addEventListener('abort', cancel, { once: true });
		let run: IRun;
		try {
			run = await execution;
		} finally {
			cancelSignal?.removeEventListener('abort', cancel);
		}
		const runData = run.data.resultData.runData;
		return {
			run,
			status: run.status,
			runData,
			error: run.data.resultData.error,
			outputOf(nodeName: string, outputIndex = 0) {
				const runs = runData[nodeName];
				const last = runs?.[runs.length - 1];
				return last?.data?.main?.[outputIndex] ?? [];
			},
		};
	}

	async function runNode(nodeOptions: RunNodeOptions): Promise<RunNodeResult> {
		const node = buildNode(
			nodeOptions.type,
			nodeOptions.parameters,
			nodeOptions.credentials,
			nodeOptions.typeVersion,
			nodeOptions.name,
		);
		if (nodeOptions.continueOnFail) node.onError = 'continueRegularOutput';
		Object.assign(node, nodeOptions.settings);
		if (node.name === SOURCE_NODE_NAME) node.name = `${SOURCE_NODE_NAME} target`;

		const inputKey = nextId('input');
		pendingInputs.set(inputKey, nodeOptions.inputItems ?? [{}]);
		const previousMode = nodeOptions.binaryDataMode ? await setBinaryDataMode(nodeOptions.binaryDataMode) : undefined;
		const source: INode = {
			id: nextId('node'),
			name: SOURCE_NODE_NAME,
			type: HARNESS_SOURCE_NODE_TYPE,
			typeVersion: 1,
			position: [-200, 0],
			parameters: { key: inputKey },
		};
		try {
			const result = await runWorkflow(
				{
					nodes: [source, node],
					connections: {
						[SOURCE_NODE_NAME]: {
							main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]],
						},
					},
				},
				{ startNodeName: SOURCE_NODE_NAME, cancelSignal: nodeOptions.cancelSignal },
			);
			return { items: result.outputOf(node.name), error: result.error, run: result };
		} finally {
			pendingInputs.delete(inputKey);
			if (previousMode) await setBinaryDataMode(previousMode);
		}
	}

	const pollSessions = new Map<string, { workflow: Workflow; saved: IDataObject }>();

	async function runPoll(pollOptions: RunPollOptions): Promise<RunPollResult> {
		await ensureEngineReady();
		const session = pollOptions.session === undefined ? undefined : pollSessions.get(pollOptions.session);
		const node = buildNode(
			pollOptions.type,
			pollOptions.parameters,
			pollOptions.credentials,
			pollOptions.typeVersion,
			pollOptions.name,
		);
		const staticKey = `node:${node.name}`;
		const workflowId = nextId('workflow');
		const workflow =
			session?.workflow ??
			new Workflow({
				id: workflowId,
				name: 'Harness poll workflow',
				nodes: [node],
				connections: {},
				active: true,
				nodeTypes,
				staticData: { [staticKey]: plain(pollOptions.staticData ?? {}) },
				settings: { executionOrder: 'v1' },
			});
		const mode = pollOptions.mode ?? 'trigger';
		const additionalData = additionalDataFor(nextId('execution'), workflowId);
		const pollNode = workflow.getNode(node.name) as INode;
		const budget = pollOptions.pollBudgetMs;
		// n8n-core's defaults for the emit, commit, staging and static-data hooks (undefined takes a default).
		const context = new PollContext(
			workflow,
			pollNode,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			typeof budget === 'number' ? () => budget : undefined,
		);
		if (budget === null) Reflect.deleteProperty(context, 'getPollBudgetMs');
		const items = await Container.get(TriggersAndPollers).runPollFunction(workflow, pollNode, context);
		const staticData = plain(workflow.staticData[staticKey] as IDataObject | undefined) ?? {};
		delete staticData.__dataChanged;
		if (pollOptions.session === undefined) return { items, staticData };
		// n8n's WorkflowStaticDataService: save only when the static data says it changed, then clear the flag.
		const kept = session ?? { workflow, saved: plain(pollOptions.staticData ?? {}) };
		if (workflow.staticData.__dataChanged === true) {
			kept.saved = staticData;
			workflow.staticData.__dataChanged = false;
		}
		pollSessions.set(pollOptions.session, kept);
		return { items, staticData, saved: plain(kept.saved) };
	}

	function methodContext(
		type: string,
		parameters: INodeParameters | undefined,
		attachCredentials: boolean | undefined,
		typeVersion: number | undefined,
		path: string,
	) {
		const node = buildNode(type, parameters, attachCredentials, typeVersion, undefined);
		const workflowId = nextId('workflow');
		const workflow = new Workflow({
			id: workflowId,
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes,
		});
		const additionalData = additionalDataFor(nextId('execution'), workflowId);
		// What the editor sends: the parameters as currently typed, not defaults-filled.
		additionalData.currentNodeParameters = deepCopy(parameters ?? {});
		const workflowNode = workflow.getNode(node.name) as INode;
		return {
			context: new LoadOptionsContext(workflow, workflowNode, additionalData, path),
			nodeType: nodeTypes.getByNameAndVersion(type, node.typeVersion),
		};
	}

	async function runListSearch(searchOptions: RunListSearchOptions): Promise<INodeListSearchResult> {
		await ensureEngineReady();
		const { context, nodeType } = methodContext(
			searchOptions.type,
			searchOptions.parameters,
			searchOptions.credentials,
			searchOptions.typeVersion,
			`parameters.${searchOptions.method}`,
		);
		const method = nodeType.methods?.listSearch?.[searchOptions.method];
		if (!method) {
			throw new UnexpectedError(`Node type "${searchOptions.type}" has no listSearch method "${searchOptions.method}"`);
		}
		return await method.call(context, searchOptions.filter, searchOptions.paginationToken);
	}

	async function runLoadOptions(loadOptions: RunLoadOptionsOptions): Promise<INodePropertyOptions[]> {
		await ensureEngineReady();
		const { context, nodeType } = methodContext(
			loadOptions.type,
			loadOptions.parameters,
			loadOptions.credentials,
			loadOptions.typeVersion,
			`parameters.${loadOptions.method}`,
		);
		const method = nodeType.methods?.loadOptions?.[loadOptions.method];
		if (!method) {
			throw new UnexpectedError(`Node type "${loadOptions.type}" has no loadOptions method "${loadOptions.method}"`);
		}
		return await method.call(context);
	}

	return {
		credentials,
		logs,
		nodeTypes,
		runWorkflow,
		runNode,
		runPoll,
		runListSearch,
		runLoadOptions,
		dispose: () => {
			logSinks.delete(sink);
		},
	};
}
