import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { deepCopy, ICredentialsHelper, isExpression, NodeHelpers, UserError } from 'n8n-workflow';

export interface CredentialUpdate {
	type: string;
	data: ICredentialDataDecryptedObject;
}

function expirablePropertyOf(credentialType: ICredentialType): INodeProperties | undefined {
	return credentialType.properties.find(
		(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
	);
}

/**
 * In-memory stand-in for n8n's credentials table: one credential per type. It outlives
 * executions, so a token persisted by one run is what the next run reads.
 */
export class CredentialStore {
	private readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	private readonly updateLog: CredentialUpdate[] = [];

	constructor(private readonly types: Map<string, ICredentialType>) {}

	set(type: string, data: ICredentialDataDecryptedObject): void {
		const copy = deepCopy(data);
		const credentialType = this.types.get(type);
		const expirable = credentialType ? expirablePropertyOf(credentialType) : undefined;
		// n8n saves hidden properties with their default, so a token never fetched reads as ''.
		if (expirable && copy[expirable.name] === undefined) copy[expirable.name] = '';
		this.stored.set(type, copy);
	}

	get(type: string): ICredentialDataDecryptedObject | undefined {
		const data = this.stored.get(type);
		return data === undefined ? undefined : deepCopy(data);
	}

	has(type: string): boolean {
		return this.stored.has(type);
	}

	delete(type: string): void {
		this.stored.delete(type);
	}

	/** How many times the engine persisted credential data (updateCredentials). */
	get updateCount(): number {
		return this.updateLog.length;
	}

	/** Every persisted write, oldest first (copies). */
	get updates(): CredentialUpdate[] {
		return this.updateLog.map((update) => deepCopy(update));
	}

	persist(type: string, data: ICredentialDataDecryptedObject): void {
		this.stored.set(type, deepCopy(data));
		this.updateLog.push({ type, data: deepCopy(data) });
	}
}

/** Resolves `{{$credentials.name}}` templates when no workflow is at hand to evaluate them. */
function resolveCredentialTemplate(value: string, credentials: ICredentialDataDecryptedObject): string {
	const body = value.startsWith('=') ? value.slice(1) : value;
	return body.replace(/\{\{\s*\$credentials\.([A-Za-z0-9_]+)\s*\}\}/g, (_match, name: string) => {
		const resolved = credentials[name];
		return resolved === undefined || resolved === null ? '' : String(resolved);
	});
}

/**
 * The parts of n8n's CLI CredentialsHelper that matter when running nodes: defaults for
 * unset properties, generic `authenticate`, and the `preAuthentication` rule (log in when
 * the expirable property is empty, the engine reports the credential expired, or the
 * credential is being tested, then persist the result).
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Map<string, ICredentialType>,
		private readonly store: CredentialStore,
	) {
		super();
	}

	private credentialType(name: string): ICredentialType {
		const credentialType = this.types.get(name);
		if (!credentialType) {
			throw new UserError(`Credential type "${name}" is not registered with the test harness`);
		}
		return credentialType;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const definition = this.types.get(credentialType);
		if (!definition?.restrictToSupportedNodes) return true;
		return (definition.supportedNodes ?? []).some(
			(supported) => supported === nodeType || nodeType.endsWith(`.${supported}`),
		);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.credentialType(type);
		if (credentialType.extends === undefined) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.credentialType(typeName);
		if (authenticate === undefined) return requestOptions;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}
		if (authenticate.type !== 'generic') return requestOptions;

		const resolve = (value: unknown): string => {
			if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
			if (!isExpression(value)) return value;
			if (workflow && node) {
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved === undefined || resolved === null || resolved === false ? '' : String(resolved);
			}
			return resolveCredentialTemplate(value, credentials);
		};

		requestOptions.headers ??= {};
		const target = requestOptions as unknown as Record<string, Record<string, unknown> | undefined>;
		for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
			for (const [key, value] of Object.entries(outerValue as Record<string, unknown>)) {
				const section = (target[outerKey] ??= {});
				section[resolve(key)] = resolve(value);
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialType(typeName);
		const expirable = expirablePropertyOf(credentialType);
		if (expirable === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		// As n8n: a credential test runs on a mock No Op node whose `temp` parameter is '' (CredentialsTester).
		const isTestingCredentials = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials) return undefined;

		const output = (await credentialType.preAuthentication.call(
			{ helpers: { httpRequest: helpers.helpers.httpRequest } },
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output?.[expirable.name] === undefined) return undefined;

		const nodeCredentials = node.credentials?.[typeName] ?? { id: typeName, name: typeName };
		const stored = this.store.get(typeName) ?? {};
		const toPersist: ICredentialDataDecryptedObject = { ...stored };
		for (const [key, value] of Object.entries(output)) {
			// n8n never overwrites a field the user stored as an expression with its resolved value.
			if (key === expirable.name || !isExpression(stored[key])) toPersist[key] = value;
		}
		await this.updateCredentials(nodeCredentials, typeName, toPersist);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.credentialType(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(
			{ helpers: { httpRequest: helpers.helpers.httpRequest } },
			credentials,
		)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const credentials = new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type);
		await credentials.setData(this.store.get(type) ?? {});
		return credentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store.get(type);
		if (stored === undefined) {
			throw new UserError(`No credentials of type "${type}" are set in the test harness`);
		}
		// As n8n does: unset properties read as their defaults (undeclared keys are dropped).
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject | null;
		return { ...(withDefaults ?? {}) };
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.persist(type, data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.persist(type, {
			...(this.store.get(type) ?? {}),
			oauthTokenData: data.oauthTokenData,
		});
	}
}
