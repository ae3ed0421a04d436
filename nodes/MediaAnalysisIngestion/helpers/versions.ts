import type { IExecuteFunctions } from 'n8n-workflow';

export { fromVersion, untilVersion } from '../../shared/versions';

/**
 * Version 1.2: Combine Items on by default, one output item per input row naming its asset, Include Input Fields,
 * metadata as key/value pairs, and the job's asset statuses whole by default (Return All). Versions 1 and 1.1 keep
 * their defaults and output, so workflows saved with them run as before.
 */
export const ROWS_VERSION = 1.2;

/**
 * Version 1.3: Output (Simplified, Raw or Selected Fields) instead of Simplify on Job › Get and Get Many; as an AI
 * tool, a Limit of 10 by default on every list, and a job's asset statuses up to that Limit instead of whole.
 */
export const TOOLS_VERSION = 1.3;

/** Whether the node running is version 1.2 or later. */
export function rowsVersion(this: IExecuteFunctions): boolean {
	return this.getNode().typeVersion >= ROWS_VERSION;
}
