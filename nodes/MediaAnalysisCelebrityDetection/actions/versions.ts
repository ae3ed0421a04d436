/**
 * Version 1.1: Image's default operation is Get Many Persons (Identify Persons ingests and deletes an image on every
 * run, so it is chosen, never defaulted to); a Limit of 10 by default when the node runs as an AI tool. Version 1
 * keeps Identify Persons as its default, which workflows saved with it rely on (n8n does not save a default).
 */
export const TOOLS_VERSION = 1.1;

/**
 * Version 1.2: Identify Persons waits for its image as every ingestion does, by the one set of defaults
 * (`WAIT_DEFAULTS`, `nodes/shared/transport/waiting.ts`: asks every 5 s, up to 600 s). Versions 1 and 1.1 keep Identify's own
 * 2 s and 300 s, so workflows saved with them time out as before.
 */
export const INGEST_WAIT_VERSION = 1.2;
