/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The ingest example (examples/ingest-csv-classify-summary.json) as the queue-mode tests and benchmark run it many
 * times at once: the same workflow, except that its CSV's image URLs carry the execution id, so that every execution
 * ingests assets of its own and "each asset ingested exactly once" can be counted in the sandbox.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EXAMPLES_DIR } from './examples';
import type { WorkflowJson } from './instance';

export const INGEST_FILE = 'ingest-csv-classify-summary.json';
const CSV_NODE = 'Image URLs (CSV)';
const URL_PREFIX = 'https://media.example.com/examples/';

/** Where each execution's images come from: `<prefix>run-<execution id>/…`. */
export const runFolder = (executionId: string) => `${URL_PREFIX}run-${executionId}/`;

/** The example under another id and name, with per-execution image URLs; also its Manual Trigger's name. */
export function ingestVariant(id: string): { workflow: WorkflowJson; trigger: string } {
	const file = join(EXAMPLES_DIR, INGEST_FILE);
	if (!existsSync(file)) throw new Error(`examples/${INGEST_FILE} is gone: the queue-mode tests and benchmark run it`);
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
	const csv = workflow.nodes.find((node) => node.name === CSV_NODE);
	const assignment = (csv?.parameters?.assignments as { assignments?: Array<{ value: string }> } | undefined)
		?.assignments?.[0];
	if (!assignment?.value.includes(URL_PREFIX)) {
		throw new Error(`examples/${INGEST_FILE}: "${CSV_NODE}" no longer lists URLs under ${URL_PREFIX}`);
	}
	assignment.value = `=${assignment.value.split(URL_PREFIX).join(`${URL_PREFIX}run-{{ $execution.id }}/`)}`;
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!trigger) throw new Error(`examples/${INGEST_FILE} has no Manual Trigger`);
	return { workflow: { ...workflow, id, name: `${workflow.name} (${id})` }, trigger: trigger.name };
}
