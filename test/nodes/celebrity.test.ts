/* Dev-only: the Celebrity Detection node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';

import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import type { HarnessInputItem } from '../harness/engine';
import { SECRETS, TYPES, useTestBed, visibleText } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.celebrity;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';
const AVA = seedPersonId('Ava Marlowe');
const DIMA = seedPersonId('Dmitri Volkanov');
const BRUNO = seedPersonId('Bruno Castellane');

const run = (
	resource: string,
	parameters: Record<string, unknown>,
	inputItems?: Array<IDataObject | HarnessInputItem>,
	options: { continueOnFail?: boolean; binaryDataMode?: 'default' | 'filesystem' } = {},
) => bed.harness.runNode({ type, parameters: { resource, ...parameters }, inputItems, ...options });

/** Adds persons so lists span several pages of 100; enrolled after the seed, in this order. */
function enrollExtraPersons(count: number) {
	for (let i = 0; i < count; i++) {
		bed.sandbox.store.celebrity.addPerson({
			name: `Extra Person ${String(i).padStart(3, '0')}`,
			createdAt: Date.parse('2026-06-01T00:00:00Z') + i * 1000,
		});
	}
}

describe('Person: Get', () => {
	test('gets a person chosen from the list or by ID (per item through expressions), pairing kept', async () => {
		const { items, error } = await run('person', { operation: 'get', personId: byId('={{ $json.id }}') }, [
			{ id: AVA },
			{ id: ` ${DIMA.toUpperCase()} ` },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.name)).toEqual(['Ava Marlowe', 'Dmitri Volkanov']);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toMatchObject({ aliases: ['The Marlowe', 'A. Marlowe'], status: 'active' });
		// Items side by side: one request each, in whichever order they reach the service (output order is kept).
		expect(
			bed
				.apiRequests()
				.map((r) => r.path)
				.sort(),
		).toEqual([`/api/v0/celebrity-detection/person/${AVA}`, `/api/v0/celebrity-detection/person/${DIMA}`].sort());
		const listed = await run('person', { operation: 'get', personId: fromList(BRUNO) });
		expect(listed.items[0].json.id).toBe(BRUNO);
	});

	test('404 names the person and says how to fix it', async () => {
		const { error } = await run('person', { operation: 'get', personId: byId(UNKNOWN) });
		expect(error?.message).toBe('Person not found');
		expect(error?.description).toMatch(/Check the ID/);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	test('a malformed ID is refused before any request', async () => {
		// A typed value is checked by the editor's regex; an expression's value is checked by the node.
		const { error } = await run('person', { operation: 'get', personId: byId('={{ $json.id }}') }, [{ id: 'ava' }]);
		expect(error?.message).toBe('Invalid Person in item 0: "ava" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: failing items become error items, the others go on', async () => {
		const { items, error } = await run(
			'person',
			{ operation: 'get', personId: byId('={{ $json.id }}') },
			[{ id: AVA }, { id: 'nope' }, { id: UNKNOWN }, { id: DIMA }],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(items.map((i) => i.json.name ?? i.json.error)).toEqual([
			'Ava Marlowe',
			'Invalid Person in item 1: "nope" is not a UUID',
			'Person not found',
			'Dmitri Volkanov',
		]);
	});
});

describe('Person: Get Many (page/per_page)', () => {
	test('Return All walks every page once with per_page 100 and stops on has_next_page false', async () => {
		enrollExtraPersons(200);
		const { items, error } = await run('person', { operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(236);
		expect(new Set(items.map((i) => i.json.id)).size).toBe(236);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		// After each page, the last person of the page before alone: the list did not move under the read.
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ page: '1', per_page: '100' },
			{ page: '2', per_page: '100' },
			{ page: '100', per_page: '1' },
			{ page: '3', per_page: '100' },
			{ page: '200', per_page: '1' },
		]);
	});

	test('Limit asks for no more than needed and keeps the page size fixed', async () => {
		enrollExtraPersons(200);
		const small = await run('person', { operation: 'getMany', returnAll: false, limit: 30 });
		expect(small.items).toHaveLength(30);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([{ page: '1', per_page: '30' }]);

		bed.sandbox.clearRequestLog();
		const large = await run('person', { operation: 'getMany', returnAll: false, limit: 130 });
		expect(large.items).toHaveLength(130);
		expect(large.items[0].json.name).toBe('Ava Marlowe');
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ page: '1', per_page: '100' },
			{ page: '2', per_page: '100' },
			{ page: '100', per_page: '1' },
		]);
	});

	test('the default Limit of 50 spans the 36 seeded persons in one page', async () => {
		const { items } = await run('person', { operation: 'getMany' });
		expect(items).toHaveLength(36);
		expect(bed.apiRequests()).toHaveLength(1);
	});

	test('sort field and direction reach the service', async () => {
		const { items } = await run('person', {
			operation: 'getMany',
			limit: 3,
			sort: { field: 'name', direction: 'desc' },
		});
		expect(items.map((i) => i.json.name)).toEqual(['Zoe Achterberg', 'Yusuf Demir', 'Xenia Petrakis']);
		expect(bed.apiRequests()[0].query).toEqual({
			page: '1',
			per_page: '3',
			sort_field: 'name',
			sort_direction: 'desc',
		});
	});

	test('Sort By takes any field from an expression; a value that is no field name is refused before any request', async () => {
		const any = await run('person', { operation: 'getMany', limit: 3, sort: { field: '={{ "updated_dt" }}' } });
		expect(bed.apiRequests()[0].query).toMatchObject({ sort_field: 'updated_dt' });
		expect(any.error?.message ?? '').not.toMatch(/^Invalid Sort By/);
		bed.sandbox.clearRequestLog();
		const bad = await run('person', { operation: 'getMany', limit: 3, sort: { field: '={{ "name; drop" }}' } });
		expect(bad.error?.message).toBe('Invalid Sort By in item 0: "name; drop" is not a field name');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Person: Get Many by Names or Aliases', () => {
	test('sends the names as repeated keys and outputs one match per name', async () => {
		const { items, error } = await run('person', {
			operation: 'getByNames',
			namesOrAliases: 'Dima, Ava Marlowe,, Nobody',
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ name: 'Dima', person_id: DIMA },
			{ name: 'Ava Marlowe', person_id: AVA },
			{ name: 'Nobody', person_id: null },
		]);
		const [sent] = bed.apiRequests();
		expect(sent.path).toBe('/api/v0/celebrity-detection/persons/by-names-and-aliases');
		expect(sent.rawQuery).toBe(
			'person_names_or_aliases=Dima&person_names_or_aliases=Ava%20Marlowe&person_names_or_aliases=Nobody',
		);
		expect(sent.query).toEqual({ person_names_or_aliases: ['Dima', 'Ava Marlowe', 'Nobody'] });
	});

	test('one name is still sent as the list parameter, and an array expression keeps commas inside names', async () => {
		bed.sandbox.store.celebrity.addPerson({ name: 'Robert Vance, Jr.' });
		const { items } = await run('person', { operation: 'getByNames', namesOrAliases: '={{ $json.names }}' }, [
			{ names: ['Robert Vance, Jr.'] },
			{ names: ['The Viking'] },
		]);
		expect(items.map((i) => i.json)).toEqual([
			{ name: 'Robert Vance, Jr.', person_id: seedPersonId('Robert Vance, Jr.') },
			{ name: 'The Viking', person_id: seedPersonId('Henrik Vass') },
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			bed
				.apiRequests()
				.map((r) => r.rawQuery)
				.sort(),
		).toEqual(['person_names_or_aliases=Robert%20Vance%2C%20Jr.', 'person_names_or_aliases=The%20Viking']);
	});

	test('more than 100 names go in several requests, matches in order', async () => {
		const names = Array.from({ length: 150 }, (_, i) => (i === 149 ? 'Jasper Quell' : `Nobody ${i}`));
		const { items } = await run('person', { operation: 'getByNames', namesOrAliases: names.join(',') });
		expect(items).toHaveLength(150);
		expect(items[149].json).toEqual({ name: 'Jasper Quell', person_id: seedPersonId('Jasper Quell') });
		expect(bed.apiRequests().map((r) => (r.query.person_names_or_aliases as string[]).length)).toEqual([100, 50]);
	});

	test('no names is refused before any request', async () => {
		const { error } = await run('person', { operation: 'getByNames', namesOrAliases: ' , ' });
		expect(error?.message).toBe('Invalid Names or Aliases in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Person: Update Aliases', () => {
	const getAva = async () => (await run('person', { operation: 'get', personId: byId(AVA) })).items[0].json;

	test('Replace sends the list as given; the change persists and look-ups follow it', async () => {
		const { items, error } = await run('person', {
			operation: 'updateAliases',
			personId: fromList(AVA),
			aliasesMode: 'replace',
			aliases: 'Queen of Noir, Marlowe',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: AVA, aliases: ['Queen of Noir', 'Marlowe'] });
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({ method: 'PUT', path: '/api/v0/celebrity-detection/person/aliases' });
		expect(sent.body).toEqual({ person_id: AVA, aliases: ['Queen of Noir', 'Marlowe'] });

		expect((await getAva()).aliases).toEqual(['Queen of Noir', 'Marlowe']);
		const lookup = await run('person', { operation: 'getByNames', namesOrAliases: 'queen of noir, The Marlowe' });
		expect(lookup.items.map((i) => i.json.person_id)).toEqual([AVA, null]);
	});

	test('Replace with no aliases removes every alias', async () => {
		await run('person', { operation: 'updateAliases', personId: byId(AVA), aliasesMode: 'replace', aliases: '' });
		expect(bed.apiRequests()[0].body).toEqual({ person_id: AVA, aliases: [] });
		expect((await getAva()).aliases).toEqual([]);
	});

	test('Add reads the person first and keeps what is there, without repeats', async () => {
		const { items } = await run('person', {
			operation: 'updateAliases',
			personId: byId(AVA),
			aliasesMode: 'add',
			aliases: 'the marlowe, Avie, Avie',
		});
		expect(items[0].json.aliases).toEqual(['The Marlowe', 'A. Marlowe', 'Avie']);
		expect(bed.apiRequests().map((r) => r.method)).toEqual(['GET', 'PUT']);
		expect(bed.apiRequests()[1].body).toEqual({ person_id: AVA, aliases: ['The Marlowe', 'A. Marlowe', 'Avie'] });
	});

	test('Remove drops the named aliases, ignoring case', async () => {
		const { items } = await run('person', {
			operation: 'updateAliases',
			personId: byId(AVA),
			aliasesMode: 'remove',
			aliases: '={{ ["the marlowe", "not there"] }}',
		});
		expect(items[0].json.aliases).toEqual(['A. Marlowe']);
		expect((await getAva()).aliases).toEqual(['A. Marlowe']);
	});

	test('Add or Remove with no aliases is refused before any request; an unknown person is a 404', async () => {
		const empty = await run('person', {
			operation: 'updateAliases',
			personId: byId(AVA),
			aliasesMode: 'remove',
			aliases: '',
		});
		expect(empty.error?.message).toBe('Invalid Aliases in item 0: it is empty');
		expect(empty.error?.description).toMatch(/Replace mode/);
		expect(bed.sandbox.requests).toHaveLength(0);

		const unknown = await run('person', {
			operation: 'updateAliases',
			personId: byId(UNKNOWN),
			aliasesMode: 'replace',
			aliases: 'x',
		});
		expect(unknown.error?.message).toBe('Person not found');
	});
});

describe('Face: Get Many', () => {
	test('by ID: one item per face, Limit trims, Return All gives every face', async () => {
		const all = await run('face', { operation: 'getMany', personId: byId(AVA), returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(3);
		expect(Object.keys(all.items[0].json).sort()).toEqual(['bbox', 'confidence', 'dataset_id', 'id', 'image_id']);
		expect(bed.apiRequests()[0].query).toEqual({ person_id: AVA });

		const limited = await run('face', { operation: 'getMany', personId: fromList(AVA), limit: 2 });
		expect(limited.items.map((i) => i.json)).toEqual(all.items.slice(0, 2).map((i) => i.json));
	});

	test('By Name looks the enrolled name up among the persons and sends its ID; an alias is no name', async () => {
		const { items } = await run('face', { operation: 'getMany', personId: byName('Ava Marlowe'), returnAll: true });
		expect(items).toHaveLength(3);
		expect(bed.apiRequests().map((r) => r.path)).toEqual([
			'/api/v0/celebrity-detection/persons',
			'/api/v0/celebrity-detection/faces-with-person',
		]);
		expect(bed.apiRequests()[1].query).toEqual({ person_id: AVA });

		const { error } = await run('face', { operation: 'getMany', personId: byName('The Marlowe') });
		expect(error?.message).toBe('Invalid Person in item 0: no person is named "The Marlowe"');
		expect(error?.description).toMatch(/choose the person From List or By ID/);
	});

	test('an empty name or a malformed ID is refused before any request', async () => {
		for (const personId of [byName('={{ $json.v }}'), byId('={{ $json.v }}')]) {
			const { error } = await run('face', { operation: 'getMany', personId }, [{ v: '  ' }]);
			expect(error?.message).toMatch(/^Invalid Person in item 0: /);
		}
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Image: Get Many Persons', () => {
	test('one item per image with the persons in it', async () => {
		const face = bed.sandbox.store.celebrity.faces.find((f) => f.personId === AVA)!;
		const { items, error } = await run('image', { operation: 'getPersons', imageId: byId(face.imageId) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json.persons).toEqual(
			expect.arrayContaining([expect.objectContaining({ id: AVA, bbox: face.bbox })]),
		);
	});

	test('404 names the image; a malformed ID is refused before any request', async () => {
		const unknown = await run('image', { operation: 'getPersons', imageId: byId(UNKNOWN) });
		expect(unknown.error?.message).toBe('Image not found');
		bed.sandbox.clearRequestLog();
		const malformed = await run('image', { operation: 'getPersons', imageId: byId('={{ $json.id }}') }, [
			{ id: 'img-1' },
		]);
		expect(malformed.error?.message).toBe('Invalid Image in item 0: "img-1" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Image: Identify Persons (ingest the URL, read persons in image, delete it)', () => {
	const { demoImages, demoVideos } = SEED_DATASET_IDS;
	/** The sandbox reads `celebrity:<name>;` markers off the source path of an ingested image. */
	const photoOf = (...names: string[]) =>
		`https://photos.example.com/party/${names.map((n) => `celebrity:${encodeURIComponent(n)};`).join('')}.jpg`;
	const identify = (parameters: Record<string, unknown> = {}) => ({
		operation: 'identify',
		datasetId: byId(demoImages),
		imageUrl: '={{ $json.url }}',
		options: { pollInterval: 0.1, waitTimeout: 20 },
		...parameters,
	});
	const assetAt = (path: string) => [...bed.sandbox.store.assets.values()].find((asset) => asset.path === path);

	beforeEach(() => {
		bed.sandbox.store.datasets.get(demoImages)!.config.celebrity_detection_enabled = true;
		bed.sandbox.store.ingestion.setStepMs(20);
	});

	test('ingests the image, waits, reads the persons in it and deletes it; no GET carries a body', async () => {
		const url = photoOf('Ava Marlowe', 'Dima');
		const { items, error } = await run('image', identify(), [{ url }]);
		expect(error).toBeUndefined();
		expect(items[0].json.persons).toEqual([
			expect.objectContaining({ id: AVA, name: 'Ava Marlowe' }),
			expect.objectContaining({ id: DIMA }),
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		const requests = bed.apiRequests();
		const steps = requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{24,36}/g, ':id')}`);
		expect(steps[0]).toBe('GET /api/v1/datasets/:id');
		expect(steps.slice(1, 3)).toEqual([
			'POST /api/v1/ingestion/datasets/:id/assets/status',
			'POST /api/v1/ingestion/images',
		]);
		expect(steps.slice(-2)).toEqual([
			'GET /api/v0/celebrity-detection/persons-in-image/:id',
			'POST /api/v0/delete/assets',
		]);
		expect(requests[2].body).toEqual({ dataset_id: demoImages, images: [{ source_path: url }] });
		const imageId = requests.at(-2)!.path.split('/').pop();
		expect(requests.at(-1)!.body).toEqual({
			dataset_id: demoImages,
			assets: [{ asset_type: 'image', identifier: imageId }],
		});
		expect(requests.filter((r) => r.method === 'GET').every((r) => r.body === null)).toBe(true);
		expect(assetAt(url)).toBeUndefined();
	});

	test('an image the dataset already holds is read as it is and left in place', async () => {
		const url = photoOf('Bruno Castellane');
		const ingested = await bed.harness.runNode({
			type: TYPES.ingestion,
			parameters: {
				resource: 'job',
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: { image: [{ sourcePath: url }] },
				waitForCompletion: true,
				pollInterval: 0.1,
			},
		});
		expect(ingested.error).toBeUndefined();
		expect(assetAt(url)?.status).toBe('completed');
		bed.sandbox.clearRequestLog();
		const { items, error } = await run('image', identify(), [{ url }]);
		expect(error).toBeUndefined();
		expect(items[0].json.persons).toEqual([expect.objectContaining({ id: BRUNO })]);
		expect(bed.apiRequests().map((r) => r.path)).not.toContain('/api/v1/ingestion/images');
		expect(bed.apiRequests().map((r) => r.path)).not.toContain('/api/v0/delete/assets');
		expect(assetAt(url)).toBeDefined();
	});

	test('a dataset without celebrity detection is refused before anything is ingested', async () => {
		const { error } = await run('image', identify({ datasetId: byId(SEED_DATASET_IDS.demoMixed) }), [
			{ url: photoOf('Ava Marlowe') },
		]);
		expect(error?.message).toMatch(/^Dataset ".+" cannot identify persons: it does not have celebrity detection on$/);
		expect(error?.description).toMatch(/celebrity detection enabled/);
		expect(bed.apiRequests().map((r) => r.method)).toEqual(['GET']);
	});

	test('a video-only or inactive dataset is refused before anything is ingested; a null status is not', async () => {
		const images = bed.sandbox.store.datasets.get(demoImages)!;
		const videos = bed.sandbox.store.datasets.get(demoVideos)!;
		videos.config.celebrity_detection_enabled = true;
		const refused = await run('image', identify({ datasetId: byId(demoVideos) }), [{ url: photoOf('Ava Marlowe') }]);
		expect(refused.error?.message).toBe(
			`Dataset "${videos.name}" cannot identify persons: it accepts only videos, not images`,
		);
		images.status = 'inactive';
		const inactive = await run('image', identify(), [{ url: photoOf('Ava Marlowe') }]);
		expect(inactive.error?.message).toBe(`Dataset "${images.name}" cannot identify persons: its status is inactive`);
		expect(bed.apiRequests().map((r) => r.method)).toEqual(['GET', 'GET']);

		// The document allows a dataset without a status: identified like an active one.
		images.status = null as never;
		const { items, error } = await run('image', identify(), [{ url: photoOf('Ava Marlowe') }]);
		expect(error).toBeUndefined();
		expect(items[0].json.persons).toEqual([expect.objectContaining({ name: 'Ava Marlowe' })]);
	});

	test('an image the service cannot ingest is explained by its error code, and deleted all the same', async () => {
		const url = 'https://photos.example.com/broken/party.jpg?X-Amz-Signature=very-secret-signature';
		const { error } = await run('image', identify(), [{ url }]);
		expect(error?.message).toMatch(
			/^The service could not ingest the image at https:\/\/photos\.example\.com\/broken\/party\.jpg: broken_url/,
		);
		expect(error?.description).toMatch(/public/);
		expect(`${error?.message} ${error?.description}`).not.toContain('very-secret-signature');
		expect(bed.apiRequests().at(-1)?.path).toBe('/api/v0/delete/assets');
		expect(assetAt(url)).toBeUndefined();
	});

	test('a job that does not settle in time fails with its status, and the image is deleted', async () => {
		bed.sandbox.clock.freeze();
		const url = photoOf('Ava Marlowe');
		const started = Date.now();
		const { error } = await run('image', identify({ options: { pollInterval: 0.2, waitTimeout: 1 } }), [{ url }]);
		expect(error?.message).toMatch(
			/^Ingesting the image at https:\/\/photos\.example\.com\/.+ did not finish within 1 seconds \(last status: pending, image pending\)$/,
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(bed.apiRequests().at(-1)?.path).toBe('/api/v0/delete/assets');
		expect(assetAt(url)).toBeUndefined();
	});

	test('a URL that is not http(s), or a bad poll interval, is refused before any request', async () => {
		for (const url of ['', 'photo.jpg', 'file:///etc/passwd']) {
			const { error } = await run('image', identify(), [{ url }]);
			expect(error?.message).toMatch(/^Invalid Image URL in item 0: /);
		}
		expect(bed.sandbox.requests).toHaveLength(0);
		const { error } = await run('image', identify({ datasetId: byId('={{ $json.id }}') }), [
			{ url: photoOf('Ava Marlowe'), id: 'nope' },
		]);
		expect(error?.message).toBe('Invalid Dataset in item 0: "nope" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: a bad item does not stop the others, pairing kept', async () => {
		const { items, error } = await run(
			'image',
			identify(),
			[{ url: photoOf('Rosa Valverde') }, { url: 'ftp://example.com/a.jpg' }, { url: photoOf('Rosa Valverde') }],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/^Invalid Image URL in item 1/);
		expect(items[0].json.persons).toEqual([expect.objectContaining({ id: seedPersonId('Rosa Valverde') })]);
		expect(items[2].json).toEqual(items[0].json);
	});
});

describe('lists for the locators', () => {
	test('searchPersons filters by name or alias, sorted by name, with inactive persons marked', async () => {
		const result = await bed.harness.runListSearch({ type, method: 'searchPersons', filter: 'mar' });
		expect(result.results).toEqual([
			{ name: 'Amara Nwosu', value: seedPersonId('Amara Nwosu') },
			{ name: 'Ava Marlowe', value: AVA },
			{ name: 'Umar Siddiqui', value: seedPersonId('Umar Siddiqui') },
		]);
		const byAlias = await bed.harness.runListSearch({ type, method: 'searchPersons', filter: 'VIKING' });
		expect(byAlias.results).toEqual([{ name: 'Henrik Vass', value: seedPersonId('Henrik Vass') }]);
		const all = await bed.harness.runListSearch({ type, method: 'searchPersons' });
		expect(all.results).toHaveLength(36);
		expect(all.results[0].name).toBe('Amara Nwosu');
		expect(all.results).toContainEqual({ name: 'Felix Arndt (draft)', value: seedPersonId('Felix Arndt') });
		expect(all.paginationToken).toBeUndefined();
		expect(bed.apiRequests().map((r) => r.query)).toContainEqual({
			page: '1',
			per_page: '100',
			sort_field: 'name',
			sort_direction: 'asc',
		});
	});

	test('searchPersons pages on with a token when there are more than 100 persons', async () => {
		enrollExtraPersons(150);
		const first = await bed.harness.runListSearch({ type, method: 'searchPersons' });
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('2');
		const second = await bed.harness.runListSearch({ type, method: 'searchPersons', paginationToken: '2' });
		expect(second.results).toHaveLength(86);
		expect(second.paginationToken).toBeUndefined();
	});

	test('searchPersonImages lists the images of matching persons', async () => {
		const result = await bed.harness.runListSearch({ type, method: 'searchPersonImages', filter: 'the marlowe' });
		const imageIds = bed.sandbox.store.celebrity.faces.filter((f) => f.personId === AVA).map((f) => f.imageId);
		expect(result.results).toEqual(imageIds.map((id) => ({ name: `Ava Marlowe: image ${id}`, value: id })));
	});
});

test('no secret reaches an output item, an error or a log line', async () => {
	await run('person', { operation: 'getMany', returnAll: true });
	await run('person', { operation: 'get', personId: byId(UNKNOWN) });
	bed.sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages)!.config.celebrity_detection_enabled = true;
	bed.sandbox.store.ingestion.setStepMs(0);
	await run('image', {
		operation: 'identify',
		datasetId: byId(SEED_DATASET_IDS.demoImages),
		imageUrl: 'https://photos.example.com/celebrity:Ava%20Marlowe;.jpg',
	});
	const text = visibleText(bed.harness.logs, bed.sandbox.requests);
	for (const secret of SECRETS) expect(text).not.toContain(secret);
});

describe('Identify Persons is never the default; as an AI tool a Limit of 10', () => {
	test('Image with no operation chosen runs Get Many Persons (no ingest)', async () => {
		const face = bed.sandbox.store.celebrity.faces.find((f) => f.personId === AVA)!;
		const current = await run('image', { imageId: byId(face.imageId) });
		expect(current.error).toBeUndefined();
		expect(current.items[0].json.persons).toEqual(expect.arrayContaining([expect.objectContaining({ id: AVA })]));
		expect(bed.apiRequests().map((r) => r.method)).toEqual(['GET']);
	});

	test('as an AI tool, Person › Get Many returns 10 by default; a workflow step keeps 50', async () => {
		enrollExtraPersons(30);
		const asTool = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'person', operation: 'getMany' },
		});
		expect(asTool.items).toHaveLength(10);
		expect((await run('person', { operation: 'getMany' })).items).toHaveLength(50);
	});
});
