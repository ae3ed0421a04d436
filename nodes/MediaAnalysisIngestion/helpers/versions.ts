import type { DisplayCondition, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Version 1.2: Combine Items on by default, one output item per input row naming its asset, Include Input Fields,
 * metadata as key/value pairs, and the job's asset statuses whole by default (Return All). Versions 1 and 1.1 keep
 * their defaults and output, so workflows saved with them run as before.
 */
export const ROWS_VERSION = 1.2;

const since = (version: number): Array<DisplayCondition> => [{ _cnd: { gte: version } }];
const before = (version: number): Array<DisplayCondition> => [{ _cnd: { lt: version } }];

/** The parameter as it is from `version` on (merged into its own display rules). */
export function fromVersion(version: number, parameter: INodeProperties): INodeProperties {
	const show = { ...parameter.displayOptions?.show, '@version': since(version) };
	return { ...parameter, displayOptions: { ...parameter.displayOptions, show } };
}

/** The parameter as it was before `version` (earlier versions keep it, and what they saved keeps its meaning). */
export function untilVersion(version: number, parameter: INodeProperties): INodeProperties {
	const show = { ...parameter.displayOptions?.show, '@version': before(version) };
	return { ...parameter, displayOptions: { ...parameter.displayOptions, show } };
}

/** Whether the node running is version 1.2 or later. */
export function rowsVersion(this: IExecuteFunctions): boolean {
	return this.getNode().typeVersion >= ROWS_VERSION;
}
