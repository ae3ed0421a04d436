/*
 * What the AI examples (examples/ask-your-media-library-agent.json, examples/mcp-server-media-library.json) need
 * besides the sandbox credential: a chat model credential pointing at the sandbox's scripted model, and the bearer
 * token that guards the MCP endpoint. `npm start` and test/e2e/n8n/ai-tools.ts import them.
 */
import { MODEL_PATH } from '../../sandbox/model';
import type { CredentialJson } from './instance';

/** Path of the example's MCP Server Trigger; n8n serves it at `<n8n>/mcp/<path>` once the workflow is published. */
export const MCP_EXAMPLE_PATH = 'media-library';
/** The bearer token of the local demo MCP endpoint (printed by `npm start`, like the owner's password). */
export const MCP_DEMO_TOKEN = 'media-library-demo-mcp-token';

/** The production MCP URL of the example on an n8n at `n8nUrl`. */
export const mcpExampleUrl = (n8nUrl: string) => `${n8nUrl}/mcp/${MCP_EXAMPLE_PATH}`;

/** An OpenAI credential whose Base URL is the sandbox's scripted model (no real model, no key). */
export function sandboxModelCredential(sandboxUrl: string): CredentialJson {
	return {
		id: 'maSandboxModel01',
		name: 'Sandbox scripted model',
		type: 'openAiApi',
		data: { apiKey: 'sandbox-needs-no-key', url: `${sandboxUrl}${MODEL_PATH}` },
	};
}

export function mcpBearerCredential(): CredentialJson {
	return {
		id: 'maMcpBearer00001',
		name: 'Media library MCP token',
		type: 'httpBearerAuth',
		data: { token: MCP_DEMO_TOKEN },
	};
}

/** Every credential the AI examples use, besides the sandbox credential of the package's nodes. */
export const aiExampleCredentials = (sandboxUrl: string): CredentialJson[] => [
	sandboxModelCredential(sandboxUrl),
	mcpBearerCredential(),
];
