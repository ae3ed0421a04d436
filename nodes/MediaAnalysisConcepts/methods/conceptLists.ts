import type { ILoadOptionsFunctions, INodeListSearchItems, INodePropertyOptions } from 'n8n-workflow';
import { ALL, Run } from '../../shared/run';

import { datasetIdNamed } from '../../shared/readers';
import { listEndpoint, type RecordOf } from '../../shared/endpoints';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';
import { UUID_PATTERN } from '../../shared/validation';

const UUID = new RegExp(UUID_PATTERN, 'i');

type Concept = RecordOf<'concepts.list'>;

interface Scope {
	/** The dataset chosen in the node, when it names one: the lists show only its concepts. */
	datasetId?: string;
	/** Dataset names by ID, to describe each concept by its dataset. */
	names: Map<string, string>;
}

/**
 * What the concept lists show: the concepts of the node's Dataset when it names one (From list, By ID, or By Name,
 * looked up here), otherwise every concept; each described by its dataset's name (concept names are unique only
 * within a dataset). An expression in Dataset is not resolved in the editor: every concept is listed then.
 */
async function scopeOf(context: ILoadOptionsFunctions): Promise<Scope> {
	const locator = context.getCurrentNodeParameter('datasetId') as { mode?: string; value?: unknown } | undefined;
	const value = typeof locator?.value === 'string' ? locator.value.trim() : '';
	if (value !== '' && !value.startsWith('=')) {
		if (locator?.mode === 'name') {
			const datasetId = await datasetIdNamed(new Run(context), String(locator.value));
			return { datasetId, names: new Map([[datasetId, value]]) };
		}
		if (UUID.test(value)) {
			const dataset = await new Run(context).call('datasets.get', { params: { dataset_id: value } });
			return { datasetId: value.toLowerCase(), names: new Map([[value.toLowerCase(), String(dataset.name)]]) };
		}
	}
	const datasets = await new Run(context).list('datasets.list', { limit: ALL });
	return { names: new Map(datasets.map((dataset) => [dataset.id, dataset.name])) };
}

/** The concept list request, scoped to the chosen dataset (sent as the service's `datasets` filter). */
const conceptList = ({ datasetId }: Scope) =>
	listEndpoint('concepts.list', datasetId ? { qs: { datasets: [datasetId] } } : {});

/** How a concept shows in the lists: its name, described by its dataset's name and its own description. */
function conceptEntry({ names }: Scope) {
	return (concept: Concept): INodeListSearchItems => {
		const dataset = names.get(concept.datasetId);
		const where = dataset === undefined ? 'A dataset no longer listed' : `Dataset ${dataset}`;
		return {
			name: concept.name,
			value: concept.conceptId,
			description: concept.description ? `${where} · ${concept.description}` : where,
		};
	};
}

/** "From list" for a concept: searched by name here, page by page (the service filters concepts only by dataset). */
export const searchConcepts = listSearchMethod<'concepts.list'>(async (context) => {
	const scope = await scopeOf(context);
	return {
		list: conceptList(scope),
		matches: (concept, text) => concept.name.toLowerCase().includes(text) || concept.conceptId === text,
		toResults: conceptEntry(scope),
	};
});

/** The multi-select of Classify Image: the concepts of the chosen dataset (or every concept), sorted by name. */
export async function getConcepts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const scope = await scopeOf(this);
	const concepts = await new Run(this).list(conceptList(scope), { limit: ALL });
	return concepts
		.map(conceptEntry(scope))
		.map(({ name, value, description }) => ({ name, value: String(value), description }))
		.sort((a, b) => a.name.localeCompare(b.name) || a.value.localeCompare(b.value));
}
