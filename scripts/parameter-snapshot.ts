/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console --
	Development code (scripts and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The parameters users' saved workflows depend on, per node and version: `npm run snapshot:update` writes
 * test/package/parameters.snapshot.json, and test/package/parameter-snapshot.test.ts fails when a change would
 * break a saved workflow (a parameter removed or renamed, its type or default changed, an option value removed,
 * its display rules narrowed) in a version the snapshot holds. Such a change needs a new node version, with the
 * old one kept (n8n's versioned nodes: `version: [1, 1.1]` and `@version` display rules).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INodeProperties, INodeType, NodeParameterValueType } from 'n8n-workflow';

import { conditionHolds } from './display-conditions';

const root = resolve(__dirname, '..');
export const SNAPSHOT_FILE = join(root, 'test/package/parameters.snapshot.json');

type Rule = Record<string, unknown[]>;

/** One parameter as a saved workflow sees it; `path` names nested ones (`options.threshold`, `filters.filter.field`). */
export interface ParameterEntry {
	path: string;
	type: string;
	default: NodeParameterValueType | null;
	options?: unknown[];
	modes?: string[];
	show?: Rule;
	hide?: Rule;
	/**
	 * An option of a collection: n8n saves it with its value when the user adds it (NodeHelpers.getNodeParameters
	 * keeps a collection's values even when they equal the default) and leaves it out otherwise, so a saved workflow
	 * never relies on its default.
	 */
	addedWithValue?: true;
}

/** node name → version → its parameters. */
export type ParameterSnapshot = Record<string, Record<string, ParameterEntry[]>>;

/** Whether a parameter exists in this version, judged by its `@version` display rules. */
function inVersion(parameter: INodeProperties, version: number): boolean {
	const show = parameter.displayOptions?.show?.['@version'];
	const hide = parameter.displayOptions?.hide?.['@version'];
	if (show && !show.some((condition) => conditionHolds(condition, version))) return false;
	return !(hide && hide.some((condition) => conditionHolds(condition, version)));
}

/** Display rules without `@version` (already applied), keys and values in a stable order. */
function rule(conditions: Record<string, unknown[] | undefined> | undefined): Rule | undefined {
	if (!conditions) return undefined;
	const kept = Object.keys(conditions)
		.filter((key) => key !== '@version')
		.sort()
		.map((key) => [
			key,
			[...(conditions[key] ?? [])].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
		]);
	return kept.length ? Object.fromEntries(kept) : undefined;
}

/**
 * An operation's Tool Description (shown only in the AI-tool variant): text a model reads, not a setting a saved
 * workflow depends on. A workflow that changed it keeps its text; one that did not reads the improved default.
 */
const isToolDescription = (parameter: INodeProperties) =>
	parameter.name === 'toolDescription' && parameter.displayOptions?.show?.['@tool']?.[0] === true;

/** Nested parameters carry their parent's display rules: each appearance of a collection is told apart. */
function entries(
	parameters: INodeProperties[],
	version: number,
	prefix = '',
	parent: Pick<ParameterEntry, 'show' | 'hide'> = {},
	inCollection = false,
): ParameterEntry[] {
	return parameters
		.filter(
			(parameter) => parameter.type !== 'notice' && !isToolDescription(parameter) && inVersion(parameter, version),
		)
		.flatMap((parameter) => {
			const path = prefix + parameter.name;
			const entry: ParameterEntry = { path, type: parameter.type, default: parameter.default ?? null };
			if (inCollection) entry.addedWithValue = true;
			const options = (parameter.options ?? []) as unknown as Array<Record<string, unknown>>;
			if (parameter.type === 'options' || parameter.type === 'multiOptions')
				entry.options = options.map((option) => option.value);
			if (parameter.type === 'resourceLocator') entry.modes = (parameter.modes ?? []).map((mode) => mode.name);
			const show = rule({ ...parent.show, ...parameter.displayOptions?.show });
			const hide = rule({ ...parent.hide, ...parameter.displayOptions?.hide });
			if (show) entry.show = show;
			if (hide) entry.hide = hide;
			const nested =
				parameter.type === 'collection'
					? entries(options as unknown as INodeProperties[], version, `${path}.`, { show, hide }, true)
					: parameter.type === 'fixedCollection'
						? options.flatMap((group) =>
								entries(group.values as INodeProperties[], version, `${path}.${String(group.name)}.`, { show, hide }),
							)
						: [];
			return [entry, ...nested];
		});
}

/** The node classes package.json lists, loaded from their sources. */
function packageNodes(): INodeType[] {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return pkg.n8n.nodes.map((distPath) => {
		const source = join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(source) as Record<string, unknown>;
		// The node class is the module's one exported class (a node file may export constants too).
		const NodeClass = Object.values(exported).find(
			(value): value is new () => INodeType => typeof value === 'function',
		);
		if (!NodeClass) throw new Error(`${source} exports no node class`);
		return new NodeClass();
	});
}

/** Every node's parameters per version, as the descriptions build them now. */
export function currentSnapshot(nodes: INodeType[] = packageNodes()): ParameterSnapshot {
	const snapshot: ParameterSnapshot = {};
	for (const { description } of [...nodes].sort((a, b) => a.description.name.localeCompare(b.description.name))) {
		const versions = Array.isArray(description.version) ? description.version : [description.version];
		snapshot[description.name] = Object.fromEntries(
			[...versions].sort((a, b) => a - b).map((version) => [String(version), entries(description.properties, version)]),
		);
	}
	return snapshot;
}

const json = (value: unknown) => JSON.stringify(value);

/** How `now` narrows what `before` showed: each rule key now must have been there and keep its values. */
function narrowing(before: ParameterEntry, now: ParameterEntry): string[] {
	const found: string[] = [];
	for (const [key, values] of Object.entries(now.show ?? {})) {
		const earlier = before.show?.[key];
		const lost = earlier ? earlier.filter((value) => !values.some((v) => json(v) === json(value))) : undefined;
		if (!earlier) found.push(`now shown only when ${key} is ${json(values)}`);
		else if (lost?.length) found.push(`no longer shown when ${key} is ${json(lost)}`);
	}
	for (const [key, values] of Object.entries(now.hide ?? {})) {
		const added = values.filter((value) => !(before.hide?.[key] ?? []).some((v) => json(v) === json(value)));
		if (added.length) found.push(`now hidden when ${key} is ${json(added)}`);
	}
	return found;
}

/** What a saved workflow would lose going from `before` to `now` (empty: nothing). */
function differences(before: ParameterEntry, now: ParameterEntry): string[] {
	const found: string[] = [];
	if (before.type !== now.type) found.push(`type ${before.type} → ${now.type}`);
	if (!now.addedWithValue && json(before.default) !== json(now.default))
		found.push(`default ${json(before.default)} → ${json(now.default)}`);
	const lostOptions = (before.options ?? []).filter(
		(value) => !(now.options ?? []).some((v) => json(v) === json(value)),
	);
	if (lostOptions.length) found.push(`option values removed: ${json(lostOptions)}`);
	const lostModes = (before.modes ?? []).filter((mode) => !(now.modes ?? []).includes(mode));
	if (lostModes.length) found.push(`locator modes removed: ${json(lostModes)}`);
	return [...found, ...narrowing(before, now)];
}

/**
 * Every change from the committed snapshot that breaks a saved workflow. A parameter may appear several times
 * (once per resource or operation); each earlier appearance needs one now that differs in nothing it relied on.
 */
export function breakingChanges(before: ParameterSnapshot, now: ParameterSnapshot): string[] {
	const found: string[] = [];
	for (const [node, versions] of Object.entries(before)) {
		if (!now[node]) {
			found.push(`${node}: the node is gone`);
			continue;
		}
		for (const [version, parameters] of Object.entries(versions)) {
			const current = now[node][version];
			if (!current) {
				found.push(`${node} v${version}: the version is gone (a new version must keep the old one)`);
				continue;
			}
			for (const parameter of parameters) {
				const candidates = current.filter((entry) => entry.path === parameter.path);
				const where = `${node} v${version} ${parameter.path}${parameter.show ? ` (shown when ${json(parameter.show)})` : ''}`;
				if (candidates.length === 0) found.push(`${where}: removed or renamed`);
				else if (!candidates.some((entry) => differences(parameter, entry).length === 0)) {
					const closest = candidates
						.map((entry) => differences(parameter, entry))
						.sort((a, b) => a.length - b.length)[0];
					found.push(`${where}: ${closest.join('; ')}`);
				}
			}
		}
	}
	return found;
}

/** One parameter per line, so a change reads as a one-line diff. */
export function formatSnapshot(snapshot: ParameterSnapshot): string {
	const nodes = Object.entries(snapshot).map(([node, versions]) => {
		const body = Object.entries(versions).map(
			([version, parameters]) =>
				`\t\t${json(version)}: [\n${parameters.map((entry) => `\t\t\t${json(entry)}`).join(',\n')}\n\t\t]`,
		);
		return `\t${json(node)}: {\n${body.join(',\n')}\n\t}`;
	});
	return `{\n${nodes.join(',\n')}\n}\n`;
}

export function committedSnapshot(): ParameterSnapshot | undefined {
	return existsSync(SNAPSHOT_FILE) ? (JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as ParameterSnapshot) : undefined;
}

if (require.main === module) {
	const now = currentSnapshot();
	const before = committedSnapshot();
	const breaking = before ? breakingChanges(before, now) : [];
	if (breaking.length) {
		console.error(
			`Not updated: these changes break saved workflows. Raise the node's version and keep the old one (version: [1, 1.1], '@version' display rules):\n- ${breaking.join('\n- ')}`,
		);
		process.exit(1);
	}
	writeFileSync(SNAPSHOT_FILE, formatSnapshot(now));
	console.log(`Wrote ${SNAPSHOT_FILE}`);
}
