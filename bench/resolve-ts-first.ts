/* Benchmark code (bench/), never published. */
/**
 * Import this first when running under ts-node. A node's module is `X.node.ts` beside its codex file `X.node.json`,
 * and Node's resolver tries `.json` before `.ts`, so `import … from './X.node'` would load the codex file. Moving
 * `.json` and `.node` behind `.ts` makes the TypeScript source win, as it does under jest.
 */
const extensions = require.extensions;
for (const extension of ['.json', '.node']) {
	const loader = extensions[extension];
	if (!loader) continue;
	delete extensions[extension];
	extensions[extension] = loader;
}

export {};
