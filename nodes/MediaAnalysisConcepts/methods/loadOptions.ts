import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Concept } from '../../shared/api';
import { conceptEntry } from '../../shared/methods/listSearch';
import { listEndpoint } from '../../shared/endpoints';
import { paginate } from '../../shared/transport';

/** Every concept, for the multi-select of Classification (concept names are unique only within a dataset). */
export async function getConcepts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const concepts = (await paginate.call(this, ...listEndpoint('list'), { returnAll: true })) as unknown as Concept[];
	return concepts.map(conceptEntry).sort((a, b) => a.name.localeCompare(b.name) || a.value.localeCompare(b.value));
}
