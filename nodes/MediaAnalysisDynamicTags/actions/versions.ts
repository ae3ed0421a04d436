/**
 * Version 1.1: Output (Simplified, Raw or Selected Fields; Simplified by default) on Tag Group › Get Many and on the
 * video scores (records of 18 and 15 fields); a Limit of 10 by default when the node runs as an AI tool. Version 1
 * keeps its parameters and output, so workflows saved with it run as before.
 */
export const TOOLS_VERSION = 1.1;
