import type { INodeListSearchItems } from 'n8n-workflow';

import { listEndpoint, type RecordOf } from '../../shared/endpoints';
import { listSearchMethod, type PagedListSource } from '../../shared/methods/pagedListSearch';

/**
 * The persons list sorted by name. The service has no name filter, so filtering happens here, a page at a time;
 * while a filter matches too little, up to five pages are read per call (stopping once 50 results are found), so one
 * search stays quick and the token resumes after the last page read.
 */
type Person = RecordOf<'celebrities.getPersonsInOrg'>;

const persons = (
	toResults: (person: Person) => INodeListSearchItems[],
): PagedListSource<'celebrities.getPersonsInOrg'> => ({
	list: listEndpoint('celebrities.getPersonsInOrg', {
		// Sorting by name is assumed to be supported: sort_field is a free string in the OpenAPI document.
		qs: { sort_field: 'name', sort_direction: 'asc' },
	}),
	matches: (person, text) => [person.name, ...person.aliases].some((name) => name.toLowerCase().includes(text)),
	toResults,
	scan: { maxPages: 5, enough: 50 },
});

/** "From list" for persons: by name, searchable by any part of a name or alias. */
export const searchPersons = listSearchMethod(
	persons((person) => [
		{ name: person.status === 'active' ? person.name : `${person.name} (${person.status})`, value: person.id },
	]),
);

/** "From list" for images: the ingested images of enrolled persons, searchable by the person's name or alias. */
export const searchPersonImages = listSearchMethod(
	persons((person) =>
		person.ingested_images.map((image) => ({
			name: `${person.name}: image ${image.coactive_image_id}`,
			value: image.coactive_image_id,
		})),
	),
);
