/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The n8n editor of the shared n8n in headless Chromium (Debian's /usr/bin/chromium, apt-installed when missing, driven
 * by playwright-core; no browser is ever downloaded): the node panel finds every node listed in package.json, and one
 * node of each kind opens with its parameters rendered and no console errors; "media analysis trigger" lists the
 * trigger with the Ingestion node, ranked as n8n ranks; a new user's words (test/support/panel-words.ts) list their
 * node; the Quick start (examples/quick-start.json) is imported with the
 * workflow menu's Import › From file, as README says, run with Execute workflow, shows each link's own status and passes
 * the example's check; issue 50's export task (examples/concept-scores-to-csv.json) is imported the same way, has at most
 * four working nodes, no Code node and no SQL, and its run from the editor passes its check. Screenshots go to screenshots/ (git-ignored); README's Quick start pictures also to docs/images/
 * with UPDATE_DOCS_IMAGES=1.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

import {
	EXAMPLES_DIR,
	type Example,
	loadExamples,
	QUICK_START_FILE,
	sandboxCredential,
} from '../../../scripts/n8n-runtime/examples';
import { type Execution, listExecutions, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { type PackagedNode, packagedNodes } from '../../../scripts/n8n-runtime/package';
import { N8N_V2, REPO_ROOT } from '../../../scripts/n8n-runtime/runtime';
import { signedInEditor } from '../browser';
import { EXAMPLE_CHECKS } from '../example-checks';
import { until } from '../sandbox-client';
import { PANEL_WORDS } from '../../support/panel-words';
import type { Scenario } from './shared';

const SCREENSHOTS = join(REPO_ROOT, 'screenshots');
/** README's Quick start pictures: written here too when UPDATE_DOCS_IMAGES=1 (then committed). */
const DOCS_IMAGES = join(REPO_ROOT, 'docs', 'images');
const WORKFLOW_ID = 'maE2eEditor00001';
/** README's Quick start: four image links ingested and waited for, the ready ones classified, a branch on the score. */
const QUICK_START = loadExamples().find((example) => example.file === QUICK_START_FILE)!;
const QUICK_START_INGEST = 'Ingest Images and Wait';
/** Issue 50's export task: every night, the images a concept scores above 0.8 as a CSV file. */
const EXPORT = loadExamples().find((example) => example.file === 'concept-scores-to-csv.json')!;
const EXPORT_SCORES = 'Beach Images Above 0.8';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
/** Text that reads as SQL in a parameter. */
const SQL = /\b(select|from|where)\b[\s\S]*\b(from|where|order by|limit)\b/i;

/** One node of each kind, default parameters, named by its display name, four to a row. */
function oneOfEachKind(): WorkflowJson {
	const credential = sandboxCredential('');
	return {
		id: WORKFLOW_ID,
		name: 'e2e: one node of each kind',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: packagedNodes().map((node, i) => ({
			id: `node-${i}`,
			name: node.displayName,
			type: node.type,
			typeVersion: 1,
			position: [(i % 4) * 320, Math.floor(i / 4) * 260],
			parameters: {},
			credentials: { mediaAnalysisApi: { id: credential.id, name: credential.name } },
		})),
	};
}

export const editorScenario: Scenario = {
	workflows: () => [oneOfEachKind()],
	register(n8n) {
		let browser: Browser;
		let page: Page;
		let nodes: PackagedNode[];
		/** Console errors and uncaught page errors since the owner logged in. */
		const browserErrors: string[] = [];

		describe(`the n8n ${N8N_V2.n8nVersion} editor in Chromium`, () => {
			beforeAll(async () => {
				// Installed with apt-get when missing (as root) at set-up, or the set-up fails with the one command to run.
				const { chromiumPath } = n8n;
				mkdirSync(SCREENSHOTS, { recursive: true });
				nodes = packagedNodes();
				n8n.fresh();
				({ browser, page } = await signedInEditor(n8n.server.url, chromiumPath));
				page.on('console', (message) => {
					if (message.type() === 'error') browserErrors.push(`console: ${message.text()}`);
				});
				page.on('pageerror', (error) => browserErrors.push(`page error: ${error.message}`));
				// Which address a "Failed to load resource" console error was about.
				page.on('response', (response) => {
					if (response.status() >= 400)
						browserErrors.push(`response ${response.status()}: ${new URL(response.url()).pathname}`);
				});
			}, 30 * 60_000);

			afterAll(async () => {
				await browser?.close();
			});

			async function openWorkflow() {
				await page.goto(`${n8n.server.url}/workflow/${WORKFLOW_ID}`);
				await page.locator('[data-test-id="canvas-node"]').first().waitFor();
			}

			/**
			 * Why a node may be missing from the panel: n8n 2.41's node panel drops a node whose codex `categories` include "AI"
			 * unless its `subcategories.AI` include "Root Nodes" (agents, chains). Named in the failure to save a search.
			 */
			function hiddenAsAiNode(node: PackagedNode): string {
				const codexFile = join(REPO_ROOT, node.file.replace(/\.js$/, '.json'));
				if (!existsSync(codexFile)) return '';
				const codex = JSON.parse(readFileSync(codexFile, 'utf8')) as {
					categories?: string[];
					subcategories?: Record<string, string[]>;
				};
				return codex.categories?.includes('AI') && !codex.subcategories?.AI?.includes('Root Nodes')
					? ` (its codex ${node.file.replace(/^dist\//, '').replace(/\.js$/, '.json')} has the category "AI" without the ` +
							'subcategory AI: "Root Nodes", which n8n hides from the node panel)'
					: '';
			}

			const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
			/** A screenshot README shows: kept in screenshots/, and in docs/images/ when UPDATE_DOCS_IMAGES=1. */
			async function docsScreenshot(name: string) {
				await screenshot(name);
				if (process.env.UPDATE_DOCS_IMAGES !== '1') return;
				mkdirSync(DOCS_IMAGES, { recursive: true });
				copyFileSync(join(SCREENSHOTS, `${name}.png`), join(DOCS_IMAGES, `${name}.png`));
			}

			/**
			 * The node panel opened and searched for `query`: its entries, top first, once the list has changed from what
			 * the panel showed before the query and then stayed the same over three reads 150 ms apart (n8n filters after a
			 * short debounce), or stayed as it was for 2 s. `reload`: the workflow is opened anew first; off, the panel is opened on the page as it is.
			 */
			async function searchNodePanel(
				query: string,
				{ reload = true } = {},
			): Promise<Array<{ name: string; description: string }>> {
				if (reload) await openWorkflow();
				await page.locator('[data-test-id="node-creator-plus-button"]').click();
				const names = page.locator('[data-test-id="node-creator-item-name"]');
				const read = () =>
					names.evaluateAll((elements) =>
						elements.map((element) => {
							const item =
								element.closest('[data-test-id="item-iterator-item"]') ?? element.parentElement?.parentElement;
							const description = item?.querySelector('[data-test-id="node-creator-item-description"]');
							return { name: element.textContent?.trim() ?? '', description: description?.textContent?.trim() ?? '' };
						}),
					);
				const before = JSON.stringify(await read());
				await page.locator('[data-test-id="node-creator-search-bar"]').fill(query);
				let found: Array<{ name: string; description: string }> = [];
				for (let attempt = 0, previous = before, same = 0; attempt < 70; attempt++) {
					await page.waitForTimeout(150);
					found = await read();
					const current = JSON.stringify(found);
					same = current === previous && found.length > 0 ? same + 1 : 0;
					// A list the same as before the query counts only after 2 s: the query may list what the last one did.
					if (same >= 2 && (current !== before || attempt >= 13)) break;
					previous = current;
				}
				return found;
			}

			/**
			 * The panel entry a node is listed under. n8n lists a trigger with the node whose type name is its own without
			 * "Trigger": one entry under that node's name, with the trigger's description (and both their actions).
			 */
			function panelEntry(node: PackagedNode): { name: string; description: string } {
				const trigger = nodes.find((other) => other.trigger && other.type.replace('Trigger', '') === node.type);
				if (trigger) return { name: node.displayName, description: trigger.description };
				const action = node.trigger
					? nodes.find((other) => other.type === node.type.replace('Trigger', ''))
					: undefined;
				if (action) return { name: action.displayName, description: node.description };
				return { name: node.displayName.replace(/ Trigger$/, ''), description: node.description };
			}

			test(
				'the node panel finds every Media Analysis node listed in package.json, each description on one line',
				async () => {
					const found = await searchNodePanel('Media Analysis');
					await screenshot('node-panel-search');
					const listed = (node: PackagedNode) =>
						found.some(
							(item) => item.name === panelEntry(node).name && item.description === panelEntry(node).description,
						);
					const missing = nodes
						.filter((node) => !listed(node))
						.map((node) => `${node.displayName}${hiddenAsAiNode(node)}`);
					expect({ missing, listed: found.map((item) => item.name) }).toEqual({
						missing: [],
						listed: expect.any(Array),
					});
					// A short line under each name, two lines at most in the panel's width (the shortest is one line; the
					// package's conventions test keeps each at most 120 characters).
					const heights = await page.locator('[data-test-id="node-creator-item-description"]').evaluateAll((elements) =>
						elements.map((element) => ({
							text: element.textContent?.trim(),
							height: element.getBoundingClientRect().height,
						})),
					);
					const line = Math.min(...heights.map((entry) => entry.height));
					const tall = heights.filter((entry) => entry.height > 2.5 * line).map((entry) => entry.text);
					expect(tall).toEqual([]);
					expect(browserErrors).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				'the node panel: "media analysis trigger" lists the Ingestion node with the trigger\'s events and its actions',
				async () => {
					const trigger = nodes.find((node) => node.trigger)!;
					const found = await searchNodePanel('media analysis trigger');
					const at = found.findIndex((entry) => JSON.stringify(entry) === JSON.stringify(panelEntry(trigger)));
					expect({ listed: at >= 0, found }).toEqual({ listed: true, found });
					// Listed, not first: n8n 2.41's panel drops a last word that starts "trigger" from a query of several words
					// and scores the rest ("media analysis") on each entry's display name (weight 1.3) and codex aliases
					// (weight 1). Every "Media Analysis …" name matches it alike, less 2.5 per letter left over: the shortest
					// name ranks first, and no alias can outscore a display name. A new workflow (the panel on triggers) lists
					// them in the same order. The trigger's entry is the Ingestion node's: it follows the shorter names.
					const names = found.map((entry) => entry.name).filter((name) => name.startsWith('Media Analysis'));
					expect(names).toEqual([...names].sort((a, b) => a.length - b.length));
					await page.locator('[data-test-id="node-creator-item-name"]').nth(at).click();
					const panel = page.locator('[data-test-id="node-creator"]');
					// The entry opens on the node's actions and, under "Triggers (n)", the trigger's events.
					let shown = '';
					for (let attempt = 0; attempt < 20 && !/Triggers \(\d+\)/.test(shown); attempt++) {
						await page.waitForTimeout(500);
						shown = (await panel.textContent()) ?? '';
					}
					await screenshot('node-panel-trigger-actions');
					expect({ triggers: /Triggers \(\d+\)/.test(shown), shown }).toEqual({ triggers: true, shown });
					expect(shown).toContain('Get the ingestion status of an asset');
					expect(shown).not.toMatch(/actions yet/);
					await page.keyboard.press('Escape');
				},
				5 * 60_000,
			);

			test(
				'the node panel: a new user\'s words ("ingest images", "classify image", …) list their node',
				async () => {
					const missing: Array<{ query: string; node: string; found: string[] }> = [];
					// One page for all the words: the panel is closed (Escape) and opened again for each.
					for (const [i, { query, node }] of PANEL_WORDS.entries()) {
						const found = (await searchNodePanel(query, { reload: i === 0 })).map((entry) => entry.name);
						if (!found.includes(node)) missing.push({ query, node, found });
						await page.keyboard.press('Escape');
					}
					expect(missing).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				'one node of each kind opens with its parameters rendered and no console errors',
				async () => {
					await openWorkflow();
					const problems: string[] = [];
					for (const node of nodes) {
						browserErrors.length = 0;
						await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.displayName}"]`).dblclick();
						const ndv = page.locator('[data-test-id="ndv"]');
						await ndv.waitFor();
						await ndv.locator('[data-test-id="parameter-item"]').first().waitFor();
						const title = (await ndv.locator('[data-test-id="node-title-container"]').textContent()) ?? '';
						const labels = (
							await ndv.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]').allTextContents()
						).map((label) => label.trim());
						const credential = await ndv.locator('[data-test-id="node-credentials-select"] input').inputValue();
						await screenshot(`parameters-${node.name}`);
						// The title is an inline editor (its text appears twice in the DOM).
						if (!title.includes(node.displayName)) problems.push(`${node.displayName}: the panel title is "${title}"`);
						if (node.firstParameter && !labels.some((label) => label.startsWith(node.firstParameter as string))) {
							problems.push(
								`${node.displayName}: "${node.firstParameter}" is not among the parameters [${labels.join(', ')}]`,
							);
						}
						if (credential !== 'Media Analysis sandbox') {
							problems.push(`${node.displayName}: the credential shows "${credential}"`);
						}
						for (const error of browserErrors) problems.push(`${node.displayName}: ${error}`);
						await page.locator('[data-test-id="ndv-close-button"]').click();
						await ndv.waitFor({ state: 'hidden' });
					}
					expect(problems).toEqual([]);
				},
				10 * 60_000,
			);

			/**
			 * README's steps for an example: a new workflow, the workflow menu's Import › From file, the example's file, saved
			 * (Control+S). Checks the canvas shows the example's nodes; returns the workflow as n8n stored it, and its ID.
			 */
			async function importExample(example: Example): Promise<{ id: string; saved: WorkflowJson }> {
				await page.goto(`${n8n.server.url}/workflow/new`);
				await page.locator('[data-test-id="workflow-menu"]').click();
				await page.getByRole('menuitem', { name: 'Import', exact: true }).click();
				const chooser = page.waitForEvent('filechooser');
				await page.getByRole('menuitem', { name: 'From file' }).click();
				await (await chooser).setFiles(join(EXAMPLES_DIR, example.file));
				const shown = example.workflow.nodes.filter((node) => node.type !== STICKY_NOTE).map((node) => node.name);
				await page.locator(`[data-test-id="canvas-node"][data-node-name="${shown[0]}"]`).waitFor();
				const names = await page
					.locator('[data-test-id="canvas-node"]')
					.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name')));
				expect(names.sort()).toEqual(shown.sort());
				await page.keyboard.press('Control+s');
				await page.waitForURL((url) => /^\/workflow\/(?!new$)[^/]+$/.test(url.pathname));
				const id = new URL(page.url()).pathname.split('/').pop()!;
				// The address may name the workflow before n8n has stored it: saved once n8n gives it back.
				const saved = await until(`workflow ${id} is saved`, 30_000, async () =>
					n8n.server.rest<WorkflowJson>(`/workflows/${id}`).catch(() => undefined),
				);
				return { id, saved };
			}

			/**
			 * Runs the open workflow as a person would, with the button under the canvas, until `lastNode` succeeds; the run
			 * the editor made (the only one of the workflow), which succeeded.
			 */
			async function runFromEditor(workflowId: string, lastNode: string, failedShot: string): Promise<Execution> {
				await page.locator('[data-test-id="execute-workflow-button"]').first().click();
				await page
					.locator(
						`[data-test-id="canvas-node"][data-node-name="${lastNode}"] [data-test-id="canvas-node-status-success"]`,
					)
					.waitFor({ timeout: 120_000 })
					.catch(async (error: unknown) => {
						await screenshot(failedShot);
						throw error;
					});
				const runs = await listExecutions(n8n.server, workflowId);
				expect(runs.map((run) => run.status)).toEqual(['success']);
				const run = { ok: true, run: await n8n.server.execution(runs[0].id), output: '' };
				n8n.expectNoSecrets(JSON.stringify(run.run));
				return run;
			}

			/**
			 * The browser errors of this package. n8n 2.41's editor asks for output schemas it does not ship for some of its
			 * own nodes (IF): each such 404 and its console line are n8n's, not this package's.
			 */
			function ownBrowserErrors(): string[] {
				const n8nOwn = browserErrors.filter((error) => /^response 404: \/schemas\/n8n-nodes-base\./.test(error));
				const ours = browserErrors.filter((error) => !n8nOwn.includes(error));
				for (let i = 0; i < n8nOwn.length; i++) {
					const index = ours.findIndex((error) =>
						error.startsWith('console: Failed to load resource: the server responded with a status of 404'),
					);
					if (index >= 0) ours.splice(index, 1);
				}
				return ours;
			}

			test(
				'the Quick start: imported from examples/quick-start.json, run from the editor, each link with its own status',
				async () => {
					browserErrors.length = 0;
					const { id: workflowId } = await importExample(QUICK_START);
					const ingest = page.locator(`[data-test-id="canvas-node"][data-node-name="${QUICK_START_INGEST}"]`);
					await page.locator('[data-test-id="zoom-to-fit"]').click();
					await docsScreenshot('quick-start-canvas');

					const ndv = page.locator('[data-test-id="ndv"]');
					await ingest.dblclick();
					await ndv.locator('[data-test-id="parameter-item"]').first().waitFor();
					const labels = (
						await ndv.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]').allTextContents()
					).map((label) => label.trim());
					// A label reads "<name> FixedExpression" (the field's mode switch follows it).
					for (const name of ['Dataset', 'Input Mode', 'Images', 'Wait for Completion', 'Options']) {
						expect({ name, shown: labels.some((label) => label.startsWith(name)) }).toEqual({ name, shown: true });
					}
					await docsScreenshot('quick-start-ingest');
					await page.locator('[data-test-id="ndv-close-button"]').click();
					await ndv.waitFor({ state: 'hidden' });

					// Run it as a person would; the run passes the example's check, as every example does (example-checks.ts).
					n8n.sandbox.clearRequestLog();
					const run = await runFromEditor(workflowId, 'Any Concept Above 0.5?', 'quick-start-run-failed');
					EXAMPLE_CHECKS[QUICK_START.file](run, n8n.sandbox);

					await ingest.dblclick();
					const output = ndv.locator('[data-test-id="ndv-output-panel"], [data-test-id="output-panel"]').first();
					await output.waitFor();
					await output.getByText('broken_url').first().waitFor();
					const shown = (await output.textContent()) ?? '';
					// Four links come out as four items: the good ones ready, the broken one with its error code.
					expect(shown).toMatch(/4 items/);
					expect(shown).toContain('completed');
					await docsScreenshot('quick-start-output');
					await page.locator('[data-test-id="ndv-close-button"]').click();
					await ndv.waitFor({ state: 'hidden' });
					expect(ownBrowserErrors()).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				'the export task of issue 50 (examples/concept-scores-to-csv.json): at most four nodes, no Code node, no SQL; it runs',
				async () => {
					browserErrors.length = 0;
					const { id: workflowId, saved } = await importExample(EXPORT);
					// The nodes that do the task, as n8n saved them: the nightly trigger and three (the Manual Trigger only
					// starts it by hand); none is a Code node, and no parameter holds SQL.
					const working = saved.nodes.filter((node) => ![STICKY_NOTE, MANUAL_TRIGGER].includes(node.type));
					expect(working.length).toBeLessThanOrEqual(4);
					expect(working.filter((node) => /\.(code|function|functionItem)$/.test(node.type))).toEqual([]);
					expect(working.filter((node) => SQL.test(JSON.stringify(node.parameters)))).toEqual([]);
					await page.locator('[data-test-id="zoom-to-fit"]').click();
					await screenshot('export-canvas');

					// The scores node asks for a dataset, a concept and a threshold: no query text.
					const ndv = page.locator('[data-test-id="ndv"]');
					await page.locator(`[data-test-id="canvas-node"][data-node-name="${EXPORT_SCORES}"]`).dblclick();
					await ndv.locator('[data-test-id="parameter-item"]').first().waitFor();
					const labels = (
						await ndv.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]').allTextContents()
					).map((label) => label.trim());
					for (const name of ['Dataset', 'Concept', 'Scores Above']) {
						expect({ name, shown: labels.some((label) => label.startsWith(name)) }).toEqual({ name, shown: true });
					}
					expect(labels.filter((label) => /query|sql/i.test(label))).toEqual([]);
					await screenshot('export-scores');
					await page.locator('[data-test-id="ndv-close-button"]').click();
					await ndv.waitFor({ state: 'hidden' });

					// Run from the editor: the CSV it wrote holds exactly the images above the threshold (example-checks.ts).
					n8n.sandbox.clearRequestLog();
					const run = await runFromEditor(workflowId, 'Write CSV File', 'export-run-failed');
					EXAMPLE_CHECKS[EXPORT.file](run, n8n.sandbox, {
						read: (path) => readFileSync(join(n8n.instance.userFolder, path), 'utf8'),
					});
					expect(ownBrowserErrors()).toEqual([]);
				},
				5 * 60_000,
			);
		});
	},
};
