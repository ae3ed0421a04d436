const { rmSync } = require('node:fs');
const { src, dest, parallel } = require('gulp');

// A build starts from an empty dist/: files of an earlier build (renamed nodes, declarations) must not be packed.
function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

// tsc compiles the TypeScript; gulp copies what it does not: icons and the codex (.node.json) files.
function copyIcons() {
	return src('icons/*.{png,svg}').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.clean = clean;
exports.build = parallel(copyIcons, copyCodex);
exports.default = exports.build;
