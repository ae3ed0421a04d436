/** Loads each package under node_modules once per worker, in the worker's realm: see test/one-realm-environment.js. */
const Runtime = require('jest-runtime').default;
const { sep } = require('node:path');

const nodeModules = `${sep}node_modules${sep}`;
/** jest's own packages stay jest's: it hands each file its own copies of them. */
const jestOwn = [`${nodeModules}jest`, `${nodeModules}@jest${sep}`, `${nodeModules}expect${sep}`];

class OneRealmRuntime extends Runtime {
	/** The file's modules run in the worker's realm (the environment's global is the worker's). */
	createScriptFromCode(scriptSource, filename) {
		const script = super.createScriptFromCode(scriptSource, filename);
		return { runInContext: (_context, options) => script.runInThisContext(options) };
	}

	requireModuleOrMock(from, moduleName) {
		if (moduleName !== '@jest/globals' && !this._resolver.isCoreModule(moduleName)) {
			let path;
			try {
				path = this._resolveCjsModule(from, moduleName);
			} catch {
				path = undefined; // jest's own lookup below says what is missing
			}
			if (path?.includes(nodeModules) && !jestOwn.some((part) => path.includes(part))) return require(path);
		}
		return super.requireModuleOrMock(from, moduleName);
	}
}

module.exports = OneRealmRuntime;
