/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * Installed the way users install it (issue 34), in a file of its own (test/e2e/community-install.test.ts) that starts
 * beside n8n.test.ts rather than after all of its groups: the packed package (`npm pack`, as the release workflow
 * publishes it) is published with `npm publish` to a local npm
 * registry (Verdaccio, scripts/n8n-runtime/registry.ts), and n8n 2.41.1 installs it by name through its own Community
 * Nodes installer (`POST /rest/community-packages`, what Settings → Community Nodes → Install sends), loads it without
 * a restart, runs a saved workflow with the saved credential, updates it to the next version published there
 * (`PATCH`, the page's Update), runs it again, uninstalls it through the page in Chromium (its confirm dialog names
 * the saved workflows that use the nodes), installs it once more through the page (Install, the package name, the
 * risk checkbox), runs the workflow, and uninstalls it (`DELETE`).
 *
 * Its n8n is set up as the shared one of n8n.test.ts is (test/e2e/n8n/shared.ts: the package in `.n8n/nodes`, the
 * credential and the workflows imported), but not started: this scenario takes the package out of `.n8n/nodes`, so
 * that an install shows the nodes appearing, and starts n8n with the settings below. Two n8n
 * settings make a private registry usable in 2.41.1:
 * - `N8N_COMMUNITY_PACKAGES_REGISTRY` is refused without the licence feature `feat:communityNodes:customRegistry`
 *   (the first test shows it). This start runs with `E2E_TESTS=true`, n8n's own switch for its own end-to-end tests,
 *   and turns on that one feature through `PATCH /rest/e2e/feature`, as n8n's tests do.
 * - `N8N_COMMUNITY_PACKAGES_AUTH_TOKEN`: the registry serves nothing without its user's token.
 * Nothing leaves the machine: HTTP_PROXY and HTTPS_PROXY point at a loopback port that takes each connection, notes
 * what it was asked and closes it; NO_PROXY covers 127.0.0.1 (the registry, the sandbox). n8n asks its own web API
 * about the package before installing (`checkNpmPackageStatus`), fails there, and goes on.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN } from '../../../sandbox/server';
import { send } from '../../../scripts/http-client';
import { loadExamples } from '../../../scripts/n8n-runtime/examples';
import { type RunningN8n, tail, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME, stagePackage } from '../../../scripts/n8n-runtime/package';
import { ensureVerdaccio, type LocalRegistry, startLocalRegistry } from '../../../scripts/n8n-runtime/registry';
import { N8N_V2, REPO_ROOT, run } from '../../../scripts/n8n-runtime/runtime';
import { type SignedInEditor, signedInEditor } from '../browser';
import { EXAMPLE_CHECKS } from '../example-checks';
import { log, type Scenario, type SharedN8n, startNode } from './shared';

/** Pictures of the page (git-ignored), as the editor test keeps its own. */
const SCREENSHOTS = join(REPO_ROOT, 'screenshots');
const EXAMPLE_FILE = 'datasets-create-and-inspect.json';
const CUSTOM_REGISTRY_FEATURE = 'feat:communityNodes:customRegistry';

/** A loopback "proxy" that refuses to forward anything: it keeps each request's first line and closes the connection. */
async function startRefusingProxy(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
	const asked: string[] = [];
	const server: Server = createServer((socket) => {
		socket.setTimeout(5000, () => socket.destroy());
		socket.once('data', (chunk: Buffer) => {
			asked.push(chunk.toString('latin1').split('\r\n')[0].slice(0, 300));
			socket.destroy();
		});
		socket.on('error', () => {});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	if (!address || typeof address !== 'object') throw new Error('The proxy got no port');
	return {
		url: `http://127.0.0.1:${address.port}`,
		asked,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** The tarball unpacked; with `version`, the same build under that version (test only). */
async function repackAs(tarball: string, version: string | undefined): Promise<{ folder: string; dispose(): void }> {
	const dir = mkdtempSync(join(tmpdir(), 'media-analysis-next-'));
	await run('tar', ['xzf', tarball, '-C', dir], { cwd: dir, log });
	const file = join(dir, 'package', 'package.json');
	const json = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
	if (version) writeFileSync(file, `${JSON.stringify({ ...json, version }, null, 2)}\n`);
	return { folder: join(dir, 'package'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	installedNodes: Array<{ type: string; name: string }>;
	updateAvailable?: string;
	failedLoading?: boolean;
}

const example = (file = EXAMPLE_FILE) => {
	const found = loadExamples().find((e) => e.file === file);
	if (!found) throw new Error(`examples/${file} is gone: pick another example for this test`);
	return found;
};

/** A saved workflow without the package's nodes: the uninstall dialog must not name it. */
const WITHOUT_PACKAGE: WorkflowJson = {
	id: 'maCommunityNone1',
	name: 'A workflow without Media Analysis nodes',
	nodes: [
		{
			name: 'When clicking ‘Execute workflow’',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{ name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	],
	connections: {
		'When clicking ‘Execute workflow’': { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] },
	},
};

export const communityInstallScenario: Scenario = {
	// The workflow it runs, another that uses the package's nodes, and one that does not (the uninstall dialog names
	// the first two only).
	workflows: () => [example().workflow, example('quick-start.json').workflow, WITHOUT_PACKAGE],
	// Verdaccio's first install (about 10 s) while n8n is set up, not after it.
	prepare: () => ensureVerdaccio(log),
	register(shared: SharedN8n) {
		let registry: LocalRegistry | undefined;
		let proxy: Awaited<ReturnType<typeof startRefusingProxy>> | undefined;
		let server: RunningN8n | undefined;
		let editor: SignedInEditor | undefined;
		let tarball = '';
		let version = '';
		/** The newest version published to the registry (the update's), what an install by name takes. */
		let latest = '';
		let manifest: { version: string; n8n: { nodes: string[] } } | undefined;

		/** The package.json inside the published tarball (the checkout's dist may be rebuilt meanwhile). */
		const packedManifest = () => {
			if (!manifest) throw new Error('The set-up did not finish; see its error above');
			return manifest;
		};

		const n8n = () => {
			if (!server || !registry || !proxy) throw new Error('The set-up did not finish; see its error above');
			return { server, sandbox: shared.sandbox, registry, proxy };
		};

		/** n8n's REST API as the owner, any method, as the editor calls it: status and parsed body. */
		async function call(
			method: string,
			path: string,
			body?: unknown,
		): Promise<{ status: number; data: unknown; text: string }> {
			const { server } = n8n();
			const response = await send(server.url, method, `/rest${path}`, {
				headers: { cookie: await server.login(), 'browser-id': 'e2e' },
				json: body,
				newConnection: true,
				idleTimeoutMs: 5 * 60_000,
			});
			let data: unknown;
			try {
				data = (JSON.parse(response.text) as { data?: unknown }).data;
			} catch {
				data = undefined;
			}
			return { status: response.status, data, text: response.text };
		}

		async function expectOk<T>(method: string, path: string, body?: unknown): Promise<T> {
			const answer = await call(method, path, body);
			if (answer.status < 200 || answer.status > 299) {
				throw new Error(`${method} /rest${path}: ${answer.status} ${answer.text}\n${tail(n8n().server.logs, 4000)}`);
			}
			return answer.data as T;
		}

		/** The package's node types the editor is given right now (`/types/nodes.json`). */
		async function packageTypesLoaded(): Promise<string[]> {
			const types = await n8n().server.nodeTypes();
			return types.map((t) => t.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
		}

		/** The editor in Chromium, signed in as the owner (started on first use). */
		async function page() {
			editor ??= await signedInEditor(n8n().server.url, shared.chromiumPath);
			return editor.page;
		}

		/** Settings → Community Nodes, once its list has loaded: the page. */
		async function communityNodesPage() {
			const tab = await page();
			await tab.goto(`${n8n().server.url}/settings/community-nodes`);
			// Loaded once it offers Install (beside the packages' cards, or as "Install a community node" when there are none).
			await tab
				.getByRole('button', { name: /^Install/ })
				.first()
				.waitFor()
				.catch(async (error: unknown) => {
					await tab.screenshot({ path: join(SCREENSHOTS, 'community-nodes-not-loaded.png') });
					throw error;
				});
			return tab;
		}

		async function runExample() {
			const { server, sandbox } = n8n();
			shared.fresh();
			const workflow = example().workflow;
			const execution = await server.runToEnd(workflow.id, startNode(workflow));
			if (!execution.ok)
				throw new Error(`Execution ${execution.id} failed: ${execution.output}\n${tail(server.logs, 3000)}`);
			EXAMPLE_CHECKS[EXAMPLE_FILE](execution, sandbox);
		}

		/** The workflows imported before n8n started, split by whether they hold a node of the package. */
		const importedNames = (withPackage: boolean) =>
			shared.workflows
				.filter((workflow) => workflow.nodes.some((node) => node.type.startsWith(`${PACKAGE_NAME}.`)) === withPackage)
				.map((workflow) => workflow.name);

		describe(`n8n ${N8N_V2.n8nVersion} installs the package from a local npm registry (Community Nodes)`, () => {
			beforeAll(async () => {
				// The package taken out of the folder n8n loads community packages from.
				rmSync(shared.instance.nodesFolder, { recursive: true, force: true });
				tarball = await stagePackage(log);
				[registry, proxy] = await Promise.all([startLocalRegistry(shared.instance.runtime, log), startRefusingProxy()]);
				await registry.publish(tarball);
				const unpacked = await repackAs(tarball, undefined);
				try {
					manifest = JSON.parse(readFileSync(join(unpacked.folder, 'package.json'), 'utf8')) as typeof manifest;
				} finally {
					unpacked.dispose();
				}
				version = packedManifest().version;
				const noProxy = '127.0.0.1,localhost,::1';
				// The list of installed packages asks `npm outdated` in .n8n/nodes, which reads npm's own configuration, not
				// N8N_COMMUNITY_PACKAGES_REGISTRY: a private registry goes into an .npmrc too (here the user folder's).
				const npmrc = join(shared.instance.userFolder, '.npmrc');
				writeFileSync(
					npmrc,
					`registry=${registry.url}\n${registry.url.replace(/^http:/, '')}:_authToken=${registry.token}\n`,
					{ mode: 0o600 },
				);
				server = await shared.instance.start({
					environment: {
						EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
						N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url,
						N8N_COMMUNITY_PACKAGES_AUTH_TOKEN: registry.token,
						npm_config_userconfig: npmrc,
						E2E_TESTS: 'true',
						HTTP_PROXY: proxy.url,
						HTTPS_PROXY: proxy.url,
						http_proxy: proxy.url,
						https_proxy: proxy.url,
						NO_PROXY: noProxy,
						no_proxy: noProxy,
					},
				});
			}, 30 * 60_000);

			afterAll(async () => {
				await editor?.browser.close();
				await server?.stop();
				await Promise.all([registry?.stop(), proxy?.close()]);
			});

			test(
				'starts without the package',
				async () => {
					expect(await packageTypesLoaded()).toEqual([]);
					expect(await expectOk<InstalledPackage[]>('GET', '/community-packages')).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				`refuses N8N_COMMUNITY_PACKAGES_REGISTRY without the licence feature ${CUSTOM_REGISTRY_FEATURE}`,
				async () => {
					const answer = await call('POST', '/community-packages', { name: PACKAGE_NAME });
					expect(answer.status).toBeGreaterThanOrEqual(400);
					expect(answer.text).toContain(`Your license does not allow for ${CUSTOM_REGISTRY_FEATURE}`);
					expect(await packageTypesLoaded()).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				'installs it by name, and every node appears without a restart',
				async () => {
					const feature = await send(n8n().server.url, 'PATCH', '/rest/e2e/feature', {
						json: { feature: CUSTOM_REGISTRY_FEATURE, enabled: true },
						newConnection: true,
						idleTimeoutMs: 30_000,
					});
					expect(feature.status).toBe(200);
					const asked = n8n().proxy.asked.length;
					const installed = await expectOk<InstalledPackage>('POST', '/community-packages', { name: PACKAGE_NAME });
					expect(installed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: version });
					// Every node file of the published package.json's n8n.nodes, and n8n gives the editor each of them at once.
					expect(installed.installedNodes).toHaveLength(packedManifest().n8n.nodes.length);
					const loaded = await packageTypesLoaded();
					expect(loaded.filter((type) => !type.endsWith('Tool')).sort()).toEqual(
						installed.installedNodes.map((node) => node.type).sort(),
					);
					// n8n asked its own web API about the package through the proxy (refused) and went on; nothing else left.
					const fresh = n8n().proxy.asked.slice(asked);
					expect(fresh).toContain('CONNECT api.n8n.io:443 HTTP/1.1');
					expect(n8n().proxy.asked.filter((line) => line.includes('127.0.0.1'))).toEqual([]);
				},
				10 * 60_000,
			);

			test(
				'runs the saved workflow with the saved credential',
				async () => {
					await runExample();
				},
				5 * 60_000,
			);

			test(
				'updates to the next version published to the registry; the workflow and credential keep working',
				async () => {
					const [major, minor, patch] = version.split('.').map(Number);
					const next = `${major}.${minor}.${patch + 1}`;
					latest = next;
					const repacked = await repackAs(tarball, next);
					try {
						await n8n().registry.publish(repacked.folder);
					} finally {
						repacked.dispose();
					}
					// The page's list offers the update (n8n runs `npm outdated` there, with npm's own registry setting).
					const [offered] = await expectOk<InstalledPackage[]>('GET', '/community-packages');
					expect(offered).toMatchObject({
						packageName: PACKAGE_NAME,
						installedVersion: version,
						updateAvailable: next,
					});
					const updated = await expectOk<InstalledPackage>('PATCH', '/community-packages', { name: PACKAGE_NAME });
					expect(updated).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: next });
					const [listed] = await expectOk<InstalledPackage[]>('GET', '/community-packages');
					expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: next, failedLoading: false });
					expect(listed.updateAvailable).toBeUndefined();
					await runExample();
				},
				10 * 60_000,
			);

			test(
				'uninstalls it from Settings → Community Nodes: the confirm dialog names the workflows that use its nodes',
				async () => {
					const types = await packageTypesLoaded();
					// What the page asks n8n before it asks for confirmation: the saved workflows with any of the package's nodes.
					const using = await expectOk<Array<{ id: string; name: string }>>('POST', '/workflows/with-node-types', {
						nodeTypes: types,
					});
					const named = using.map((workflow) => workflow.name);
					expect(named).toEqual(expect.arrayContaining(importedNames(true)));
					expect(named.filter((name) => importedNames(false).includes(name))).toEqual([]);
					const tab = await communityNodesPage();
					const card = tab.locator('[data-test-id="community-package-card"]', { hasText: PACKAGE_NAME });
					await card.locator('[data-test-id="action-toggle"]').click();
					await tab.getByText('Uninstall package').click();
					const dialog = tab.getByRole('dialog').filter({ hasText: 'Uninstall node package' });
					await dialog
						.getByText(example().workflow.name, { exact: true })
						.waitFor()
						.catch(async (error: unknown) => {
							await tab.screenshot({ path: join(SCREENSHOTS, 'community-nodes-uninstall-failed.png') });
							throw error;
						});
					const shown = (await dialog.textContent()) ?? '';
					expect(shown).toContain('The following workflows will be effected');
					await tab.screenshot({ path: join(SCREENSHOTS, 'community-nodes-uninstall.png') });
					await dialog.getByRole('button', { name: 'Confirm uninstall' }).click();
					await card.waitFor({ state: 'detached', timeout: 120_000 });
					expect(await packageTypesLoaded()).toEqual([]);
					expect(await expectOk<InstalledPackage[]>('GET', '/community-packages')).toEqual([]);
				},
				5 * 60_000,
			);

			test(
				'installs it from Settings → Community Nodes in Chromium: name, risk checkbox, Install; the nodes appear',
				async () => {
					expect(await expectOk<InstalledPackage[]>('GET', '/community-packages')).toEqual([]);
					const tab = await communityNodesPage();
					await tab
						.getByRole('button', { name: /^Install/ })
						.first()
						.click();
					const name = tab.locator(
						'input[data-test-id="package-name-input"], [data-test-id="package-name-input"] input',
					);
					await name.first().fill(PACKAGE_NAME);
					await tab.locator('[data-test-id="user-agreement-checkbox"]').click();
					await tab.locator('[data-test-id="install-community-package-button"]').click();
					const card = tab.locator('[data-test-id="community-package-card"]', { hasText: PACKAGE_NAME });
					await card.waitFor({ timeout: 5 * 60_000 });
					await card.getByText(`v${latest}`).waitFor();
					await tab.screenshot({ path: join(SCREENSHOTS, 'community-nodes-installed.png') });
					const [listed] = await expectOk<InstalledPackage[]>('GET', '/community-packages');
					expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: latest, failedLoading: false });
					expect(listed.installedNodes).toHaveLength(packedManifest().n8n.nodes.length);
					expect((await packageTypesLoaded()).filter((type) => !type.endsWith('Tool')).sort()).toEqual(
						listed.installedNodes.map((node) => node.type).sort(),
					);
					await runExample();
				},
				10 * 60_000,
			);

			test(
				'uninstalls it through the REST API: its nodes are gone',
				async () => {
					await expectOk('DELETE', `/community-packages?name=${encodeURIComponent(PACKAGE_NAME)}`);
					expect(await packageTypesLoaded()).toEqual([]);
					expect(await expectOk<InstalledPackage[]>('GET', '/community-packages')).toEqual([]);
				},
				5 * 60_000,
			);

			test('no token (the registry user, the sandbox) in what n8n printed', () => {
				const { server, registry } = n8n();
				expect(server.logs).not.toContain(registry.token);
				expect(server.logs).not.toContain(DEMO_PERSONAL_TOKEN);
			});
		});
	},
};
