/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * n8n's verification gate, inside `npm test`: `npm run scan` (scripts/scan.mjs) runs @n8n/scan-community-package's
 * analyzer with n8n's config on the source and on the `npm pack` tarball; any finding fails this test. The tarball
 * holds only what n8n loads, and the README states its size and file count.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

interface ScanReport {
	passed: boolean;
	legs: Array<{ name: string; passed: boolean; message?: string; details?: string }>;
	tarball: { bytes: number; files: string[] };
}

let report: ScanReport;

beforeAll(() => {
	// Builds and packs first (cached while the sources are unchanged), then lints: about a minute on two cores.
	const scan = spawnSync(process.execPath, [join(ROOT, 'scripts', 'scan.mjs'), '--json'], {
		cwd: ROOT,
		encoding: 'utf8',
		timeout: 10 * 60_000,
		maxBuffer: 64 * 1024 * 1024,
	});
	const lastLine = scan.stdout.trim().split('\n').pop() ?? '';
	if (!lastLine.startsWith('{'))
		throw new Error(`npm run scan printed no report (exit ${scan.status}):\n${scan.stderr.slice(-6000)}`);
	report = JSON.parse(lastLine) as ScanReport;
}, 11 * 60_000);

test('n8n scanner: no finding on the source or on the packed tarball (inline disables do not count)', () => {
	expect(report.legs.map((leg) => leg.name)).toEqual([
		'source',
		'tarball as n8n scans it',
		'tarball, every .js/.ts/.json',
	]);
	for (const leg of report.legs) {
		expect({ leg: leg.name, passed: leg.passed, findings: leg.details ?? leg.message }).toEqual({
			leg: leg.name,
			passed: true,
			findings: undefined,
		});
	}
	expect(report.passed).toBe(true);
});

test('the tarball holds only what n8n loads: compiled code, codex files, icons, package.json, README, LICENSE', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const { files } = report.tarball;
	const unexpected = files.filter(
		(file) =>
			!['package.json', 'README.md', 'LICENSE'].includes(file) &&
			!/^dist\/(nodes|credentials)\/.+\.js$/.test(file) &&
			!/^dist\/nodes\/.+\.node\.json$/.test(file) &&
			!/^dist\/icons\/[^/]+\.svg$/.test(file),
	);
	expect(unexpected).toEqual([]);
	expect(files.filter((file) => /\.(d\.ts|map|ts|tsbuildinfo)$/.test(file))).toEqual([]);
	for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(entry);
});

test("README states the tarball's size and file count (within a tenth, so small changes need no edit)", () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const stated = /tarball[^.]*?about (\d+) kB[^.]*?(\d+) files/i.exec(readme);
	expect(stated).not.toBeNull();
	const [kilobytes, files] = [Number(stated![1]), Number(stated![2])];
	const actual = { kilobytes: report.tarball.bytes / 1024, files: report.tarball.files.length };
	expect(Math.abs(kilobytes - actual.kilobytes) / actual.kilobytes).toBeLessThanOrEqual(0.1);
	expect(Math.abs(files - actual.files) / actual.files).toBeLessThanOrEqual(0.1);
});
