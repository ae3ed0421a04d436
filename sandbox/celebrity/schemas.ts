import { z } from 'zod';
import { integerString, queryParam, uuidString } from '../validation';
import { PERSON_SORT_FIELDS } from './model';

/** The most persons one page returns; `per_page` above it is a 422 (the spec gives 1 to 100). */
export const MAX_PER_PAGE = 100;

export const personIdPath = z.object({ person_id: uuidString() });

export const imageIdPath = z.object({ image_id: uuidString() });

/** `GET /persons`: page ≥ 1 (default 1), per_page 1–100 (default 25), optional sort. */
export const personsListQuery = z.object({
	page: queryParam.withDefault(integerString({ min: 1 }), 1),
	per_page: queryParam.withDefault(integerString({ min: 1 }).pipe(z.number().max(MAX_PER_PAGE)), 25),
	sort_field: queryParam.optional(z.enum(PERSON_SORT_FIELDS)),
	sort_direction: queryParam.optional(z.enum(['asc', 'desc'])),
});

/** `GET /faces-with-person`: both optional here; the handler wants one of them. */
export const facesQuery = z.object({
	person_id: queryParam.optional(uuidString()),
	person_name: queryParam.optional(z.string()),
});

/** `GET /persons/by-names-and-aliases`: a required list, read from repeated keys only. */
export const namesQuery = z.object({
	person_names_or_aliases: z.array(z.string()),
});

/** `celebrity-detection:IdentifyCelebritiesInExternalImageRequest` */
export const identifyBody = z.object({ image: z.string() });

/** `celebrity-detection:UpdatePersonAliasesRequest` */
export const updateAliasesBody = z.object({
	person_id: uuidString(),
	aliases: z.array(z.string()).nullable().optional(),
});
