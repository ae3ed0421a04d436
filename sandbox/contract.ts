import { z } from 'zod';
import { operations } from './generated/schemas';
import type { Reply } from './http';
import type { RequestContext, RouteDefinition } from './routes/route';
import { describe, type Failure, validate } from './validation';

/**
 * The sandbox's routes for the vendor's operations. `operation(operationId, handler)` takes method, path and the
 * request and answer schemas from `generated/schemas.ts` (generated from api/openapi.facts.json); the handler gets
 * the request read and validated (FastAPI's 422 otherwise) and writes only behaviour. What the document does not
 * say (a limit of the spec, a rule of the sandbox) is a `Rules` entry on top of the generated schema, with a comment
 * naming its source.
 */

type Operations = typeof operations;
export type OperationId = keyof Operations;

type Generated<K extends OperationId> = Operations[K];
type GeneratedBody<K extends OperationId> = Exclude<Generated<K>['body'], undefined>;

/** What the sandbox adds to an operation's generated schemas; each entry receives the generated schema. */
export interface Rules<K extends OperationId> {
	path?: (generated: Generated<K>['pathParams']) => z.ZodTypeAny;
	query?: (generated: Generated<K>['query']) => z.ZodTypeAny;
	body?: (generated: GeneratedBody<K>) => z.ZodTypeAny;
	/**
	 * The body may be left out, and then reads as this value (checked like a body sent). Without it a body whose
	 * schema admits null may be left out (and reads as null); any other is required ("Field required").
	 */
	absentBody?: unknown;
	/** Success statuses the spec describes besides the document's one (their answers are not checked). */
	alsoAnswers?: number[];
}

type Refined<R, Part extends 'path' | 'query' | 'body', Fallback> = R extends {
	[P in Part]: (generated: never) => infer S;
}
	? S
	: Fallback;
type Output<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

/** What a handler receives: path parameters, query and body as validated (and refined). */
export interface Input<K extends OperationId, R = object> {
	path: Output<Refined<R, 'path', Generated<K>['pathParams']>>;
	query: Output<Refined<R, 'query', Generated<K>['query']>>;
	body: Output<Refined<R, 'body', Generated<K>['body']>>;
}

type Handler<I> = (context: RequestContext, input: I) => Reply | Promise<Reply>;

/** The route of one documented operation: method and path from the document, the request validated before `handle`. */
export function operation<K extends OperationId>(id: K, handle: Handler<Input<K>>): RouteDefinition;
export function operation<K extends OperationId, R extends Rules<K>>(
	id: K,
	rules: R,
	handle: Handler<Input<K, R>>,
): RouteDefinition;
export function operation<K extends OperationId>(
	id: K,
	rulesOrHandle: Rules<K> | Handler<Input<K>>,
	maybeHandle?: Handler<never>,
): RouteDefinition {
	const rules: Rules<K> = typeof rulesOrHandle === 'function' ? {} : rulesOrHandle;
	const handle = (typeof rulesOrHandle === 'function' ? rulesOrHandle : maybeHandle) as Handler<unknown>;
	const generated = operations[id] as Generated<K> & { body?: z.ZodTypeAny; bodyRequired: boolean };
	const path = rules.path ? rules.path(generated.pathParams) : generated.pathParams;
	const query = rules.query ? rules.query(generated.query) : generated.query;
	const body = generated.body && rules.body ? rules.body(generated.body as GeneratedBody<K>) : generated.body;
	const absentBody =
		'absentBody' in rules ? { value: rules.absentBody } : generated.bodyRequired ? undefined : { value: null };
	return {
		operationId: id,
		method: generated.method,
		path: generated.path,
		auth: 'access-token',
		async handle(context) {
			const absent = body && context.body.kind === 'none' ? absentBody : undefined;
			const parts = validate(
				absent ? { ...context, body: { kind: 'json', value: absent.value } } : context,
				body ? { path, query, body } : { path, query },
			);
			const reply = await handle(context, {
				path: parts.path,
				query: parts.query,
				body: body ? parts.body : undefined,
			});
			checkAnswer(id, reply, rules.alsoAnswers ?? []);
			return reply;
		},
	};
}

/**
 * A success answer must be what the document says it is (its status and its body): the sandbox's own mistake is a
 * 500 naming the fields, not an answer a node would read as the service's. Errors and `alsoAnswers` are not checked.
 */
function checkAnswer(id: OperationId, reply: Reply, alsoAnswers: number[]): void {
	const { status, answer } = operations[id] as { status: number; answer: z.ZodTypeAny };
	if (reply.status < 200 || reply.status >= 300 || alsoAnswers.includes(reply.status)) return;
	if (reply.status !== status)
		throw new Error(`sandbox answer of ${id} is a ${reply.status}; the document says ${status}`);
	if (reply.raw !== undefined) return;
	const parsed = answer.safeParse(reply.body);
	if (parsed.success) return;
	const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${describe(issue).msg}`);
	throw new Error(`sandbox answer of ${id} does not match the document: ${problems.slice(0, 5).join('; ')}`);
}

/** A value the rule refuses, as pydantic reports it (`type` and `msg` of the 422 entry). */
type Broken = Failure;

/** One constraint: what is wrong with a present (not null) value, or nothing. */
export type Rule = (value: never) => Broken | undefined;

const broken = (type: string, msg: string): Broken => ({ type, msg });
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const ge =
	(limit: number): Rule =>
	(value: number) =>
		value < limit ? broken('greater_than_equal', `Input should be greater than or equal to ${limit}`) : undefined;
export const gt =
	(limit: number): Rule =>
	(value: number) =>
		value <= limit ? broken('greater_than', `Input should be greater than ${limit}`) : undefined;
export const le =
	(limit: number): Rule =>
	(value: number) =>
		value > limit ? broken('less_than_equal', `Input should be less than or equal to ${limit}`) : undefined;
export const lt =
	(limit: number): Rule =>
	(value: number) =>
		value >= limit ? broken('less_than', `Input should be less than ${limit}`) : undefined;
export const minLength =
	(limit: number): Rule =>
	(value: string) =>
		value.length < limit
			? broken('string_too_short', `String should have at least ${plural(limit, 'character')}`)
			: undefined;
export const maxLength =
	(limit: number): Rule =>
	(value: string) =>
		value.length > limit
			? broken('string_too_long', `String should have at most ${plural(limit, 'character')}`)
			: undefined;
export const pattern =
	(expression: RegExp): Rule =>
	(value: string) =>
		expression.test(value)
			? undefined
			: broken('string_pattern_mismatch', `String should match pattern '${expression.source}'`);
export const minItems =
	(limit: number): Rule =>
	(value: unknown[]) =>
		value.length < limit ? broken('too_short', `List should have at least ${plural(limit, 'item')}`) : undefined;
export const maxItems =
	(limit: number): Rule =>
	(value: unknown[]) =>
		value.length > limit
			? broken('too_long', `List should have at most ${plural(limit, 'item')} after validation, not ${value.length}`)
			: undefined;
/** One of these values (the document types it as a plain string). */
export const among =
	(values: readonly string[]): Rule =>
	(value: string) =>
		values.includes(value)
			? undefined
			: broken(
					'enum',
					`Input should be ${values
						.map((v) => `'${v}'`)
						.join(', ')
						.replace(/, ([^,]*)$/, ' or $1')}`,
				);
/** A check written as a pydantic validator raises it: `{"type": "value_error", "msg": "Value error, ..."}`. */
export const check =
	<T>(test: (value: T) => string | undefined): Rule =>
	(value: T) => {
		const message = test(value);
		return message === undefined ? undefined : broken('value_error', `Value error, ${message}`);
	};

/** The field with rules checked in order on a present value (null and absent pass); the first broken one is reported. */
export function refine<T extends z.ZodTypeAny>(field: T, ...rules: Rule[]): z.ZodEffects<T, z.output<T>, z.input<T>> {
	return field.superRefine((value: unknown, ctx) => {
		if (value === null || value === undefined) return;
		for (const rule of rules) {
			const problem = (rule as (value: unknown) => Broken | undefined)(value);
			if (problem) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, params: problem });
				return;
			}
		}
	});
}

type Change<F> = Rule[] | ((field: F) => z.ZodTypeAny);
type Changed<F, C> = C extends Rule[]
	? F extends z.ZodTypeAny
		? z.ZodEffects<F>
		: never
	: C extends (field: never) => infer S
		? S
		: never;

/** The object with some fields changed: a list of rules refines the field, a function replaces it (given the field). */
export function fields<S extends z.AnyZodObject, C extends { [K in keyof S['shape']]?: Change<S['shape'][K]> }>(
	schema: S,
	changes: C,
) {
	const extension: z.ZodRawShape = {};
	for (const [name, change] of Object.entries(changes) as Array<[string, Change<z.ZodTypeAny>]>) {
		const field = schema.shape[name] as z.ZodTypeAny;
		extension[name] = Array.isArray(change) ? refine(field, ...change) : change(field);
	}
	return schema.extend(extension) as unknown as z.ZodObject<
		{ [K in keyof S['shape']]: K extends keyof C ? Changed<S['shape'][K], C[K]> : S['shape'][K] },
		S['_def']['unknownKeys'],
		S['_def']['catchall']
	>;
}

type Unwrapped<T> = T extends z.ZodOptional<infer I> | z.ZodNullable<infer I> | z.ZodDefault<infer I>
	? Unwrapped<I>
	: T;

/**
 * The field with the schema inside its optional / nullable / default wrappers changed (kept in place). The change
 * must read what the inner schema reads (a refinement), so the field's type stays.
 */
export function inner<T extends z.ZodTypeAny>(field: T, change: (schema: Unwrapped<T>) => z.ZodTypeAny): T {
	if (field instanceof z.ZodOptional) return inner(field.unwrap(), change).optional() as unknown as T;
	if (field instanceof z.ZodNullable) return inner(field.unwrap(), change).nullable() as unknown as T;
	if (field instanceof z.ZodDefault) {
		const fallback = field._def.defaultValue() as unknown;
		return inner(field.removeDefault(), change).default(fallback) as unknown as T;
	}
	return change(field as Unwrapped<T>) as unknown as T;
}

/** An array field (inside its wrappers) with each element changed, as `inner` changes a field. */
export function each<T extends z.ZodTypeAny>(
	field: T,
	change: (element: Unwrapped<T> extends z.ZodArray<infer E> ? E : never) => z.ZodTypeAny,
): T {
	return inner(field, (array) => {
		if (!(array instanceof z.ZodArray)) throw new Error('each: not an array');
		return z.array(change(array.element as never));
	});
}

/**
 * A rule on the whole object (or any value), checked once its fields are valid, as a pydantic model validator: each
 * message is a `value_error`; `at` names the field it is about.
 */
export function whole<T extends z.ZodTypeAny>(
	schema: T,
	test: (value: z.output<T>) => string | string[] | undefined,
	at?: string,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
	return schema.superRefine((value, ctx) => {
		for (const message of [test(value as z.output<T>) ?? []].flat()) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				...(at ? { path: [at] } : {}),
				params: { type: 'value_error', msg: `Value error, ${message}` },
			});
		}
	});
}
