/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console --
	Development code (scripts and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The reference pages of docs/nodes/, written for users: one per node of package.json and one for the credential.
 * Each page has a part written by hand (what a user must know, sample outputs: test/package/node-doc-samples.test.ts)
 * and a part generated from the current version of the node's description (operations, their parameters and
 * notices; the trigger's events; the credential's fields), between the two GENERATED markers. Nothing internal goes
 * on a page (type names, versions, endpoints: docs/internals.md). `npm run docs:nodes` rewrites the
 * generated parts (and writes a page that does not exist yet); `npm run docs:nodes -- --check` lists the pages whose
 * generated part differs from the descriptions, and test/package/node-docs.test.ts fails on any.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { conditionHolds } from './display-conditions';

const root = resolve(__dirname, '..');
export const DOCS_DIR = join(root, 'docs', 'nodes');
export const BEGIN =
	'<!-- GENERATED from the node description by `npm run docs:nodes`: edit the description, not this part -->';
export const END = '<!-- END GENERATED -->';

interface PackageJson {
	homepage: string;
	n8n: { nodes: string[]; credentials: string[] };
}
const pkg = (): PackageJson => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

/** What a page is about: a node or the credential, with the class name its page is named after. */
export type Documented =
	| { kind: 'node'; className: string; source: string; node: INodeType }
	| { kind: 'credential'; className: string; source: string; credential: ICredentialType };

/** The class a source file exports (a node file may export constants too). */
function loadClass<T>(distPath: string): { className: string; source: string; instance: T } {
	const source = distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(join(root, source)) as Record<string, unknown>;
	const entry = Object.entries(exported).find((pair): pair is [string, new () => T] => typeof pair[1] === 'function');
	if (!entry) throw new Error(`${source} exports no class`);
	return { className: entry[0], source, instance: new entry[1]() };
}

/** Every node and credential package.json lists, in its order. */
export function documented(): Documented[] {
	const { n8n } = pkg();
	return [
		...n8n.nodes.map((path): Documented => {
			const { className, source, instance } = loadClass<INodeType>(path);
			return { kind: 'node', className, source, node: instance };
		}),
		...n8n.credentials.map((path): Documented => {
			const { className, source, instance } = loadClass<ICredentialType>(path);
			return { kind: 'credential', className, source, credential: instance };
		}),
	];
}

export const pageFile = (className: string) => join(DOCS_DIR, `${className}.md`);

/** Where a page is read on GitHub: the repository of package.json's homepage, branch main. */
export function pageUrl(className: string): string {
	return `${pkg().homepage.replace(/\/+$/, '')}/blob/main/docs/nodes/${className}.md`;
}

// ---------------------------------------------------------------------------------------------------------------
// Which parameters a version and an operation show

/**
 * Whether a parameter is shown for these values of resource, operation, @version and @tool (other conditions aside).
 * `@tool` is true in the node's AI-tool variant (n8n's "… Tool" node), false in the node itself.
 */
function shownFor(parameter: INodeProperties, values: Record<string, unknown>): boolean {
	const { show, hide } = parameter.displayOptions ?? {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined) continue;
		const test = (conditions: unknown[]) =>
			key === '@version' ? conditions.some((c) => conditionHolds(c, value as number)) : conditions.includes(value);
		if (show?.[key] && !test(show[key] as unknown[])) return false;
		if (hide?.[key] && test(hide[key] as unknown[])) return false;
	}
	return true;
}

const versionsOf = (description: INodeTypeDescription) =>
	(Array.isArray(description.version) ? description.version : [description.version]).slice().sort((a, b) => a - b);

const currentVersion = (description: INodeTypeDescription) =>
	description.defaultVersion ?? Math.max(...versionsOf(description));

interface Operation {
	resource: { name: string; value: string };
	name: string;
	value: string;
	description: string;
	parameters: INodeProperties[];
}

const optionsOf = (property: INodeProperties | undefined) =>
	((property?.options ?? []) as INodePropertyOptions[]).filter((o) => 'value' in o);

/**
 * Every resource → operation of one version, with the parameters each shows, in the editor's order: as a workflow
 * step, or (`tool`) in the node's AI-tool variant.
 */
export function operationsOf(
	description: INodeTypeDescription,
	version = currentVersion(description),
	tool = false,
): Operation[] {
	const properties = description.properties.filter((p) => shownFor(p, { '@version': version, '@tool': tool }));
	const resources = optionsOf(properties.find((p) => p.name === 'resource'));
	return resources.flatMap((resource) => {
		const dropdown = properties.find((p) => p.name === 'operation' && shownFor(p, { resource: resource.value }));
		return optionsOf(dropdown).map((operation) => ({
			resource: { name: resource.name, value: String(resource.value) },
			name: operation.name,
			value: String(operation.value),
			description: operation.description ?? '',
			parameters: properties.filter(
				(p) =>
					!['resource', 'operation'].includes(p.name) &&
					p.type !== 'hidden' &&
					shownFor(p, { resource: resource.value, operation: operation.value }),
			),
		}));
	});
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown

/** A table cell: one line, pipes escaped. */
const cell = (text: string) =>
	text
		.replace(/\s*\n\s*/g, ' ')
		.replace(/\|/g, '\\|')
		.trim();

/** A simple default worth showing: a number, a yes/no or the name of an option. */
function defaultOf(parameter: INodeProperties): string | undefined {
	const value = parameter.default;
	if (parameter.type === 'boolean') return value === true ? 'on' : 'off';
	if (parameter.type === 'number' && typeof value === 'number') return String(value);
	if (parameter.type === 'options') {
		const option = optionsOf(parameter).find((o) => o.value === value);
		return option?.name;
	}
	return undefined;
}

/** Keys of `show` every row of an operation table already implies. */
const OPERATION_KEYS = ['resource', 'operation', '@version', '@tool'];

/**
 * What else than its operation a parameter is shown for ("Input Mode: Using JSON"), named as the editor names the
 * parameters it depends on (`siblings`); empty when it is shown for the whole operation.
 */
function conditionOf(parameter: INodeProperties, siblings: INodeProperties[]): string {
	const show = parameter.displayOptions?.show ?? {};
	return Object.entries(show)
		.filter(([key]) => !OPERATION_KEYS.includes(key))
		.map(([key, values]) => {
			const name = key.replace(/^\//, '');
			const field = siblings.find((p) => p.name === name);
			const shown = (values ?? []).map((value) =>
				typeof value === 'boolean'
					? value
						? 'on'
						: 'off'
					: (optionsOf(field).find((o) => o.value === value)?.name ?? JSON.stringify(value)),
			);
			return `${field?.displayName ?? name}: ${shown.join(' or ')}`;
		})
		.join(', ');
}

/**
 * "Name (default)", bold when required; one required only under a condition (one Input Mode) says so instead; a
 * collection lists what it holds.
 */
function parameterLabel(parameter: INodeProperties, siblings: INodeProperties[] = []): string {
	if (parameter.type === 'collection') {
		const inner = (parameter.options ?? []) as INodeProperties[];
		return `${parameter.displayName}: ${unique(inner.map((p) => p.displayName)).join(', ')}`;
	}
	if (parameter.type === 'fixedCollection') {
		const groups = (parameter.options ?? []) as INodePropertyCollection[];
		const inner = groups.flatMap((group) => (group.values ?? []).map((p) => p.displayName));
		return `${parameter.displayName}: ${unique(inner).join(', ')}`;
	}
	// Without siblings (the credential's and the trigger's tables) the condition has a column of its own.
	const condition = parameter.required && siblings.length > 0 ? conditionOf(parameter, siblings) : '';
	const name = parameter.required && !condition ? `**${parameter.displayName}**` : parameter.displayName;
	const notes = [defaultOf(parameter), condition && `required with ${condition}`].filter(Boolean);
	return notes.length === 0 ? name : `${name} (${notes.join('; ')})`;
}

const unique = (values: string[]) => [...new Set(values)];

/** Text ending in a full stop, so cells joined from several texts read as sentences. */
const sentence = (text: string) => (text && !/[.!?)]$/.test(text.trim()) ? `${text.trim()}.` : text.trim());

/** Request Options › Requests in Parallel: on every per-item operation, said once per page instead of on every row. */
const PARALLEL = 'requestOptions';

function parametersCell(parameters: INodeProperties[]): string {
	parameters = parameters.filter((p) => p.name !== PARALLEL);
	const plain = parameters.filter(
		(p) => p.type !== 'notice' && p.type !== 'collection' && p.type !== 'fixedCollection',
	);
	const grouped = parameters.filter((p) => p.type === 'collection' || p.type === 'fixedCollection');
	const labels = unique([...plain, ...grouped].map((p) => parameterLabel(p, parameters)));
	return cell(labels.join('; ') || '(none)');
}

const notices = (parameters: INodeProperties[]) =>
	unique(parameters.filter((p) => p.type === 'notice').map((p) => cell(p.displayName)));

function operationTables(description: INodeTypeDescription): string[] {
	const lines: string[] = [];
	const operations = operationsOf(description);
	for (const resource of unique(operations.map((o) => o.resource.name))) {
		const ofResource = operations.filter((o) => o.resource.name === resource);
		lines.push(
			`### ${resource}`,
			'',
			'| Operation | What it does | Parameters (**required**, default) |',
			'|---|---|---|',
		);
		for (const operation of ofResource) {
			lines.push(`| ${operation.name} | ${cell(operation.description)} | ${parametersCell(operation.parameters)} |`);
		}
		const shown = ofResource.flatMap((o) => notices(o.parameters).map((text) => `> **${o.name}:** ${text}`));
		lines.push('', ...(shown.length ? [...unique(shown), ''] : []));
	}
	return lines;
}

/**
 * What a model reads about each operation when the node is an AI tool (its Tool Description, shown only in the
 * tool variant), and what the tool variant does differently: its Limits' defaults.
 */
function toolTables(description: INodeTypeDescription): string[] {
	const asTool = operationsOf(description, currentVersion(description), true);
	const described = asTool.filter((o) => o.parameters.some((p) => p.name === 'toolDescription'));
	if (described.length === 0) return [];
	const limits = unique(
		asTool.flatMap((o) =>
			o.parameters.filter((p) => p.name === 'limit' && p.displayOptions?.show?.['@tool']).map((p) => String(p.default)),
		),
	);
	// Folded: the table is long, and the sample outputs below it matter more to most readers.
	const lines = [
		'## As an AI tool',
		'',
		`<details><summary>What a model reads about each operation (${described.length} Tool Descriptions)</summary>`,
		'',
		`In the node's tool variant (*${description.displayName} Tool*, for an AI Agent or an MCP Server Trigger) each operation starts with this **Tool Description**, what the model reads about the tool; edit it in the node to say when to use it.${limits.length ? ` Limits default to ${limits.join(' or ')} there.` : ''}`,
		'',
		'| Resource | Operation | Tool Description |',
		'|---|---|---|',
	];
	for (const operation of described) {
		const text = operation.parameters.find((p) => p.name === 'toolDescription')?.default;
		lines.push(`| ${operation.resource.name} | ${operation.name} | ${cell(String(text))} |`);
	}
	return [...lines, '', '</details>', ''];
}

function renderNode(description: INodeTypeDescription): string {
	const isTrigger = description.group.includes('trigger');
	const facts = [
		'Credential: [Media Analysis API](MediaAnalysisApi.md)',
		description.usableAsTool ? 'usable as an AI tool' : isTrigger ? 'a polling trigger' : '',
	].filter(Boolean);
	const operations = operationsOf(description);
	const without = operations.filter((o) => !o.parameters.some((p) => p.name === PARALLEL));
	if (without.length < operations.length) {
		const but = without.length ? ` but ${without.map((o) => `${o.resource.name} → ${o.name}`).join(', ')}` : '';
		// The default as the node declares it (PARALLEL.default in the transport), never typed here.
		const options = operations
			.flatMap((o) => o.parameters.filter((p) => p.name === PARALLEL))
			.flatMap((p) => p.options ?? []);
		const declared = unique(options.map((option) => String((option as INodeProperties).default)));
		facts.push(
			`**Request Options › Requests in Parallel** (items side by side, default ${declared.join(' or ')}) on every operation${but}`,
		);
	}
	const lines = [`${cell(description.description)}`, '', `${facts.join(' · ')}.`, ''];
	if (isTrigger) lines.push(...triggerTables(description));
	else lines.push('## Operations', '', ...operationTables(description), ...toolTables(description));
	return lines.join('\n');
}

function triggerTables(description: INodeTypeDescription): string[] {
	const events = description.properties.find((p) => p.name === 'events');
	const others = description.properties.filter((p) => p.name !== 'events' && p.type !== 'hidden');
	return [
		'## Events',
		'',
		'| Event | Fires when |',
		'|---|---|',
		...optionsOf(events).map((o) => `| ${o.name} | ${cell(o.description ?? '')} |`),
		'',
		'## Parameters',
		'',
		'| Parameter | What it does |',
		'|---|---|',
		...[events!, ...others].map((p) => `| ${parameterLabel(p)} | ${cell(p.description ?? '')} |`),
		'',
	];
}

function renderCredential(credential: ICredentialType): string {
	const fields = credential.properties.filter((p) => p.type !== 'hidden');
	const lines = [
		`**${credential.displayName}**: every node of the package uses it.`,
		'',
		'| Field | Shown | What to enter |',
		'|---|---|---|',
	];
	for (const field of fields) {
		const when = Object.entries(field.displayOptions?.show ?? {})
			.map(([key, values]) => {
				const of = fields.find((f) => f.name === key);
				const names = (values as unknown[]).map((v) => optionsOf(of).find((o) => o.value === v)?.name ?? String(v));
				return `${of?.displayName ?? key}: ${names.join(', ')}`;
			})
			.join('; ');
		const choices =
			field.type === 'options' ? optionsOf(field).map((o) => `**${o.name}**: ${o.description ?? ''}`) : [];
		const defaultText = field.type === 'string' && field.default ? `Default \`${String(field.default)}\`.` : '';
		const text = [sentence(field.description ?? ''), ...choices.map(sentence), defaultText].filter(Boolean).join(' ');
		const secret = field.typeOptions?.password ? ' (secret)' : '';
		lines.push(`| ${parameterLabel(field)}${secret} | ${cell(when || 'always')} | ${cell(text)} |`);
	}
	return [...lines, ''].join('\n');
}

/** The generated part of a page, markers included. */
export function generatedPart(subject: Documented): string {
	const body = subject.kind === 'node' ? renderNode(subject.node.description) : renderCredential(subject.credential);
	return `${BEGIN}\n\n${body.trimEnd()}\n\n${END}`;
}

/** A new page: a title and the generated part; the hand-written notes go below it. */
function newPage(subject: Documented): string {
	const title = subject.kind === 'node' ? subject.node.description.displayName : subject.credential.displayName;
	return `# ${title}\n\n${generatedPart(subject)}\n`;
}

/** The page with its generated part replaced (text outside the markers kept as it is). */
export function withGenerated(page: string, generated: string): string {
	const begin = page.indexOf(BEGIN);
	const end = page.indexOf(END);
	if (begin < 0 || end < begin) throw new Error('the page has no GENERATED markers');
	return page.slice(0, begin) + generated + page.slice(end + END.length);
}

/** The generated part a page holds now, or undefined when it has none. */
export function generatedIn(page: string): string | undefined {
	const begin = page.indexOf(BEGIN);
	const end = page.indexOf(END);
	return begin < 0 || end < begin ? undefined : page.slice(begin, end + END.length);
}

/** Pages missing or whose generated part is not what the descriptions give, with why. */
export function stalePages(
	subjects: Documented[] = documented(),
	read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
): string[] {
	return subjects.flatMap((subject) => {
		const file = pageFile(subject.className);
		const page = read(file);
		const name = `docs/nodes/${subject.className}.md`;
		if (page === undefined) return [`${name}: missing`];
		const part = generatedIn(page);
		if (part === undefined) return [`${name}: no GENERATED markers`];
		return part === generatedPart(subject) ? [] : [`${name}: the generated part differs from ${subject.source}`];
	});
}

function main() {
	const subjects = documented();
	if (process.argv.includes('--check')) {
		const stale = stalePages(subjects);
		if (stale.length) {
			console.error(`${stale.join('\n')}\nRun npm run docs:nodes and commit the pages.`);
			process.exit(1);
		}
		return;
	}
	for (const subject of subjects) {
		const file = pageFile(subject.className);
		const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
		const after = before === undefined ? newPage(subject) : withGenerated(before, generatedPart(subject));
		if (after !== before) {
			writeFileSync(file, after);
			console.log(`${before === undefined ? 'wrote' : 'updated'} docs/nodes/${subject.className}.md`);
		}
	}
}

if (require.main === module) main();
