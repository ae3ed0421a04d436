import { z } from 'zod';
import { fields, ge, le, type Rules } from '../contract';
import { PERSON_SORT_FIELDS } from './model';

/** service-spec.md, Limits: per_page is 1 to 100 (celebrity persons list). */
export const MAX_PER_PAGE = 100;

export const listPersons = {
	query: (query) =>
		fields(query, {
			page: [ge(1)],
			per_page: [ge(1), le(MAX_PER_PAGE)],
			// Assumed: persons sort by one of their listed fields (the document types sort_field as any string).
			sort_field: (field) => field.pipe(z.enum(PERSON_SORT_FIELDS).optional()),
		}),
} satisfies Rules<'get-persons-in-org-api-v-0-celebrity-detection-persons-get'>;

/** Assumed: `aliases: null` is accepted and changes nothing, like an omitted list (the document does not allow null). */
export const updateAliases = {
	body: (body) => fields(body, { aliases: (field) => field.unwrap().nullable().optional() }),
} satisfies Rules<'update-person-aliases-api-v-0-celebrity-detection-person-aliases-put'>;
