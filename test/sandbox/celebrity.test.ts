import { seedPersonId } from '../../sandbox/celebrity/model';
import { jpegOfSize, jpegWithMarkers } from '../../sandbox/celebrity/fixtures';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

const BASE = '/api/v0/celebrity-detection';
const AVA = seedPersonId('Ava Marlowe');
const DRAFT = seedPersonId('Felix Arndt'); // enrolled, status draft
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';

const PERSON_KEYS = [
	'aliases',
	'created_dt',
	'created_user_id',
	'id',
	'ingested_images',
	'name',
	'status',
	'upload_ids',
];

describe('celebrity detection routes', () => {
	const { sandbox, api, login } = useSandbox({ client: true });
	const get = (path: string) => send(sandbox.url, 'GET', `${BASE}${path}`, { token: api.token });
	const getWithBody = (path: string, json: unknown) =>
		send(sandbox.url, 'GET', `${BASE}${path}`, { token: api.token, json });
	const put = (path: string, json: unknown) => send(sandbox.url, 'PUT', `${BASE}${path}`, { token: api.token, json });
	const identifyImage = (bytes: Buffer) => getWithBody('/identify', { image: bytes.toString('base64') });

	test('every route wants a bearer token', async () => {
		const reply = await send(sandbox.url, 'GET', `${BASE}/persons`);
		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Not authenticated' });
	});

	describe('GET /persons', () => {
		test('pages of 25 by default, in enrollment order, with page meta and has_next_page inside meta', async () => {
			const first = await get('/persons');
			expect(first.status).toBe(200);
			expect(first.body.meta).toEqual({ page: { page: 1, per_page: 25 }, has_next_page: true });
			expect(first.body.sort).toBeNull();
			expect(first.body.data).toHaveLength(25);
			expect(Object.keys(first.body.data[0]).sort()).toEqual(PERSON_KEYS);
			expect(first.body.data[0]).toMatchObject({
				id: AVA,
				name: 'Ava Marlowe',
				aliases: ['The Marlowe', 'A. Marlowe'],
				status: 'active',
			});

			const second = await get('/persons?page=2');
			expect(second.body.meta).toEqual({ page: { page: 2, per_page: 25 }, has_next_page: false });
			expect(second.body.data).toHaveLength(11);
			const ids = [...first.body.data, ...second.body.data].map((p: { id: string }) => p.id);
			expect(new Set(ids).size).toBe(36);

			const beyond = await get('/persons?page=9');
			expect(beyond.body).toMatchObject({ data: [], meta: { has_next_page: false } });
		});

		test('sorts by a field and direction and echoes the sort', async () => {
			const reply = await get('/persons?per_page=3&sort_field=name&sort_direction=desc');
			expect(reply.body.data.map((p: { name: string }) => p.name)).toEqual([
				'Zoe Achterberg',
				'Yusuf Demir',
				'Xenia Petrakis',
			]);
			expect(reply.body.sort).toEqual([{ field: 'name', direction: 'desc' }]);
		});

		test.each([
			['per_page=0', 'per_page', 'greater_than_equal'],
			['per_page=101', 'per_page', 'less_than_equal'],
			['page=0', 'page', 'greater_than_equal'],
			['page=x', 'page', 'int_parsing'],
			['sort_field=shoe_size', 'sort_field', 'enum'],
			['sort_direction=up', 'sort_direction', 'enum'],
		])('%s → 422 at query.%s (%s)', async (query, field, type) => {
			const reply = await get(`/persons?${query}`);
			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([expect.objectContaining({ loc: ['query', field], type })]);
		});
	});

	describe('GET /person/{person_id}', () => {
		test('answers the person with the images its faces are in', async () => {
			const reply = await get(`/person/${AVA.toUpperCase()}`);
			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				id: AVA,
				created_user_id: 'sandbox-demo-user',
				created_dt: '2026-02-01T10:00:00.000Z',
			});
			expect(reply.body.ingested_images.length).toBeGreaterThan(0);
			for (const image of reply.body.ingested_images) {
				expect(sandbox.store.assets.get(image.coactive_image_id)?.datasetId).toBe(image.dataset_id);
			}
			expect(reply.body.upload_ids).toEqual([
				expect.stringMatching(/^upload-[0-9a-f]{24}$/),
				expect.stringMatching(/^upload-/),
			]);
		});

		test('404 for an unknown person, 422 for a malformed ID', async () => {
			expect(await get(`/person/${UNKNOWN}`)).toMatchObject({ status: 404, body: { detail: 'Person not found' } });
			const malformed = await get('/person/not-a-uuid');
			expect(malformed.status).toBe(422);
			expect(malformed.body.detail[0]).toMatchObject({ loc: ['path', 'person_id'], type: 'uuid_parsing' });
		});
	});

	describe('GET /faces-with-person', () => {
		test('by ID or by name (ignoring case) gives the same faces', async () => {
			const byId = await get(`/faces-with-person?person_id=${AVA}`);
			const byName = await get('/faces-with-person?person_name=ava%20MARLOWE');
			expect(byId.status).toBe(200);
			expect(byId.body.faces.length).toBe(3);
			expect(byName.body).toEqual(byId.body);
			const face = byId.body.faces[0];
			expect(Object.keys(face).sort()).toEqual(['bbox', 'confidence', 'dataset_id', 'id', 'image_id']);
			expect(face.bbox.x2).toBeGreaterThan(face.bbox.x1);
			expect(face.confidence).toBeGreaterThanOrEqual(0.8);
		});

		test('a face disappears with its image', async () => {
			const before = await get(`/faces-with-person?person_id=${AVA}`);
			sandbox.store.assets.delete(before.body.faces[0].image_id);
			const after = await get(`/faces-with-person?person_id=${AVA}`);
			expect(after.body.faces).toEqual(before.body.faces.slice(1));
		});

		test('an alias is not a name; unknown → 404; neither parameter → 400', async () => {
			expect(await get('/faces-with-person?person_name=The%20Marlowe')).toMatchObject({
				status: 404,
				body: { detail: 'Person not found' },
			});
			expect(await get(`/faces-with-person?person_id=${UNKNOWN}`)).toMatchObject({ status: 404 });
			expect(await get('/faces-with-person')).toMatchObject({
				status: 400,
				body: { detail: 'Either person_id or person_name must be given' },
			});
			expect((await get('/faces-with-person?person_id=nope')).status).toBe(422);
		});
	});

	describe('GET /persons/by-names-and-aliases', () => {
		test('one match per value, in order: names, aliases (any case), null when nobody matches', async () => {
			const reply = await get(
				'/persons/by-names-and-aliases?person_names_or_aliases=dima&person_names_or_aliases=Ava%20Marlowe&person_names_or_aliases=Nobody',
			);
			expect(reply.status).toBe(200);
			expect(reply.body).toEqual({
				matches: [
					{ name: 'dima', person_id: seedPersonId('Dmitri Volkanov') },
					{ name: 'Ava Marlowe', person_id: AVA },
					{ name: 'Nobody', person_id: null },
				],
			});
		});

		test('the list is required and read from repeated keys only (bracketed keys are ignored)', async () => {
			for (const query of ['', '?person_names_or_aliases[0]=Dima', '?person_names_or_aliases[]=Dima']) {
				const reply = await get(`/persons/by-names-and-aliases${query}`);
				expect(reply.status).toBe(422);
				expect(reply.body.detail).toEqual([
					{ loc: ['query', 'person_names_or_aliases'], msg: 'Field required', type: 'missing' },
				]);
			}
		});
	});

	describe('GET /persons-in-image/{image_id}', () => {
		test('the active persons whose faces are in a seeded image, with their boxes', async () => {
			const faces = (await get(`/faces-with-person?person_id=${AVA}`)).body.faces;
			const reply = await get(`/persons-in-image/${faces[0].image_id}`);
			expect(reply.status).toBe(200);
			expect(reply.body.persons).toEqual(
				expect.arrayContaining([
					{ id: AVA, name: 'Ava Marlowe', aliases: ['The Marlowe', 'A. Marlowe'], bbox: faces[0].bbox },
				]),
			);
		});

		test('an image nobody is in → []; unknown image or a video → 404', async () => {
			const withFaces = new Set(sandbox.store.celebrity.faces.map((face) => face.imageId));
			const empty = [...sandbox.store.assets.values()].find(
				(asset) => asset.kind === 'image' && !withFaces.has(asset.id),
			);
			expect(empty).toBeDefined();
			expect((await get(`/persons-in-image/${empty!.id}`)).body).toEqual({ persons: [] });
			expect(await get(`/persons-in-image/${UNKNOWN}`)).toMatchObject({
				status: 404,
				body: { detail: 'Image not found' },
			});
			const video = [...sandbox.store.assets.values()].find((asset) => asset.datasetId === SEED_DATASET_IDS.demoVideos);
			expect((await get(`/persons-in-image/${video!.id}`)).status).toBe(404);
		});
	});

	describe('GET /identify (JSON body on a GET)', () => {
		test('markers in the image name the persons found; non-active persons are never found', async () => {
			const reply = await identifyImage(jpegWithMarkers(['Bruno Castellane', 'dima', 'Felix Arndt', 'Nobody']));
			expect(reply.status).toBe(200);
			expect(reply.body.persons.map((p: { name: string }) => p.name)).toEqual(['Bruno Castellane', 'Dmitri Volkanov']);
			expect(Object.keys(reply.body.persons[0]).sort()).toEqual(['aliases', 'bbox', 'id', 'name']);
			expect(reply.body.persons.some((p: { id: string }) => p.id === DRAFT)).toBe(false);
		});

		test('the same bytes always give the same answer, markers or not', async () => {
			for (const image of [jpegWithMarkers(['Ava Marlowe']), jpegWithMarkers([], 'holiday photo 17')]) {
				const first = await identifyImage(image);
				const second = await identifyImage(image);
				expect(first.status).toBe(200);
				expect(second.body).toEqual(first.body);
			}
			// Without markers the hash picks 0–2 persons; across several images every count shows up.
			const counts = new Set<number>();
			for (let n = 0; n < 20; n++)
				counts.add((await identifyImage(jpegWithMarkers([], `photo ${n}`))).body.persons.length);
			expect([...counts].sort()).toEqual([0, 1, 2]);
		});

		test.each([
			['a missing body', undefined, ['body'], 'missing'],
			['no image field', {}, ['body', 'image'], 'missing'],
			['an empty image', { image: '' }, ['body', 'image'], 'value_error'],
			['text that is not base64', { image: 'not base64!' }, ['body', 'image'], 'value_error'],
			[
				'a PNG',
				{ image: Buffer.from('\x89PNG\r\n\x1a\nrest', 'latin1').toString('base64') },
				['body', 'image'],
				'value_error',
			],
		])('%s → 422', async (_label, json, loc, type) => {
			const reply = await getWithBody('/identify', json);
			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([expect.objectContaining({ loc, type })]);
		});

		test('15 MB is accepted, one byte more is not', async () => {
			const limit = 15 * 1024 * 1024;
			expect((await identifyImage(jpegOfSize(limit, ['Ava Marlowe']))).body.persons[0].id).toBe(AVA);
			const over = await identifyImage(jpegOfSize(limit + 1));
			expect(over.status).toBe(422);
			expect(over.body.detail[0].msg).toBe('Value error, image is larger than 15 MB');
		});
	});

	describe('PUT /person/aliases', () => {
		test('replaces the aliases; Get, look-ups and identify see the change; reset restores the seed', async () => {
			const reply = await put('/person/aliases', { person_id: AVA, aliases: ['Queen of Noir'] });
			expect(reply.status).toBe(200);
			expect(Object.keys(reply.body).sort()).toEqual(PERSON_KEYS);
			expect(reply.body.aliases).toEqual(['Queen of Noir']);
			expect((await get(`/person/${AVA}`)).body.aliases).toEqual(['Queen of Noir']);
			const lookup = await get(
				'/persons/by-names-and-aliases?person_names_or_aliases=queen%20of%20noir&person_names_or_aliases=The%20Marlowe',
			);
			expect(lookup.body.matches).toEqual([
				{ name: 'queen of noir', person_id: AVA },
				{ name: 'The Marlowe', person_id: null },
			]);
			expect((await identifyImage(jpegWithMarkers(['Queen of Noir']))).body.persons[0].id).toBe(AVA);

			sandbox.reset();
			await login();
			expect((await get(`/person/${AVA}`)).body.aliases).toEqual(['The Marlowe', 'A. Marlowe']);
		});

		test('an omitted or null list changes nothing; an empty list removes every alias', async () => {
			expect((await put('/person/aliases', { person_id: AVA })).body.aliases).toEqual(['The Marlowe', 'A. Marlowe']);
			expect((await put('/person/aliases', { person_id: AVA, aliases: null })).body.aliases).toEqual([
				'The Marlowe',
				'A. Marlowe',
			]);
			expect((await put('/person/aliases', { person_id: AVA, aliases: [] })).body.aliases).toEqual([]);
		});

		test('404 for an unknown person, 422 for a missing or malformed person_id or non-string aliases', async () => {
			expect(await put('/person/aliases', { person_id: UNKNOWN, aliases: [] })).toMatchObject({
				status: 404,
				body: { detail: 'Person not found' },
			});
			const missing = await put('/person/aliases', { aliases: ['x'] });
			expect(missing.body.detail).toEqual([{ loc: ['body', 'person_id'], msg: 'Field required', type: 'missing' }]);
			const wrong = await put('/person/aliases', { person_id: 'x', aliases: [1] });
			expect(wrong.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
				['body', 'person_id'],
				['body', 'aliases', 0],
			]);
		});
	});
});
