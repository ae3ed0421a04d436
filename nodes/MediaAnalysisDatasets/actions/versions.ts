/**
 * Version 1.1: Output (Simplified, Raw or Selected Fields; Simplified by default) instead of Simplify on Dataset › Get
 * and Get Many, and on Get Config; a Limit of 10 by default when the node runs as an AI tool. Version 1 keeps its
 * parameters and output, so workflows saved with it run as before.
 */
export const TOOLS_VERSION = 1.1;
