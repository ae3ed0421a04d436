/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: every node's tests are where test/README.md says, so a node's tests are found in seconds. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { TYPES } from '../nodes/setup';

const root = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const map = read('test/README.md');
const badInput = read('test/inputs/bad-input.test.ts');
const secrets = read('test/secrets/secrets.test.ts');

/** The rows of test/README.md's first table: node name → its cells. */
const rows = map
	.split('\n')
	.filter((line) => line.startsWith('| ') && !line.startsWith('| node') && !line.startsWith('| ---'))
	.map((line) => line.split('|').map((cell) => cell.trim()));

describe.each(Object.keys(TYPES))('%s', (key) => {
	const row = rows.find((cells) => cells[2]?.includes(`test/nodes/${key}`) || cells[3]?.includes(` ${key} `));
	test('has its row in test/README.md, its operations file, bad-input rows and a secrets test', () => {
		expect(row).toBeDefined();
		const [, name, operations, bad, secret] = row!;
		for (const file of operations.match(/[\w-]+\.test\.ts/g) ?? [])
			expect(existsSync(join(root, 'test/nodes', file))).toBe(true);
		expect(existsSync(join(root, `test/nodes/${key}.test.ts`))).toBe(true);
		if (key === 'trigger') expect(badInput).toMatch(/describe\('Trigger: /);
		else {
			expect(bad).toContain(` ${key} `);
			expect(badInput).toMatch(new RegExp(`row\\(\\s*'${key}'|Rows\\(\\s*'${key}'`));
		}
		const secretName = /-t '?([^'`]+)'?`/.exec(secret)?.[1];
		// Prettier quotes a title holding an apostrophe with double quotes, and may break the line after `test(`.
		const inSecrets = new RegExp(`test\\(\\s*['"]${secretName}`).test(secrets);
		expect({ name, secretName, inSecrets }).toEqual({
			name,
			secretName,
			inSecrets: true,
		});
	});
});
