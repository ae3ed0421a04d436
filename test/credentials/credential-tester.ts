/* Dev-only: the credential's Test button (n8n's CredentialsTester for a credential with a `test` request), through
 * n8n-core's RoutingNode and ExecuteContext, with the harness's credentials helper (n8n's preAuthentication rule). */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	INode,
	INodeParameters,
	INodeCredentialTestResult,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ensureEngineReady } from '../harness/container';
import { CredentialStore, HarnessCredentialsHelper } from '../harness/credentials-helper';

const NO_OP = 'n8n-nodes-base.noOp';

/**
 * A saved credential (`store`, as in n8n's database) and its Test: `test(form)` tests what the form holds (the saved
 * data with the form's edits), as n8n does on Save and on Retry, and answers what n8n shows.
 */
export function createCredentialTester(credentialType: ICredentialType) {
	const types = new Map([[credentialType.name, credentialType]]);
	const store = new CredentialStore(types);
	const helper = new HarnessCredentialsHelper(types, store);

	async function test(form: ICredentialDataDecryptedObject = {}): Promise<INodeCredentialTestResult> {
		await ensureEngineReady();
		const testRequest = credentialType.test!;
		// n8n applies defaults to the form's data before testing it (applyDefaultsAndOverwrites).
		const data = NodeHelpers.getNodeParameters(
			helper.getCredentialsProperties(credentialType.name),
			{ ...(store.get(credentialType.name) ?? {}), ...form } as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		const credentialsDecrypted = {
			id: 'credential-1',
			name: 'Media Analysis account',
			type: credentialType.name,
			data,
		};

		// As CredentialsTester.testCredentials: a No Op node whose one parameter routes the test request.
		const noOp: INodeType = {
			description: {
				displayName: 'No Operation',
				name: NO_OP,
				group: ['transform'],
				version: 1,
				description: '',
				defaults: { name: 'No Operation' },
				inputs: ['main'],
				outputs: ['main'],
				credentials: [{ name: credentialType.name, required: true }],
				properties: [
					{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: testRequest.request }, default: '' },
				],
			},
		};
		const nodeTypes: INodeTypes = {
			getByName: () => noOp,
			getByNameAndVersion: () => noOp,
			getKnownTypes: () => ({}),
		};
		const node: INode = {
			id: 'temp',
			parameters: {},
			name: 'Temp-Node',
			type: NO_OP,
			typeVersion: 1,
			position: [0, 0],
			credentials: { [credentialType.name]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		const additionalData = {
			credentialsHelper: helper,
			executionId: 'credential-test',
			restApiUrl: 'http://localhost:5678/rest',
			instanceBaseUrl: 'http://localhost:5678',
			webhookBaseUrl: 'http://localhost:5678/webhook',
			webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
			variables: {},
		} as unknown as IWorkflowExecuteAdditionalData;
		const context = new ExecuteContext(
			workflow,
			workflow.getNode(node.name)!,
			additionalData,
			'internal',
			{ resultData: { runData: {} } } as never,
			0,
			[],
			{ main: [[{ json: {} }]] },
			{ node, data: {}, source: null },
			[],
		);
		try {
			await new RoutingNode(context, noOp, credentialsDecrypted).runNode();
		} catch (caught) {
			// What n8n answers for a failed test, in its order.
			const error = caught as {
				message: string;
				cause?: { response?: { status: number; statusText?: string }; code?: string };
			};
			const response = error.cause?.response;
			if (response) {
				const rule = testRequest.rules?.find(
					(r) => r.type === 'responseCode' && r.properties.value === response.status,
				);
				if (rule) return { status: 'Error', message: rule.properties.message };
				return { status: 'Error', message: response.statusText || `Received HTTP status code: ${response.status}` };
			}
			if (error.cause?.code) return { status: 'Error', message: error.cause.code };
			return { status: 'Error', message: error.message.toString() };
		}
		return { status: 'OK', message: 'Connection successful!' };
	}

	return { store, test };
}
