#!/usr/bin/env node
/**
 * `npm run scan`: n8n's verification scanner (@n8n/scan-community-package, pinned in package.json), run the way n8n
 * runs it before it verifies a package: its own analyzer and ESLint config, inline `eslint-disable` comments ignored,
 * on the source (n8n's SOURCE_FILE_PATTERNS) and on the tarball `npm pack` makes (n8n's tarball patterns, and every
 * .js/.ts/.json file as well, so a declaration file that slipped in is caught). Exits 1 on any finding.
 * `--json` prints one JSON object (findings, tarball size and files) instead of text.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** What n8n's gate lints in the downloaded tarball (`analyzePackageByName` in the scanner). */
const N8N_TARBALL_PATTERNS = ['**/*.js', 'package.json'];
/** The analyzer's own default: every script, declaration and JSON file. */
const ALL_PATTERNS = ['**/*.js', '**/*.ts', '**/*.json'];

// eslint-plugin-n8n-nodes-base lints every file as "Test.node.ts" under NODE_ENV=test (which jest sets); n8n's gate
// does not run under it. The plugin is loaded on the first analysis, after this line.
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;

const json = process.argv.includes('--json');
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);

/** Builds and packs through the runtime scripts, which share one build lock and cache with the e2e tests. */
function packedTarball() {
	const script =
		"require('./scripts/n8n-runtime/package').stagePackage((line) => process.stderr.write(line + '\\n'))" +
		'.then((tarball) => process.stdout.write(tarball), (error) => { process.stderr.write(String(error.stack) + "\\n"); process.exit(1); })';
	const packed = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (packed.status !== 0) throw new Error(`building and packing the package failed (exit ${packed.status})`);
	return packed.stdout.trim();
}

function unpack(tarball) {
	const dir = mkdtempSync(join(tmpdir(), 'media-analysis-scan-'));
	const tar = spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${tar.stderr}`);
	return dir;
}

function tarballFiles(tarball) {
	const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
	if (list.status !== 0) throw new Error(`tar could not list ${tarball}: ${list.stderr}`);
	return list.stdout
		.split('\n')
		.filter((line) => line && !line.endsWith('/'))
		.map((line) => line.replace(/^package\//, ''))
		.sort();
}

const report = { passed: true, legs: [], tarball: undefined };

async function leg(name, dir, patterns) {
	const started = Date.now();
	const result = await analyzePackage(dir, patterns);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	report.passed &&= result.passed;
	report.legs.push({ name, patterns, passed: result.passed, message: result.message, details: result.details });
	say(
		`${result.passed ? 'PASS' : 'FAIL'} ${name} (${patterns.join(', ')}) in ${seconds} s${result.message ? `: ${result.message}` : ''}`,
	);
	if (result.details) say(result.details.replaceAll(`${dir}/`, ''));
}

await leg('source', ROOT, SOURCE_FILE_PATTERNS);
const tarball = packedTarball();
const files = tarballFiles(tarball);
report.tarball = { path: tarball, bytes: statSync(tarball).size, files };
say(`tarball ${tarball}: ${files.length} files, ${(report.tarball.bytes / 1024).toFixed(0)} kB`);
const unpacked = unpack(tarball);
try {
	await leg('tarball as n8n scans it', unpacked, N8N_TARBALL_PATTERNS);
	await leg('tarball, every .js/.ts/.json', unpacked, ALL_PATTERNS);
} finally {
	rmSync(unpacked, { recursive: true, force: true });
}
if (json) console.log(JSON.stringify(report));
say(report.passed ? 'n8n scanner: no findings' : 'n8n scanner: findings above');
process.exit(report.passed ? 0 : 1);
