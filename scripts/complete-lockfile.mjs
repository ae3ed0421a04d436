#!/usr/bin/env node
/**
 * `npm run lockfile`: run after any dependency change. The registry this project is developed against serves only
 * this platform's prebuilt binaries, so `npm install` leaves other platforms' optional packages (for example
 * `@unrs/resolver-binding-darwin-arm64`) out of package-lock.json, and `npm ci` then refuses the lock everywhere
 * ("Missing: … from lock file"). This adds each missing optional package as npm records one it could not fetch:
 * its version (the exact one its parent pins) and its dev/optional flags. `npm ci` then installs what the platform
 * needs and skips the rest, as it does for any optional package. `--check` only reports (exit 1 when one is missing).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCK = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'package-lock.json');
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Where node resolution finds `name` from the package at `from` (its own node_modules first, then each parent's). */
function resolvedPath(packages, from, name) {
	for (let base = from; ; ) {
		const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
		if (packages[candidate]) return candidate;
		if (!base) return undefined;
		const cut = base.lastIndexOf('/node_modules/');
		base = cut === -1 ? '' : base.slice(0, cut);
	}
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages ?? {};
const added = [];
const problems = [];
for (const [path, entry] of Object.entries(packages)) {
	for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
		if (resolvedPath(packages, path, name)) continue;
		if (!EXACT_VERSION.test(range)) {
			problems.push(`${path || 'the project'} wants ${name}@${range}: not an exact version, add it by hand`);
			continue;
		}
		// Hoisted like npm does, unless another version already holds that place.
		const top = `node_modules/${name}`;
		const target = packages[top] ? `${path}/node_modules/${name}` : top;
		packages[target] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true };
		added.push(`${target}@${range}`);
	}
}

const check = process.argv.includes('--check');
for (const problem of problems) console.error(problem);
if (check) {
	for (const line of added) console.error(`missing from package-lock.json: ${line}`);
	process.exit(added.length > 0 || problems.length > 0 ? 1 : 0);
}
if (added.length > 0) {
	lock.packages = Object.fromEntries(
		Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
	);
	writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
	added.length > 0
		? `added to package-lock.json:\n  ${added.join('\n  ')}`
		: 'package-lock.json lists every optional package',
);
process.exit(problems.length > 0 ? 1 : 0);
