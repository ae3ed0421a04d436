/**
 * Version 1.1: a Limit of 10 by default when the node runs as an AI tool (a model reads every result a tool returns).
 * Version 1 keeps its 50 there too, so tools saved with it return what they returned.
 */
export const TOOLS_VERSION = 1.1;
