/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Real n8n 2.41.1 (its own CLI and server, on Node 24, installed from the npm registry into the runtime root on first
 * use) with the built package installed as a community package: one `n8n start` (test/e2e/n8n/shared.ts) for every
 * scenario that needs nothing else, in this order (each group starts from the sandbox's seed data):
 * - n8n/examples.ts: n8n loads every node; the Manual Trigger examples run and pass their checks; the export example's
 *   CSV against Classify; the Quick start run twice; the CSV example at real size (1,000 rows); Celebrity Identify.
 * - n8n/package-export.ts: the package export delivering to a local S3 bucket through n8n's S3 node.
 * - n8n/ai-tools.ts: the tools through the published MCP Server Trigger (an MCP client) and n8n's AI Agent.
 * - n8n/trigger.ts: the published polling trigger and the trigger examples on live events, each once.
 * - n8n/video-insights.ts: every Video Insights operation, and its trigger example on a video made ready.
 * - n8n/administration.ts: every Administration operation (the client secret once), and its invite-a-sheet example.
 * - n8n/search-queries.ts: the Search and Queries operations of issue 27 (sound, by person, hybrid, celebrity matches,
 *   filtered-search runs on each target, tables, Query › Run Query).
 * - n8n/editor.ts: the editor in Chromium: node panel, every node's parameters, the Quick start and the export example
 *   imported from their files and run from the editor.
 * - n8n/credential-refresh.ts: token expiry, one login, the new token saved (it stops n8n and runs the CLI).
 * - n8n/trigger-polls.ts (trigger-overlap, before editor): polls slower than their interval, each event once; and
 *   (trigger-durable, last) the durable scheduler: it starts the shared n8n again with the scheduler's settings.
 * Queue mode (queue.test.ts), n8n 1.x (n8n-v1.test.ts) and the install through n8n's Community Nodes
 * (community-install.test.ts: it starts n8n without the package, with settings of its own) have set-ups of their own.
 * E2E_N8N_SCENARIOS=editor,examples (names as below) runs only those groups, in this order, for a quicker look at
 * one; `npm test` runs them all.
 */
import { administrationScenario } from './n8n/administration';
import { aiToolsScenario } from './n8n/ai-tools';
import { credentialRefreshScenario } from './n8n/credential-refresh';
import { editorScenario } from './n8n/editor';
import { examplesScenario } from './n8n/examples';
import { packageExportScenario } from './n8n/package-export';
import { searchQueriesScenario } from './n8n/search-queries';
import { type Scenario, useSharedN8n } from './n8n/shared';
import { triggerScenario } from './n8n/trigger';
import { triggerDurableScenario, triggerOverlapScenario } from './n8n/trigger-polls';
import { videoInsightsScenario } from './n8n/video-insights';

const SCENARIOS: Record<string, Scenario> = {
	examples: examplesScenario,
	'package-export': packageExportScenario,
	'ai-tools': aiToolsScenario,
	trigger: triggerScenario,
	'trigger-overlap': triggerOverlapScenario,
	'video-insights': videoInsightsScenario,
	administration: administrationScenario,
	'search-queries': searchQueriesScenario,
	editor: editorScenario,
	'credential-refresh': credentialRefreshScenario,
	'trigger-durable': triggerDurableScenario,
};
const only = process.env.E2E_N8N_SCENARIOS?.split(',').map((name) => name.trim());
const unknown = (only ?? []).filter((name) => !SCENARIOS[name]);
if (unknown.length)
	throw new Error(`E2E_N8N_SCENARIOS names no scenario ${unknown.join(', ')}: ${Object.keys(SCENARIOS)}`);

useSharedN8n(
	Object.entries(SCENARIOS)
		.filter(([name]) => !only || only.includes(name))
		.map(([, scenario]) => scenario),
);
