/**
 * Version 1.1: a Limit of 10 by default on Get Many and List Bucket when the node runs as an AI tool. Version 1 keeps
 * its 50 there too, so tools saved with it return what they returned.
 */
export const TOOLS_VERSION = 1.1;
