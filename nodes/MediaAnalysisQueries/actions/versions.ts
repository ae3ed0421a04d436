/**
 * Version 1.1: Output (Simplified, Raw or Selected Fields; Simplified by default) on Get and Get Many, whose query
 * records have 14 fields; a Limit of 10 by default on Get Many and Get Results (Rows) when the node runs as an AI
 * tool. Version 1 keeps its parameters and output, so workflows saved with it run as before.
 */
export const TOOLS_VERSION = 1.1;
