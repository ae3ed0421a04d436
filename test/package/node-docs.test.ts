/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The reference pages of docs/nodes/ stay true: each page's generated part is what `npm run docs:nodes` makes from the
 * descriptions now, every node and the credential has a page, every codex file and the credential link their page,
 * and README's map links every page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import {
	BEGIN,
	END,
	documented,
	generatedIn,
	generatedPart,
	pageFile,
	pageUrl,
	stalePages,
	withGenerated,
} from '../../scripts/node-docs';

const root = resolve(__dirname, '../..');
const subjects = documented();
const read = (file: string) => readFileSync(file, 'utf8');

describe.each(subjects.map((subject) => [subject.className, subject] as const))(
	'docs/nodes/%s.md',
	(className, subject) => {
		test('exists, and its generated part is what npm run docs:nodes makes from the description now', () => {
			expect(existsSync(pageFile(className))).toBe(true);
			// Compared whole, so a failure shows the lines that differ.
			expect(generatedIn(read(pageFile(className)))).toBe(generatedPart(subject));
		});

		test('has hand-written notes besides the generated part', () => {
			const page = read(pageFile(className));
			const outside = page
				.replace(generatedIn(page) ?? '', '')
				.replace(/^# .*$/m, '')
				.trim();
			expect(outside.length).toBeGreaterThan(200);
		});

		test('is linked from its codex file (primaryDocumentation) or, for the credential, its documentationUrl', () => {
			if (subject.kind === 'credential') {
				expect(subject.credential.documentationUrl).toBe(pageUrl(className));
				return;
			}
			const codex = JSON.parse(read(join(root, subject.source.replace(/\.ts$/, '.json')))) as {
				node: string;
				resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation: Array<{ url: string }> };
			};
			expect(codex.node).toBe(`n8n-nodes-media-analysis.${subject.node.description.name}`);
			expect(codex.resources.primaryDocumentation).toEqual([{ url: pageUrl(className) }]);
			expect(codex.resources.credentialDocumentation).toEqual([{ url: pageUrl('MediaAnalysisApi') }]);
		});

		test('is written for users: no type name, version, endpoint path, benchmark or internals (docs/internals.md)', () => {
			const page = read(pageFile(className));
			const internal = [
				/n8n-nodes-media-analysis\.\w+/, // a node or credential type name
				/\bversions? \d/i, // a node version or a list of them
				/\/api\/v\d/, // an endpoint path
				/bench\//, // benchmark numbers
				/internals\.md/,
				/`[A-Z][a-z]+[A-Z]\w*`/, // a TypeScript name (PascalCase)
				/`(?:credentials|nodes|sandbox|scripts)\/[\w/.-]+`/, // a source file
			];
			expect(internal.flatMap((pattern) => page.match(pattern) ?? [])).toEqual([]);
		});

		test("is linked from README's map", () => {
			expect(read(join(root, 'README.md'))).toContain(`](docs/nodes/${className}.md)`);
		});
	},
);

describe('the check', () => {
	const [subject] = subjects;
	const page = read(pageFile(subject.className));

	test('reports a page whose generated part was edited by hand, and only that page', () => {
		const edited = page.replace(/\| Get Many \|/, '| Get Lots |');
		expect(edited).not.toBe(page);
		const readEdited = (file: string) => (file === pageFile(subject.className) ? edited : read(file));
		expect(stalePages(subjects, readEdited)).toEqual([
			`docs/nodes/${subject.className}.md: the generated part differs from ${subject.source}`,
		]);
	});

	test('reports a missing page and a page without markers', () => {
		const without = (file: string) => (file === pageFile(subject.className) ? undefined : read(file));
		expect(stalePages(subjects, without)).toEqual([`docs/nodes/${subject.className}.md: missing`]);
		const unmarked = (file: string) => (file === pageFile(subject.className) ? '# A page\n' : read(file));
		expect(stalePages(subjects, unmarked)).toEqual([`docs/nodes/${subject.className}.md: no GENERATED markers`]);
	});

	test('regenerating keeps the hand-written text around the generated part', () => {
		const handWritten = `# Title\n\nBefore.\n\n${BEGIN}\nold\n${END}\n\nAfter.\n`;
		expect(withGenerated(handWritten, generatedPart(subject))).toBe(
			`# Title\n\nBefore.\n\n${generatedPart(subject)}\n\nAfter.\n`,
		);
	});

	test('a changed description changes the generated part', () => {
		const node = subjects.find((s) => s.kind === 'node')!;
		if (node.kind !== 'node') throw new Error('no node');
		const { description } = node.node;
		const renamed = {
			...node,
			node: { ...node.node, description: { ...description, description: `${description.description} Changed.` } },
		};
		expect(generatedPart(renamed)).not.toBe(generatedPart(node));
	});
});
