/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN } from '../../sandbox/server';
import type { CredentialJson, WorkflowJson } from './instance';
import { PACKAGE_NAME } from './package';
import { REPO_ROOT } from './runtime';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

/** README's Quick start: listed first, so `npm start` and `npm run demo` show it first; the others follow by name. */
export const QUICK_START_FILE = 'quick-start.json';

/** Id of the credential every example uses; `npm start`, `npm run demo` and the tests import it. */
export const SANDBOX_CREDENTIAL_ID = 'maSandboxCred001';
export const SANDBOX_CREDENTIAL_NAME = 'Media Analysis sandbox';

/** A Media Analysis API credential for the sandbox at `baseUrl`, logging in with the demo personal token. */
export function sandboxCredential(baseUrl: string): CredentialJson {
	return {
		id: SANDBOX_CREDENTIAL_ID,
		name: SANDBOX_CREDENTIAL_NAME,
		type: 'mediaAnalysisApi',
		data: { baseUrl, authentication: 'personalToken', personalToken: DEMO_PERSONAL_TOKEN },
	};
}

export interface Example {
	/** File name under examples/. */
	file: string;
	workflow: WorkflowJson;
	/** True when the workflow starts with a trigger of this package: it runs when published, not with `execute`. */
	triggered: boolean;
	/**
	 * Set when the workflow starts with n8n's Chat Trigger or MCP Server Trigger: it serves an AI client once
	 * published (`npm start` publishes it; test/e2e/n8n/ai-tools.ts calls it), never with `execute`.
	 */
	aiEntry?: 'chat' | 'mcp';
}

const TRIGGER_TYPES_RUN_BY_EXECUTE = new Set(['n8n-nodes-base.manualTrigger']);
/** n8n's AI nodes (agent, chat model, triggers) may sit beside this package's tools. */
const LANGCHAIN_PREFIX = '@n8n/n8n-nodes-langchain.';
const AI_ENTRY_TRIGGERS: Record<string, 'chat' | 'mcp'> = {
	[`${LANGCHAIN_PREFIX}chatTrigger`]: 'chat',
	[`${LANGCHAIN_PREFIX}mcpTrigger`]: 'mcp',
};

/**
 * Every workflow in examples/*.json (the Quick start first), checked: a 16-character id, nodes of this package or of
 * n8n itself, and the sandbox credential on every node of this package. A malformed example throws, it is never skipped.
 */
export function loadExamples(): Example[] {
	const byName = readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
	const files = [
		...byName.filter((file) => file === QUICK_START_FILE),
		...byName.filter((file) => file !== QUICK_START_FILE),
	];
	const ids = new Set<string>();
	return files.map((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
		const problem = (message: string) => new Error(`examples/${file}: ${message}`);
		if (!/^[A-Za-z0-9]{16}$/.test(workflow.id ?? '')) throw problem('needs an "id" of 16 letters and digits');
		if (ids.has(workflow.id)) throw problem(`the id ${workflow.id} is used by another example`);
		ids.add(workflow.id);
		if (!workflow.name) throw problem('needs a "name"');
		let triggered = false;
		const aiEntry = workflow.nodes.map((node) => AI_ENTRY_TRIGGERS[node.type]).find(Boolean);
		// Another n8n trigger (e.g. a Schedule Trigger) is fine beside a Manual Trigger, where `n8n execute` starts.
		const runnableByExecute = workflow.nodes.some((node) => TRIGGER_TYPES_RUN_BY_EXECUTE.has(node.type));
		for (const node of workflow.nodes) {
			const ours = node.type.startsWith(`${PACKAGE_NAME}.`);
			if (!ours && !node.type.startsWith('n8n-nodes-base.') && !node.type.startsWith(LANGCHAIN_PREFIX)) {
				throw problem(
					`node "${node.name}" has type ${node.type}: only ${PACKAGE_NAME}, n8n-nodes-base and ${LANGCHAIN_PREFIX}* nodes`,
				);
			}
			if (ours) {
				const credential = (node.credentials as Record<string, { id?: string }> | undefined)?.mediaAnalysisApi;
				if (credential?.id !== SANDBOX_CREDENTIAL_ID) {
					throw problem(`node "${node.name}" must use the credential ${SANDBOX_CREDENTIAL_ID}`);
				}
				if (node.type.endsWith('Trigger')) triggered = true;
			} else if (node.type.endsWith('Trigger') && !runnableByExecute && !aiEntry) {
				throw problem(
					`node "${node.name}": start with a Manual Trigger or a trigger of this package (another n8n trigger needs a Manual Trigger beside it)`,
				);
			}
		}
		return { file, workflow, triggered, ...(aiEntry ? { aiEntry } : {}) };
	});
}
