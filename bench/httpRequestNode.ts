/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IVersionedNodeType } from 'n8n-workflow';

import { installedRuntime, N8N_V2, runtimeKey, runtimeRoot } from '../scripts/n8n-runtime/runtime';

export interface HttpRequestNode {
	node?: IVersionedNodeType;
	/** n8n-nodes-base version the class came from. */
	version?: string;
	/** Why it could not be loaded (then `node` is undefined). */
	reason?: string;
}

export const HOW_TO_INSTALL =
	'install the n8n 2.41.1 runtime once with `npm run bench -- --install-runtime` (or `npm start`, which installs it ' +
	'too): n8n 2.41.1 and Node 24 from the npm registry into node_modules/.cache/n8n-nodes-media-analysis/runtime/, a few minutes and about 3 GB';

/**
 * n8n's real HTTP Request node (the versioned class, all versions) from the n8n 2.41.1 runtime under node_modules/.cache/n8n-nodes-media-analysis/runtime/.
 * n8n-nodes-base is too big to be a devDependency; the runtime has it, at the release of our n8n-core.
 */
export function loadHttpRequestNode(): HttpRequestNode {
	const runtime = installedRuntime(N8N_V2);
	if (!runtime) {
		return {
			reason: `the n8n runtime ${runtimeKey(N8N_V2)} is not installed under ${runtimeRoot()}: ${HOW_TO_INSTALL}`,
		};
	}
	const base = join(runtime.dir, 'node_modules', 'n8n-nodes-base');
	const file = join(base, 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js');
	if (!existsSync(file)) return { reason: `${file} is missing from the runtime` };
	try {
		const { version } = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')) as { version: string };
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const loaded = require(file) as { HttpRequest: new () => IVersionedNodeType };
		return { node: new loaded.HttpRequest(), version };
	} catch (error) {
		return { reason: `loading ${file} on Node ${process.version} failed: ${(error as Error).message}` };
	}
}
