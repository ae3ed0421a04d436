/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the layering guard (what node and credential code may import, and where HTTP happens). */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Every module specifier of a source: static imports, re-exports, `import()` and `require()`. */
export function specifiers(source: string): string[] {
	const found: string[] = [];
	const patterns = [
		/\bfrom\s+['"]([^'"]+)['"]/g,
		/\bimport\s+['"]([^'"]+)['"]/g,
		/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g,
	];
	for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
	return found;
}

const DEV_ONLY = ['sandbox', 'test', 'scripts', 'bench'];

/** Why an import of `file` (a path from the project root) breaks the layering, or undefined when it does not. */
export function layeringViolation(file: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) {
		// crypto: the one Node module n8n's Cloud rules allow (the credential hashes the secret its token came from).
		if (specifier === 'crypto' && file.startsWith('credentials' + sep)) return undefined;
		return specifier === 'n8n-workflow'
			? undefined
			: `imports the package "${specifier}" (node code imports only n8n-workflow)`;
	}
	const target = relative(root, resolve(root, dirname(file), specifier)).split(sep);
	if (target[0] === '..') return `imports ${specifier}, outside the project`;
	if (DEV_ONLY.includes(target[0])) return `imports dev-only ${target.join('/')}`;
	const [top, folder] = file.split(sep);
	if (top === 'nodes' && target[0] === 'nodes' && target[1] !== 'shared' && target[1] !== folder) {
		return `imports ${target.join('/')} from another node's folder (move what both need to nodes/shared/)`;
	}
	if (top === 'credentials' && target[0] === 'nodes' && target[1] !== 'shared') {
		return `imports ${target.join('/')} from a node's folder`;
	}
	return undefined;
}

/**
 * Why an import breaks the homes inside a node, or undefined: an operation imports no other operation (what two
 * share lives in `actions/<resource>/fields.ts`, or `actions/fields.ts` when several resources share it), and a
 * resource's folder imports nothing from another resource's folder.
 */
export function homeViolation(file: string, specifier: string): string | undefined {
	const target = relative(root, resolve(root, dirname(file), specifier)).split(sep);
	const [top, , actions, resource] = file.split(sep);
	if (top !== 'nodes' || !specifier.startsWith('.') || target[0] !== 'nodes') return undefined;
	if (file.endsWith('.operation.ts') && target.at(-1)!.endsWith('.operation'))
		return `imports the operation ${target.join('/')}`;
	const other = target[2] === 'actions' && target.length > 4 ? target[3] : undefined;
	if (actions === 'actions' && other && other !== resource)
		return `imports ${target.join('/')} from another resource's folder`;
	return undefined;
}

/** HTTP helpers of n8n, allowed only in the transport (and the credential's login). */
const HTTP = /\bhttpRequest\w*|\bhelpers\.http\w*/;
const mayCallHttp = (file: string) =>
	file.startsWith(join('nodes', 'shared', 'transport') + sep) || file.startsWith('credentials' + sep);

const files = [...sourceFiles('nodes'), ...sourceFiles('credentials')];

describe('layering', () => {
	test('node and credential code imports only n8n-workflow, nodes/shared/ and its own node folder', () => {
		const violations = files.flatMap((file) =>
			specifiers(readFileSync(join(root, file), 'utf8')).flatMap((specifier) => {
				const why = layeringViolation(file, specifier);
				return why ? [`${file} ${why}`] : [];
			}),
		);
		expect(violations).toEqual([]);
	});

	test("an operation imports no other operation, a resource's folder no other resource's", () => {
		const violations = sourceFiles('nodes').flatMap((file) =>
			specifiers(readFileSync(join(root, file), 'utf8')).flatMap((specifier) => {
				const why = homeViolation(file, specifier);
				return why ? [`${file} ${why}`] : [];
			}),
		);
		expect(violations).toEqual([]);
		expect(sourceFiles('nodes').filter((file) => file.endsWith(join('helpers', 'fields.ts')))).toEqual([]);
	});

	test('a sandbox route file imports no other route file (what they share is in sandbox/routes/route.ts)', () => {
		const routes = sourceFiles(join('sandbox', 'routes')).filter((file) => !file.endsWith(`${sep}index.ts`));
		const crossings = routes.flatMap((file) =>
			specifiers(readFileSync(join(root, file), 'utf8'))
				.filter((specifier) => /^\.\/(?!route$)/.test(specifier))
				.map((specifier) => `${file} imports ${specifier}`),
		);
		expect(routes.length).toBeGreaterThan(10);
		expect(crossings).toEqual([]);
	});

	test('HTTP only in nodes/shared/transport/ (credentials/ for the login)', () => {
		const violations = files.filter((file) => !mayCallHttp(file) && HTTP.test(readFileSync(join(root, file), 'utf8')));
		expect(violations).toEqual([]);
	});

	test('requests only through the endpoint table: no apiRequest or idempotent outside the transport, endpoints.ts and run.ts', () => {
		// The table (endpoints.ts) and the run's `call` verb (run.ts), which sends what the table builds.
		const table = [join('nodes', 'shared', 'endpoints.ts'), join('nodes', 'shared', 'run.ts')];
		const violations = sourceFiles('nodes').filter(
			(file) =>
				!mayCallHttp(file) &&
				!table.includes(file) &&
				/\bapiRequest\b|\bidempotent\s*:/.test(readFileSync(join(root, file), 'utf8')),
		);
		expect(violations).toEqual([]);
	});

	test('the guard catches each kind of crossing', () => {
		const ingestion = join('nodes', 'MediaAnalysisIngestion', 'actions', 'job', 'get.operation.ts');
		expect(layeringViolation(ingestion, '../../../MediaAnalysisSearch/actions/fields')).toMatch(
			/another node's folder/,
		);
		expect(layeringViolation(ingestion, '../../../../sandbox/server')).toMatch(/dev-only sandbox/);
		expect(layeringViolation(ingestion, '../../../../test/harness/run')).toMatch(/dev-only test/);
		expect(layeringViolation(ingestion, 'axios')).toMatch(/only n8n-workflow/);
		expect(layeringViolation(ingestion, '../../../shared/router')).toBeUndefined();
		expect(layeringViolation(ingestion, '../../helpers/assets')).toBeUndefined();
		expect(layeringViolation(join('credentials', 'login.ts'), '../nodes/MediaAnalysisSearch/x')).toMatch(
			/node's folder/,
		);
		expect(homeViolation(ingestion, './getMany.operation')).toMatch(/imports the operation/);
		expect(homeViolation(ingestion, '../asset/fields')).toMatch(/another resource's folder/);
		expect(homeViolation(ingestion, './fields')).toBeUndefined();
		expect(homeViolation(ingestion, '../fields')).toBeUndefined();
		expect(homeViolation(ingestion, '../../helpers/assets')).toBeUndefined();
		const source = `import x from './a';\nexport { y } from "../b";\nconst z = require('../c');\nimport('./d');`;
		expect(specifiers(source).sort()).toEqual(['../b', '../c', './a', './d']);
		expect(HTTP.test('this.helpers.httpRequestWithAuthentication.call(this)')).toBe(true);
	});
});
