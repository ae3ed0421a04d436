/**
 * Words a new user typed into n8n's node panel (issue 42), each with the node it should list. The package test runs
 * them through n8n's own panel search function; the editor test types them into the panel in Chromium.
 */
export const PANEL_WORDS: ReadonlyArray<{ query: string; node: string }> = [
	{ query: 'ingest images', node: 'Media Analysis Ingestion' },
	{ query: 'upload image', node: 'Media Analysis Ingestion' },
	{ query: 'classify image', node: 'Media Analysis Concepts' },
	{ query: 'image classification', node: 'Media Analysis Concepts' },
	{ query: 'search images', node: 'Media Analysis Search' },
	{ query: 'ingest', node: 'Media Analysis Ingestion' },
	{ query: 'coactive', node: 'Media Analysis Datasets' },
];
