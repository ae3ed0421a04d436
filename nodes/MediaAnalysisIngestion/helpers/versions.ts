import type { IExecuteFunctions } from 'n8n-workflow';

export { fromVersion, untilVersion } from '../../shared/versions';

/**
 * Version 1.2: Combine Items on by default, one output item per input row naming its asset, Include Input Fields,
 * metadata as key/value pairs, and the job's asset statuses whole by default (Return All). Versions 1 and 1.1 keep
 * their defaults and output, so workflows saved with them run as before.
 */
export const ROWS_VERSION = 1.2;

/** Whether the node running is version 1.2 or later. */
export function rowsVersion(this: IExecuteFunctions): boolean {
	return this.getNode().typeVersion >= ROWS_VERSION;
}
