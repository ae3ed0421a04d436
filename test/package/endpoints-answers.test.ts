/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: every endpoint declares what the nodes read from its answer, and the declaration matches the document. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { AnswerSpec, FieldRule } from '../../nodes/shared/transport';
import { ENDPOINTS, endpointOf } from '../../nodes/shared/endpoints';

type Schema = {
	$ref?: string;
	type?: string | string[];
	items?: Schema;
	properties?: Record<string, Schema>;
	required?: string[];
	oneOf?: Schema[];
	anyOf?: Schema[];
};
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const root = resolve(__dirname, '../..');
const facts = JSON.parse(readFileSync(join(root, 'api/openapi.facts.json'), 'utf8')) as {
	paths: Record<string, Record<string, Operation>>;
	components: { schemas: Record<string, Schema> };
};

const deref = (schema: Schema): Schema => {
	let current = schema;
	while (current.$ref) current = facts.components.schemas[current.$ref.split('/').pop()!];
	return current;
};
/** The alternatives of a schema (oneOf / anyOf), each resolved. */
const variants = (schema: Schema): Schema[] => {
	const resolved = deref(schema);
	const options = resolved.oneOf ?? resolved.anyOf;
	return options ? options.flatMap(variants) : [resolved];
};
const types = (schema: Schema): string[] => {
	const resolved = deref(schema);
	if (resolved.oneOf ?? resolved.anyOf) return variants(resolved).flatMap(types);
	return Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
};
const isObjectSchema = (schema: Schema) => types(schema).includes('object') || Boolean(deref(schema).properties);
const isAnySchema = (schema: Schema) => Object.keys(deref(schema)).length === 0;

/** The documented success answer (200, 201 or 202): its JSON schema, or undefined when it has no body. */
function successSchema(method: string, path: string): Schema | undefined {
	const operation = facts.paths[path][method.toLowerCase()];
	const code = ['200', '201', '202'].find((status) => operation.responses[status]);
	return operation.responses[code!].content?.['application/json']?.schema;
}

/** An ID the answer names: `id`, or a name ending in `_id` / `Id`, typed as a string. */
const idLike = (name: string, schema: Schema) => /^id$|_id$|Id$/.test(name) && types(schema).includes('string');

/** Whether the document's property is what one rule reads. */
function ruleFits(rule: FieldRule, property: Schema): boolean {
	switch (rule) {
		case 'created':
		case 'id':
			return types(property).includes('string');
		case 'integer':
			return types(property).includes('integer');
		case 'records': {
			// Entries typed as "any" ({}) are read as records too: those that are not become no item.
			const items = deref(property).items ?? {};
			return types(property).includes('array') && (isObjectSchema(items) || isAnySchema(items));
		}
		case 'strings':
			return types(property).includes('array') && types(deref(property).items ?? {}).includes('string');
		case 'array':
			return types(property).includes('array');
		default:
			return isObjectSchema(property);
	}
}

interface Row {
	id: string;
	method: string;
	path: string;
	retry: string;
	answer?: AnswerSpec;
	paged: boolean;
	schema?: Schema;
	answers: Schema[];
}

function rowOf(
	id: string,
	entry: { method: string; path: string; retry: string; answer?: AnswerSpec; pages?: unknown },
): Row {
	const schema = successSchema(entry.method, entry.path);
	const { method, path, retry, answer } = entry;
	return {
		id,
		method,
		path,
		retry,
		answer,
		paged: entry.pages !== undefined,
		schema,
		answers: schema ? variants(schema) : [],
	};
}
const rows = (Object.keys(ENDPOINTS) as Array<keyof typeof ENDPOINTS>).map((id) => rowOf(id, endpointOf(id)));
const fieldsOf = (answer: AnswerSpec | undefined) => (typeof answer === 'object' ? Object.entries(answer) : []);
/** A POST that must not be sent twice: it creates or changes something. */
const isCreateLike = (row: Row) => row.method === 'POST' && row.retry !== 'idempotent';

/** Each rule of the table's answers, as the problems it finds in some rows (none for the real table). */
const CHECKS: Record<string, (rows: Row[]) => string[]> = {
	'every entry declares what its answer must be: a page style, or an `answer` (never both)': (all) =>
		all
			.filter((row) => row.paged === (row.answer !== undefined))
			.map((row) => `${row.id} declares ${row.paged ? 'both' : 'neither'}`),

	'"any" exactly where the document allows any JSON': (all) =>
		all
			.filter((row) => (row.answer === 'any') !== Boolean(row.schema && isAnySchema(row.schema)))
			.map(
				(row) => `${row.id}: the document says ${JSON.stringify(row.schema)}, the table ${JSON.stringify(row.answer)}`,
			),

	// The transport takes an empty body as `{}` only for a DELETE.
	'an answer documented without a body is a DELETE': (all) =>
		all.filter((row) => !row.schema && row.method !== 'DELETE').map((row) => row.id),

	'an answer the document types as a JSON array of objects is declared "records", and only such an answer': (all) =>
		all
			.filter((row) => (row.answer === 'records') !== Boolean(row.schema && ruleFits('records', row.schema)))
			.map(
				(row) =>
					`${row.id} answers ${row.schema ? types(row.schema).join('|') : 'nothing'}, declared ${JSON.stringify(row.answer)}`,
			),

	'every create needs what it created: an ID the document requires, else another field (a {"detail"} answer fails)': (
		all,
	) =>
		all.filter(isCreateLike).flatMap((row) => {
			const required = row.answers.flatMap((variant) =>
				(variant.required ?? []).filter((name) => idLike(name, variant.properties?.[name] ?? {})),
			);
			const declared = fieldsOf(row.answer);
			const ids = declared.filter(([, rule]) => rule === 'created' || rule === 'id').map(([name]) => name);
			if (required.length > 0 && !ids.some((name) => required.includes(name)))
				return [`${row.id} declares none of its IDs ${required.join(', ')}`];
			if (declared.length === 0) return [`${row.id} declares no field, so any object would pass`];
			return [];
		}),

	// A 200 {"detail"} from a gateway would otherwise come out as a dataset, a job, a connection without its ID.
	'a read or change of one record (not a POST, not paged) declares an ID its documented answer requires': (all) =>
		all
			.filter(
				(row) =>
					!row.paged &&
					row.method !== 'POST' &&
					row.method !== 'DELETE' &&
					row.answer !== 'any' &&
					row.answer !== 'records',
			)
			.flatMap((row) => {
				const required = row.answers.flatMap((variant) =>
					(variant.required ?? []).filter((name) => {
						const property = variant.properties?.[name] ?? {};
						return idLike(name, property) || (/^id$|_id$/.test(name) && types(property).includes('integer'));
					}),
				);
				const declared = fieldsOf(row.answer)
					.filter(([, rule]) => rule === 'id' || rule === 'integer')
					.map(([name]) => name);
				return required.length > 0 && !declared.some((name) => required.includes(name))
					? [`${row.id} declares none of its IDs ${required.join(', ')}`]
					: [];
			}),

	'"created" only on creates': (all) =>
		all
			.filter((row) => !isCreateLike(row) && fieldsOf(row.answer).some(([, rule]) => rule === 'created'))
			.map((row) => row.id),

	// A "list answer" holds only lists and objects (`{faces: [...]}`, `{data: [...]}`); a record with scalar fields of its
	// own (a dataset, a person, a chat turn) is one item as it comes, and declares only the lists a node reads.
	'a list answer that is not paged declares each list (and object) it requires': (all) =>
		all
			.filter((row) => !row.paged && row.answer !== 'any')
			.flatMap((row) =>
				row.answers.flatMap((variant) => {
					const required = (variant.required ?? []).filter((name) => !['meta', 'sort'].includes(name));
					const property = (name: string) => variant.properties?.[name] ?? {};
					const wrapper = required.every((name) =>
						types(property(name)).some((type) => type === 'array' || type === 'object'),
					);
					if (!wrapper || !isObjectSchema(variant)) return [];
					const declared = new Map(fieldsOf(row.answer));
					return required.filter((name) => !declared.has(name)).map((name) => `${row.id} does not declare "${name}"`);
				}),
			),

	'every declared field is in the documented answer, with the type its rule reads': (all) =>
		all.flatMap((row) =>
			fieldsOf(row.answer).flatMap(([name, rule]) => {
				const found = row.answers
					.map((variant) => variant.properties?.[name])
					.filter((property) => property !== undefined);
				if (found.length === 0) return [`${row.id}: "${name}" is not in the documented answer`];
				if (!found.some((property) => ruleFits(rule, property)))
					return [`${row.id}: "${name}" is not what "${rule}" reads`];
				// "object?" lets the field be missing or an empty list: only where the document has an answer without it.
				const optional = row.answers.some((variant) => !variant.required?.includes(name));
				if (rule === 'object?' && !optional) return [`${row.id}: "${name}" is required, so it cannot be "object?"`];
				return [];
			}),
		),
};

describe('answers in the endpoint table (nodes/shared/endpoints.ts)', () => {
	test.each(Object.keys(CHECKS))('%s', (check) => {
		expect(CHECKS[check](rows)).toEqual([]);
	});

	const row = (id: string) => rows.find((candidate) => candidate.id === id)!;
	const changed = (id: string, change: Partial<Row>): Row[] =>
		rows.map((candidate) => (candidate.id === id ? { ...candidate, ...change } : candidate));
	test.each<[string, Row[]]>([
		[
			'an entry added without its answer',
			[...rows, { ...row('datasets.create'), id: 'new-create', answer: undefined }],
		],
		[
			'a list entry added without its answer',
			[...rows, { ...row('concepts.getLabelCandidates'), id: 'new-list', answer: undefined }],
		],
		['a create that reads no ID', changed('datasets.create', { answer: 'object' })],
		[
			'a create that reads an ID the document does not require',
			changed('queries.createQuery', { answer: { status: 'id' } }),
		],
		['a list answer whose list is not declared', changed('celebrities.getFacesWithPerson', { answer: 'object' })],
		[
			'a field the document does not have',
			changed('concepts.getLabelCandidates', { answer: { candidates: 'records' } }),
		],
		['a list of strings read as records', changed('celebrities.getPerson', { answer: { aliases: 'records' } })],
		['an any-JSON answer that must be an object', changed('concepts.delete', { answer: 'object' })],
		['an object answer let be anything', changed('concepts.get', { answer: 'any' })],
		['a body-less answer let be anything', changed('adSegments.deleteAdSegments', { answer: 'any' })],
		[
			'a required field let be missing',
			changed('ingestion.getDatasetAssetsStatusCount', { answer: { data: 'object?' } }),
		],
		['"created" on a read', changed('concepts.get', { answer: { conceptId: 'created' } })],
		['a read of one record that takes any object', changed('datasets.get', { answer: 'object' })],
		[
			'a change of one record that reads an ID the document does not require',
			changed('datasets.update', { answer: { name: 'id' } }),
		],
	])('the guard catches %s', (_case, wrong) => {
		expect(Object.values(CHECKS).flatMap((check) => check(wrong))).not.toEqual([]);
	});
});
