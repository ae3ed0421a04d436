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
		const path = this.sharedPath(from, moduleName);
		if (path !== undefined) return require(path);
		return super.requireModuleOrMock(from, moduleName);
	}

	/** Where a package's module is, unless jest keeps it: a core module, one a test mocks (jest.mock), jest's own. */
	sharedPath(from, moduleName) {
		if (moduleName === '@jest/globals' || this._resolver.isCoreModule(moduleName)) return undefined;
		try {
			if (this._shouldMockCjs(from, moduleName, this._explicitShouldMock)) return undefined;
			const path = this._resolveCjsModule(from, moduleName);
			return path.includes(nodeModules) && !jestOwn.some((part) => path.includes(part)) ? path : undefined;
		} catch {
			return undefined; // jest's own lookup says what is missing
		}
	}
}

module.exports = OneRealmRuntime;
