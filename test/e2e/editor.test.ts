/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The n8n editor in headless Chromium (Debian's /usr/bin/chromium, apt-installed when missing, driven by
 * playwright-core; no browser is ever downloaded): the node panel finds every node listed in package.json, and one
 * node of each kind opens with its parameters rendered and no console errors. Screenshots go to screenshots/ (git-ignored).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

import { type Sandbox, startSandbox } from '../../sandbox/server';
import { sandboxCredential } from '../../scripts/n8n-runtime/examples';
import { type N8nInstance, OWNER, type RunningN8n } from '../../scripts/n8n-runtime/instance';
import { type PackagedNode, packagedNodes } from '../../scripts/n8n-runtime/package';
import { N8N_V2, REPO_ROOT } from '../../scripts/n8n-runtime/runtime';
import { prepareN8n, removeUserFolder, scratchUserFolder } from '../../scripts/n8n-runtime/setup';
import { ensureChromium } from '../../scripts/n8n-runtime/system';

const SCREENSHOTS = join(REPO_ROOT, 'screenshots');
const WORKFLOW_ID = 'maE2eEditor00001';
const log = (line: string) => process.stderr.write(`[e2e editor] ${line}\n`);

let sandbox: Sandbox;
let n8n: N8nInstance;
let server: RunningN8n;
let browser: Browser;
let page: Page;
let userFolder: string;
let nodes: PackagedNode[];
/** Console errors and uncaught page errors since the owner logged in. */
const browserErrors: string[] = [];

beforeAll(async () => {
	// Installed with apt-get when missing (as root), or the test fails with the one command to run.
	const chromiumPath = await ensureChromium(log);
	mkdirSync(SCREENSHOTS, { recursive: true });
	userFolder = scratchUserFolder('e2e-editor');
	n8n = await prepareN8n({ spec: N8N_V2, userFolder, log });
	nodes = packagedNodes();
	sandbox = await startSandbox();
	const credential = sandboxCredential(sandbox.url);
	await n8n.importCredentials([credential]);
	// One node of each kind, default parameters, named by its display name, four to a row.
	await n8n.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: 'e2e: one node of each kind',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: {},
			nodes: nodes.map((node, i) => ({
				id: `node-${i}`,
				name: node.displayName,
				type: node.type,
				typeVersion: 1,
				position: [(i % 4) * 320, Math.floor(i / 4) * 260],
				parameters: {},
				credentials: { mediaAnalysisApi: { id: credential.id, name: credential.name } },
			})),
		},
	]);
	server = await n8n.start();
	browser = await chromium.launch({
		executablePath: chromiumPath,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--no-first-run',
			'--disable-quic',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(30_000);

	// The owner made for this user folder logs in through the sign-in form, as a person would.
	await page.goto(`${server.url}/signin`);
	await page.fill('#emailOrLdapLoginId', OWNER.email);
	await page.fill('#password', OWNER.password);
	await page.click('button:has-text("Sign in")');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	page.on('console', (message) => {
		if (message.type() === 'error') browserErrors.push(`console: ${message.text()}`);
	});
	page.on('pageerror', (error) => browserErrors.push(`page error: ${error.message}`));
}, 30 * 60_000);

afterAll(async () => {
	await browser?.close();
	await server?.stop();
	await sandbox?.close();
	if (userFolder) removeUserFolder(userFolder);
});

async function openWorkflow() {
	await page.goto(`${server.url}/workflow/${WORKFLOW_ID}`);
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

describe(`the n8n ${N8N_V2.n8nVersion} editor in Chromium`, () => {
	test('the node panel finds every Media Analysis node listed in package.json', async () => {
		await openWorkflow();
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('[data-test-id="node-creator-search-bar"]').fill('Media Analysis');
		// The list settles after a short debounce; wait until it stops changing.
		const names = page.locator('[data-test-id="node-creator-item-name"]');
		let found: Array<{ name: string; description: string }> = [];
		for (let attempt = 0, previous = ''; attempt < 20; attempt++) {
			await page.waitForTimeout(500);
			found = await names.evaluateAll((elements) =>
				elements.map((element) => {
					const item = element.closest('[data-test-id="item-iterator-item"]') ?? element.parentElement?.parentElement;
					const description = item?.querySelector('[data-test-id="node-creator-item-description"]');
					return { name: element.textContent?.trim() ?? '', description: description?.textContent?.trim() ?? '' };
				}),
			);
			const current = JSON.stringify(found);
			if (current === previous && found.length > 0) break;
			previous = current;
		}
		await screenshot('node-panel-search');
		// A trigger is listed under its app's name: n8n drops " Trigger" from it.
		const listed = (node: PackagedNode) =>
			found.some(
				(item) =>
					(item.name === node.displayName || item.name === node.displayName.replace(/ Trigger$/, '')) &&
					item.description === node.description,
			);
		const missing = nodes.filter((node) => !listed(node)).map((node) => `${node.displayName}${hiddenAsAiNode(node)}`);
		expect({ missing, listed: found.map((item) => item.name) }).toEqual({
			missing: [],
			listed: expect.any(Array),
		});
		expect(browserErrors).toEqual([]);
	}, 5 * 60_000);

	test('one node of each kind opens with its parameters rendered and no console errors', async () => {
		await openWorkflow();
		const problems: string[] = [];
		for (const node of nodes) {
			browserErrors.length = 0;
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.displayName}"]`).dblclick();
			const ndv = page.locator('[data-test-id="ndv"]');
			await ndv.waitFor();
			await ndv.locator('[data-test-id="parameter-item"]').first().waitFor();
			const title = (await ndv.locator('[data-test-id="node-title-container"]').textContent()) ?? '';
			const labels = (await ndv.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]').allTextContents()).map(
				(label) => label.trim(),
			);
			const credential = await ndv.locator('[data-test-id="node-credentials-select"] input').inputValue();
			await screenshot(`parameters-${node.name}`);
			// The title is an inline editor (its text appears twice in the DOM).
			if (!title.includes(node.displayName)) problems.push(`${node.displayName}: the panel title is "${title}"`);
			if (node.firstParameter && !labels.some((label) => label.startsWith(node.firstParameter as string))) {
				problems.push(`${node.displayName}: "${node.firstParameter}" is not among the parameters [${labels.join(', ')}]`);
			}
			if (credential !== 'Media Analysis sandbox') {
				problems.push(`${node.displayName}: the credential shows "${credential}"`);
			}
			for (const error of browserErrors) problems.push(`${node.displayName}: ${error}`);
			await page.locator('[data-test-id="ndv-close-button"]').click();
			await ndv.waitFor({ state: 'hidden' });
		}
		expect(problems).toEqual([]);
	}, 10 * 60_000);
});
