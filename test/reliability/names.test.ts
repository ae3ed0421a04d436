/**
 * Names are identities: every By Name (datasets, concepts, persons, the trigger's dataset, the editor's lists that
 * resolve a dataset name) follows one rule (`recordsNamed` in nodes/shared/readers.ts). Names compare NFC-normalized
 * and case-sensitive exactly as typed, spaces included; only when none matches does the trimmed name, and only one
 * record may match it; several are an error listing the candidates. Through n8n's engine against the sandbox, whose
 * lists are given names with spaces around them and in other Unicode forms (the service's own name rules are not
 * published; its answers may hold such names).
 */
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { accessToken, send } from '../sandbox/helpers';
import { TYPES, useTestBed } from '../nodes/setup';
import { byName } from '../support/locators';

const bed = useTestBed();
const NFC = 'Caf\u00e9 Noir';
const NFD = 'Cafe\u0301 Noir';

let token: string;
beforeEach(async () => {
	token = await accessToken(bed.sandbox);
});

let created = 0;
/**
 * Creates a dataset through the service's API and gives it `name` in the sandbox's store (the sandbox's own name
 * rule, letters, digits and underscores, is an assumption; the service's lists may hold any name); returns its ID.
 */
async function dataset(name: string): Promise<string> {
	const reply = await send(bed.sandbox.url, 'POST', '/api/v1/datasets', {
		token,
		json: { name: `named_${++created}`, encoder_name: 'resnet-50' },
	});
	expect(reply.status).toBe(200);
	const { id } = reply.body as { id: string };
	const record = bed.sandbox.store.datasets.get(id);
	if (!record) throw new Error(`dataset ${id} is not in the sandbox's store`);
	record.name = name;
	return id;
}

/** Runs Dataset › Get By Name; the ID found, or the error. */
async function datasetNamed(
	name: string,
): Promise<{ id?: unknown; error?: { message: string; description?: string | null } }> {
	const { items, error } = await bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byName(name) },
	});
	return {
		id: items[0]?.json.id,
		error: error && { message: error.message, description: (error as { description?: string | null }).description },
	};
}

/** The name filters the By Name look-ups sent. */
const namePatterns = () =>
	bed
		.apiRequests()
		.filter((r) => r.path === '/api/v1/datasets' && r.method === 'GET')
		.map((r) => r.query.name_pattern);

describe('datasets By Name', () => {
	test('a trailing space is part of the name; the trimmed name is sent, so both are candidates', async () => {
		const plain = await dataset('reports');
		const spaced = await dataset('reports ');
		bed.sandbox.clearRequestLog();
		expect(await datasetNamed('reports ')).toEqual({ id: spaced });
		expect(await datasetNamed('reports')).toEqual({ id: plain });
		expect(namePatterns()).toEqual(['reports', 'reports']);
	});

	test('only when nothing matches exactly does the trimmed name, leading or trailing spaces alike', async () => {
		const spaced = await dataset('reports ');
		const leading = await dataset('  archive');
		const plain = await dataset('ledger');
		expect(await datasetNamed('reports')).toEqual({ id: spaced });
		expect(await datasetNamed(' reports')).toEqual({ id: spaced });
		expect(await datasetNamed('archive ')).toEqual({ id: leading });
		expect(await datasetNamed(' ledger ')).toEqual({ id: plain });
	});

	test('several names equal once trimmed are ambiguous: the error lists them with their IDs', async () => {
		const trailing = await dataset('reports ');
		const leading = await dataset(' reports');
		const { id, error } = await datasetNamed('reports');
		expect(id).toBeUndefined();
		expect(error?.message).toBe(
			'Invalid Dataset in item 0: 2 datasets are named "reports" once the spaces around the names are left out',
		);
		expect(error?.description).toBe(
			`Choose the dataset From List or By ID: "reports " (${trailing}), " reports" (${leading}).`,
		);
	});

	test('the candidates an error lists are bounded', async () => {
		for (let i = 1; i <= 7; i++) await dataset(`${' '.repeat(i)}many`);
		const { error } = await datasetNamed('many');
		expect(error?.message).toBe(
			'Invalid Dataset in item 0: 7 datasets are named "many" once the spaces around the names are left out',
		);
		expect(error?.description).toMatch(
			/^Choose the dataset From List or By ID: (" +many" \([0-9a-f-]{36}\), ){4}" +many" \([0-9a-f-]{36}\) and 2 more\.$/,
		);
	});

	test('NFC typed finds NFD stored and the other way round; the filter sent is a piece both forms hold', async () => {
		const decomposed = await dataset(NFD);
		const composed = await dataset('Cre\u0300me Brule\u0301e'.normalize('NFC'));
		bed.sandbox.clearRequestLog();
		expect(await datasetNamed(NFC)).toEqual({ id: decomposed });
		expect(await datasetNamed('Cre\u0300me Brule\u0301e')).toEqual({ id: composed });
		expect(namePatterns()).toEqual(['Noir', 'me Brul']);
	});

	test('two names equal in NFC but stored differently are ambiguous, typed either way', async () => {
		const decomposed = await dataset(NFD);
		const composed = await dataset(NFC);
		for (const typed of [NFC, NFD]) {
			const { error } = await datasetNamed(typed);
			expect(error?.message).toBe(`Invalid Dataset in item 0: 2 datasets are named ${JSON.stringify(typed)}`);
			expect(error?.description).toContain(`(${decomposed})`);
			expect(error?.description).toContain(`(${composed})`);
		}
	});

	test('case differences do not match; the error names the dataset named otherwise', async () => {
		const upper = await dataset('Reports');
		const { id, error } = await datasetNamed('reports');
		expect(id).toBeUndefined();
		expect(error?.message).toBe('Invalid Dataset in item 0: no dataset is named "reports"');
		expect(error?.description).toBe(
			`Names are case-sensitive, and these differ from it only in case: "Reports" (${upper}). Type the name exactly as shown, or choose the dataset From List or By ID.`,
		);
	});

	test('a name that matches none lists the closest names with their IDs, and no case hint', async () => {
		const { demoImages: images, demoVideos: videos } = SEED_DATASET_IDS;
		bed.sandbox.clearRequestLog();
		const { id, error } = await datasetNamed('demo-images');
		expect(id).toBeUndefined();
		expect(error?.message).toBe('Invalid Dataset in item 0: no dataset is named "demo-images"');
		// Spaces and punctuation aside it is demo_images: first; the others follow, each with its ID.
		expect(error?.description).toMatch(/^The closest names: "demo_images" \(/);
		expect(error?.description).toContain(`"demo_images" (${images})`);
		expect(error?.description).toContain(`"demo_videos" (${videos})`);
		expect(error?.description).toMatch(/\. Type one of them exactly, or choose the dataset From List or By ID\.$/);
		expect(error?.description).not.toMatch(/case/);
		// The name filter first, then (only because it found no such name) the list it compares with.
		expect(namePatterns()).toEqual(['demo-images', undefined]);
	});

	test('a name made only of accented letters reads every dataset and still picks exactly', async () => {
		const id = await dataset('\u00e9\u00e9');
		bed.sandbox.clearRequestLog();
		expect(await datasetNamed('e\u0301e\u0301')).toEqual({ id });
		expect(namePatterns()).toEqual([undefined]);
	});
});

describe('concepts By Name', () => {
	/** Adds a concept to the sandbox's list as another concept of the seeded demo dataset with this name. */
	function concept(name: string): string {
		const seed = bed.sandbox.store.concepts.concepts.get(SEED_CONCEPT_IDS.beach);
		const id = randomUUID();
		bed.sandbox.store.concepts.concepts.set(id, { ...(seed as NonNullable<typeof seed>), id, name });
		return id;
	}
	const conceptNamed = async (name: string) => {
		const { items, error } = await bed.harness.runNode({
			type: TYPES.concepts,
			parameters: { resource: 'concept', operation: 'get', conceptId: byName(name) },
		});
		return {
			id: items[0]?.json.conceptId,
			error: error?.message,
			description: (error as { description?: string } | undefined)?.description,
		};
	};

	test('exact first, then the one trimmed match, NFC-normalized; several are listed', async () => {
		const spaced = concept('beach ');
		const decomposed = concept('cafe\u0301');
		const harbor = concept(' harbor');
		concept('harbor ');
		expect(await conceptNamed('beach')).toMatchObject({ id: SEED_CONCEPT_IDS.beach });
		expect(await conceptNamed('beach ')).toMatchObject({ id: spaced });
		expect(await conceptNamed('caf\u00e9')).toMatchObject({ id: decomposed });
		expect(await conceptNamed(' harbor')).toMatchObject({ id: harbor });
		const ambiguous = await conceptNamed('harbor');
		expect(ambiguous.error).toBe(
			'Invalid Concept in item 0: 2 concepts are named "harbor" once the spaces around the names are left out',
		);
		expect(ambiguous.description).toContain(`" harbor" (${harbor})`);
		const upper = await conceptNamed('BEACH');
		expect(upper.error).toBe('Invalid Concept in item 0: no concept is named "BEACH"');
		expect(upper.description).toContain(`"beach" (${SEED_CONCEPT_IDS.beach})`);
	});
});

describe('persons By Name', () => {
	const faces = (personId: ReturnType<typeof byName<string>>, inputItems?: IDataObject[]) =>
		bed.harness.runNode({
			type: TYPES.celebrity,
			parameters: { resource: 'face', operation: 'getMany', personId, returnAll: true },
			inputItems,
		});
	const facesAsked = () =>
		bed
			.apiRequests()
			.filter((r) => r.path === '/api/v0/celebrity-detection/faces-with-person')
			.map((r) => r.query);

	test('the person enrolled under the name is looked up among the persons and asked for by ID', async () => {
		const ava = [...bed.sandbox.store.celebrity.persons.values()].find((p) => p.name === 'Ava Marlowe');
		const spaced = bed.sandbox.store.celebrity.addPerson({ name: 'Ava Marlowe ' });
		const zoe = bed.sandbox.store.celebrity.addPerson({ name: 'Zoe\u0308 Quinn' });
		bed.sandbox.clearRequestLog();
		const { error } = await faces(byName('={{ $json.name }}'), [
			{ name: 'Ava Marlowe' },
			{ name: 'Ava Marlowe ' },
			{ name: 'Zo\u00eb Quinn' },
			{ name: 'Ava Marlowe' },
		]);
		expect(error).toBeUndefined();
		expect(facesAsked()).toEqual([ava?.id, spaced.id, zoe.id, ava?.id].map((person_id) => ({ person_id })));
		// One listing of the persons serves every name of the run.
		expect(bed.apiRequests().filter((r) => r.path === '/api/v0/celebrity-detection/persons')).toHaveLength(1);
	});

	test('ambiguous or case-different names are errors naming the candidates, before any face is asked for', async () => {
		const a = bed.sandbox.store.celebrity.addPerson({ name: 'Noor Haddad ' });
		const b = bed.sandbox.store.celebrity.addPerson({ name: ' Noor Haddad' });
		const ambiguous = await faces(byName('Noor Haddad'));
		expect(ambiguous.error?.message).toBe(
			'Invalid Person in item 0: 2 persons are named "Noor Haddad" once the spaces around the names are left out',
		);
		expect(ambiguous.error?.description).toMatch(/^Choose the person From List or By ID: .*\.$/);
		expect(ambiguous.error?.description).toContain(`"Noor Haddad " (${a.id})`);
		expect(ambiguous.error?.description).toContain(`" Noor Haddad" (${b.id})`);
		const lower = await faces(byName('ava marlowe'));
		expect(lower.error?.message).toBe('Invalid Person in item 0: no person is named "ava marlowe"');
		expect(lower.error?.description).toMatch(
			/^Names are case-sensitive, and these differ from it only in case: "Ava Marlowe" \(/,
		);
		expect(facesAsked()).toEqual([]);
	});
});

describe('the trigger and the editor lists', () => {
	const watched = (staticData: IDataObject) => (JSON.parse(String(staticData.watching)) as { d: string | null }).d;

	test('the trigger watches the dataset the name names by the same rule', async () => {
		await dataset('reports');
		const spaced = await dataset('reports ');
		const decomposed = await dataset(NFD);
		const poll = (name: string) =>
			bed.harness.runPoll({ type: TYPES.trigger, parameters: { events: ['jobCreated'], datasetId: byName(name) } });
		expect(watched((await poll('reports ')).staticData)).toBe(spaced);
		expect(watched((await poll(NFC)).staticData)).toBe(decomposed);
		await dataset(' reports');
		await dataset('  only');
		await expect(poll('only')).resolves.toBeDefined();
		await dataset('only  ');
		await expect(poll('only')).rejects.toThrow(
			'2 datasets are named "only" once the spaces around the names are left out',
		);
	});

	test('the concept lists and the table list scope to the dataset the name names', async () => {
		await dataset('reports');
		const spaced = await dataset('reports ');
		const classifying = {
			resource: 'classification',
			operation: 'classifyImage',
			classifyAgainst: 'concepts',
			datasetId: byName('reports '),
		};
		bed.sandbox.clearRequestLog();
		await bed.harness.runLoadOptions({ type: TYPES.concepts, method: 'getConcepts', parameters: classifying });
		expect(bed.apiRequests().find((r) => r.path === '/api/v1/concepts')?.query).toMatchObject({ datasets: spaced });
		const decomposed = await dataset(NFD);
		bed.sandbox.clearRequestLog();
		await bed.harness.runListSearch({
			type: TYPES.queries,
			method: 'searchTables',
			parameters: { resource: 'table', operation: 'get', datasetId: byName(NFC) },
		});
		expect(bed.apiRequests().map((r) => r.path)).toContain(`/api/v1/datasets/${decomposed}/tables`);
	});
});
