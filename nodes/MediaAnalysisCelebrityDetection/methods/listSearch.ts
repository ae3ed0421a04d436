import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import type { Person, PersonsResponse } from '../../shared/api';
import { apiRequest } from '../../shared/transport';

const PER_PAGE = 100;
/** Pages read per call while a filter matches too little, so one search stays quick; the token resumes it. */
const MAX_PAGES_PER_CALL = 5;
/** Stop reading more pages once this many results are found; the token resumes after the last page read. */
const ENOUGH = 50;

/**
 * Walks the persons list (sorted by name) from the page in `paginationToken`, keeping the results `pick` makes
 * of each person. The service has no name filter, so filtering happens here, a page at a time.
 */
async function scanPersons(
	context: ILoadOptionsFunctions,
	paginationToken: string | undefined,
	pick: (person: Person) => INodeListSearchItems[],
): Promise<INodeListSearchResult> {
	let page = Number(paginationToken ?? 1) || 1;
	const results: INodeListSearchItems[] = [];
	for (let read = 0; read < MAX_PAGES_PER_CALL; read++) {
		const response = (await apiRequest.call(context, {
			method: 'GET',
			path: '/api/v0/celebrity-detection/persons',
			// Sorting by name is assumed to be supported: sort_field is a free string in the OpenAPI document.
			qs: { page, per_page: PER_PAGE, sort_field: 'name', sort_direction: 'asc' },
		})) as PersonsResponse;
		for (const person of response.data ?? []) results.push(...pick(person));
		const more = (response.data ?? []).length > 0 && response.meta?.has_next_page === true;
		page += 1;
		if (!more) return { results };
		if (results.length >= ENOUGH) break;
	}
	return { results, paginationToken: String(page) };
}

const matches = (person: Person, filter?: string) => {
	const wanted = filter?.trim().toLowerCase();
	if (!wanted) return true;
	return [person.name, ...person.aliases].some((name) => name.toLowerCase().includes(wanted));
};

/** "From list" for persons: by name, searchable by any part of a name or alias. */
export async function searchPersons(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await scanPersons(this, paginationToken, (person) =>
		matches(person, filter)
			? [{ name: person.status === 'active' ? person.name : `${person.name} (${person.status})`, value: person.id }]
			: [],
	);
}

/** "From list" for images: the ingested images of enrolled persons, searchable by the person's name or alias. */
export async function searchPersonImages(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await scanPersons(this, paginationToken, (person) =>
		matches(person, filter)
			? person.ingested_images.map((image) => ({
					name: `${person.name}: image ${image.coactive_image_id}`,
					value: image.coactive_image_id,
				}))
			: [],
	);
}
