/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: checks the package and node descriptions against n8n's community-package conventions. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const sourceOf = (distPath: string) => join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

const nodes: Array<{ file: string; node: INodeType }> = pkg.n8n.nodes.map((distPath: string) => {
	const file = sourceOf(distPath);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(file) as Record<string, new () => INodeType>;
	const Node = Object.values(exported).find((value) => typeof value === 'function') as new () => INodeType;
	return { file, node: new Node() };
});

describe('package.json', () => {
	test('community-package rules', () => {
		expect(pkg.name).toMatch(/^n8n-nodes-/);
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.license).toBe('MIT');
		// Only what n8n loads: compiled nodes and credential, codex files, icons (no declarations or maps, see scan.test.ts).
		expect(pkg.files).toEqual(['dist/credentials', 'dist/icons', 'dist/nodes']);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.overrides).toBeUndefined();
		for (const script of ['prepare', 'preinstall', 'install', 'postinstall'])
			expect(pkg.scripts[script]).toBeUndefined();
		expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
		for (const dep of ['n8n-workflow', 'n8n-core', 'typescript', 'jest']) {
			expect(pkg.devDependencies[dep]).toMatch(/^\d+\.\d+\.\d+$/);
		}
	});

	test('every listed credential and node has its source, codex file and icons', () => {
		for (const distPath of [...pkg.n8n.credentials, ...pkg.n8n.nodes])
			expect(existsSync(sourceOf(distPath))).toBe(true);
		for (const { file } of nodes) expect(existsSync(file.replace(/\.ts$/, '.json'))).toBe(true);
		expect(existsSync(join(root, 'icons/media-analysis.svg'))).toBe(true);
		expect(existsSync(join(root, 'icons/media-analysis.dark.svg'))).toBe(true);
	});

	test('each node has an icon of its own, light and dark, so the nodes are told apart at a glance', () => {
		const files = (icon: unknown) => {
			const { light, dark } = icon as { light: string; dark: string };
			return [light, dark].map((path) => join(root, 'nodes', 'x', path.replace(/^file:/, '')));
		};
		const icons = nodes.map(({ node }) => files(node.description.icon));
		for (const [light, dark] of icons) {
			expect(existsSync(light) && existsSync(dark)).toBe(true);
			// n8n wants two different files: the dark one is drawn for a dark canvas.
			expect(readFileSync(dark, 'utf8')).not.toBe(readFileSync(light, 'utf8'));
		}
		const drawings = icons.map(([light]) => readFileSync(light, 'utf8'));
		expect(new Set(drawings).size).toBe(nodes.length);
	});
});

describe('credential', () => {
	const credential = new MediaAnalysisApi();
	test('secrets are password fields and the access token is hidden and expirable', () => {
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		for (const secret of ['personalToken', 'clientSecret', 'accessToken']) {
			expect(byName[secret].typeOptions?.password).toBe(true);
		}
		expect(byName.accessToken).toMatchObject({ type: 'hidden', typeOptions: { expirable: true } });
		expect(byName.baseUrl.default).toBe('https://api.coactive.ai');
		expect(credential.test.request.url).toBeTruthy();
	});
});

function walk(properties: INodeProperties[], visit: (p: INodeProperties) => void) {
	for (const property of properties) {
		visit(property);
		for (const option of (property.options ?? []) as unknown[]) {
			if (option && typeof option === 'object' && 'type' in option) walk([option as INodeProperties], visit);
			if (option && typeof option === 'object' && 'values' in option)
				walk((option as { values: INodeProperties[] }).values, visit);
		}
	}
}

/**
 * Action nodes not offered to AI agents, each with its reason (the node says `usableAsTool: undefined` with it, so the
 * lint sees a choice).
 */
const NOT_TOOLS: Record<string, string> = {
	mediaAnalysisAdministration:
		'removes users, changes who may do what and hands out a client secret: a person decides that, not a model',
};

describe.each(nodes.map(({ node }) => [node.description.displayName, node]))('%s', (_name, node) => {
	const { description } = node as INodeType;
	const isTrigger = description.polling === true;
	test('an action node is usable as a tool (but those NOT_TOOLS names, with the reason), a trigger is a polling node named …Trigger with no inputs', () => {
		if (NOT_TOOLS[description.name]) {
			expect('usableAsTool' in description && description.usableAsTool === undefined).toBe(true);
		} else if (isTrigger) {
			expect(description.usableAsTool).toBeUndefined();
			expect(description.name).toMatch(/Trigger$/);
			expect(description.inputs).toEqual([]);
			expect(description.group).toEqual(['trigger']);
			expect(typeof (node as INodeType).poll).toBe('function');
		} else {
			expect(description.usableAsTool).toBe(true);
		}
	});

	test('its description is one line of at most 120 characters, as the node panel shows it under the name', () => {
		expect(description.description).toMatch(/^[^\n]{1,120}$/);
		expect(description.description).not.toMatch(/\.$/);
	});

	test('has icons, subtitle and the credential', () => {
		expect(description.icon).toMatchObject({
			light: expect.stringContaining('.svg'),
			dark: expect.stringContaining('.dark.svg'),
		});
		expect(description.subtitle).toBeTruthy();
		expect(description.credentials).toEqual([{ name: 'mediaAnalysisApi', required: true }]);
	});

	test('every operation has an action label, and every list operation has Return All and Limit', () => {
		const operations = description.properties.filter((p) => p.name === 'operation');
		for (const dropdown of operations) {
			const resource = dropdown.displayOptions?.show?.resource?.[0];
			for (const option of dropdown.options as Array<{ value: string; action?: string }>) {
				expect(option.action).toBeTruthy();
				if (option.value !== 'getMany') continue;
				const shown = description.properties.filter(
					(p) =>
						p.displayOptions?.show?.resource?.[0] === resource &&
						p.displayOptions?.show?.operation?.includes('getMany'),
				);
				expect(shown.map((p) => p.name)).toEqual(expect.arrayContaining(['returnAll', 'limit']));
			}
		}
	});

	test('every ID parameter is a resource locator whose default mode is From List', () => {
		// No endpoint of the service lists a tag's saved aggregations: that ID can only be given By ID. Nor the runs of
		// filtered searches: Run ID is a plain field (a picker with nothing to pick from only adds a click).
		const unlistable = new Set(['aggregationId']);
		walk(description.properties, (property) => {
			if (!/Id$/.test(property.name) || property.type === 'hidden' || property.name === 'runId') return;
			expect({ name: property.name, type: property.type }).toEqual({ name: property.name, type: 'resourceLocator' });
			if (unlistable.has(property.name)) return;
			expect((property.default as { mode: string }).mode).toBe('list');
		});
	});

	test("a yes/no filter added from a collection starts at false, the service's default (unticking never filters for false)", () => {
		const filters: string[] = [];
		walk(description.properties, (property) => {
			if (property.type !== 'collection' && property.type !== 'fixedCollection') return;
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (option.type === 'boolean' && /^(include|exclude|is|only|shareable)/i.test(option.name)) {
					filters.push(`${option.name}=${String(option.default)}`);
				}
			}
		});
		expect(filters.filter((entry) => !entry.endsWith('=false'))).toEqual([]);
	});

	test('every dataset picker of an action node also takes a dataset By Name', () => {
		if (isTrigger) return; // a poll has no way to look a name up before it reads
		walk(description.properties, (property) => {
			if (property.type !== 'resourceLocator' || !/[dD]atasetId$/.test(property.name)) return;
			expect({ name: property.name, modes: (property.modes ?? []).map((mode) => mode.name) }).toEqual({
				name: property.name,
				modes: ['list', 'id', 'name'],
			});
		});
	});

	test('never offers the sunset encoder "multimodal"', () => {
		walk(description.properties, (property) => {
			for (const option of (property.options ?? []) as Array<{ value?: unknown }>)
				expect(option.value).not.toBe('multimodal');
		});
	});
});

/** A value as TypeScript source with bare keys: n8n's lint rules read only identifier keys. */
const literal = (value: unknown): string =>
	Array.isArray(value)
		? `[${value.map(literal).join(', ')}]`
		: value && typeof value === 'object'
			? `{ ${Object.entries(value)
					.map(([key, entry]) => `${key}: ${literal(entry)}`)
					.join(', ')} }`
			: JSON.stringify(value);

// Each operation's dropdown entry is its module's `option`, without the value, so n8n's lint cannot tell it is an
// option: the dropdowns as built are written out and linted here with the package's strict config.
test("every Operation dropdown passes n8n's lint as a literal (names, descriptions, actions, order)", () => {
	const dropdowns = nodes.flatMap(({ node }) =>
		node.description.properties
			.filter((property) => property.name === 'operation')
			.map(({ displayName, name, type, noDataExpression, options, default: value }) => ({
				displayName,
				name,
				type,
				noDataExpression,
				options,
				default: value,
			})),
	);
	expect(dropdowns.length).toBeGreaterThan(0);
	const source = `import type { INodeProperties } from 'n8n-workflow';\n\nexport const dropdowns: INodeProperties[] = ${literal(dropdowns)};\n`;
	const eslint = join(root, 'node_modules/eslint/bin/eslint.js');
	const run = spawnSync(
		process.execPath,
		[eslint, '--stdin', '--stdin-filename', join(root, 'nodes/dropdowns.ts'), '--format', 'json'],
		{ cwd: root, input: source, encoding: 'utf8' },
	);
	const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
	expect(result.messages.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
}, 120_000);

describe('node panel', () => {
	// n8n's editor (generateMergedNodesAndActions) lists a trigger with the node whose type name is the trigger's without
	// "Trigger": one entry with the node's actions and the trigger's events, under the node's name, with the trigger's
	// description. A trigger without such a node stands alone and reads "We don't have … actions yet".
	test.each(
		nodes
			.filter(({ node }) => node.description.group.includes('trigger'))
			.map(({ node }) => [node.description.name, node]),
	)('the trigger %s is listed with its action node', (_name, trigger) => {
		const { name, displayName } = (trigger as INodeType).description;
		const action = nodes.find(({ node }) => node.description.name === name.replace('Trigger', ''))?.node.description;
		expect(action?.group).toEqual(['transform']);
		expect(displayName).toBe(`${action?.displayName} Trigger`);
	});
});

describe('subtitles', () => {
	/** The subtitle expression run as the editor runs it, on the given parameters. */
	const subtitleOf = (node: INodeType, parameters: Record<string, unknown>): string => {
		const expression = String(node.description.subtitle);
		expect(expression).toMatch(/^=\{\{ [\s\S]+ \}\}$/);
		return runInNewContext(`(${expression.slice(4, -3)})`, { $parameter: parameters }) as string;
	};
	const optionsOf = (property: INodeProperties | undefined) =>
		(property?.options ?? []) as Array<{ name: string; value: string }>;

	test.each(
		nodes
			.filter(({ node }) => node.description.properties.some((p) => p.name === 'resource'))
			.map(({ file, node }) => [file.split('/').pop(), node]),
	)('%s: every resource and operation in the words of its menus', (_file, node) => {
		const { properties } = (node as INodeType).description;
		const resources = optionsOf(properties.find((p) => p.name === 'resource'));
		let checked = 0;
		for (const operation of properties.filter((p) => p.name === 'operation')) {
			const shownFor =
				(operation.displayOptions?.show?.resource as string[] | undefined) ?? resources.map((r) => r.value);
			for (const resource of shownFor) {
				const resourceName = resources.find((r) => r.value === resource)?.name;
				for (const option of optionsOf(operation)) {
					expect(subtitleOf(node as INodeType, { resource, operation: option.value })).toBe(
						`${option.name}: ${resourceName}`,
					);
					checked++;
				}
			}
		}
		expect(checked).toBeGreaterThan(0);
		// A combination the map does not know still shows something.
		expect(subtitleOf(node as INodeType, { resource: 'other', operation: 'thing' })).toBe('thing: other');
	});

	test("the trigger's subtitle names its chosen events", () => {
		const trigger = nodes.find(({ node }) => node.description.polling)?.node as INodeType;
		const events = optionsOf(trigger.description.properties.find((p) => p.name === 'events'));
		expect(subtitleOf(trigger, { events: events.slice(0, 2).map((e) => e.value) })).toBe(
			`${events[0].name}, ${events[1].name}`,
		);
		expect(subtitleOf(trigger, { events: [] })).toBe('');
	});
});
