import type { DisplayCondition, INodeProperties } from 'n8n-workflow';

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
