const { src, dest, parallel } = require('gulp');

// tsc compiles the TypeScript; gulp copies what it does not: icons and the codex (.node.json) files.
function copyIcons() {
	return src('icons/*.{png,svg}').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.build = parallel(copyIcons, copyCodex);
exports.default = exports.build;
