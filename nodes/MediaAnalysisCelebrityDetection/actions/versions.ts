/**
 * Version 1.1: Image's default operation is Get Many Persons (Identify Persons ingests and deletes an image on every
 * run, so it is chosen, never defaulted to); a Limit of 10 by default when the node runs as an AI tool. Version 1
 * keeps Identify Persons as its default, which workflows saved with it rely on (n8n does not save a default).
 */
export const TOOLS_VERSION = 1.1;
