import type { INodeProperties } from 'n8n-workflow';

function optionNames(property: INodeProperties | undefined): Map<string, string> {
	const names = new Map<string, string>();
	for (const option of property?.options ?? []) {
		if ('value' in option && typeof option.value === 'string') names.set(option.value, option.name);
	}
	return names;
}

/** The subtitle the editor shows under a node in the words of its menus ("Get Config: Dataset"), from its properties. */
export function labelledSubtitle(properties: INodeProperties[]): string {
	const resources = optionNames(properties.find((property) => property.name === 'resource'));
	const labels: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		const shownFor = (property.displayOptions?.show?.resource as string[] | undefined) ?? [...resources.keys()];
		for (const [value, name] of optionNames(property)) {
			for (const resource of shownFor)
				labels[`${resource}:${value}`] = `${name}: ${resources.get(resource) ?? resource}`;
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ ${JSON.stringify(labels)}[${key}] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}

/** The subtitle of a node whose main choice is a list of options (the trigger's events). */
export function labelledListSubtitle(properties: INodeProperties[], name: string): string {
	const names = Object.fromEntries(optionNames(properties.find((property) => property.name === name)));
	return `={{ ($parameter["${name}"] || []).map((value) => (${JSON.stringify(names)}[value] || value)).join(", ") }}`;
}
