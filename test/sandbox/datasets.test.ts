import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { EXPECTED_DATASET_KEYS, send, useSandbox } from './helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('dataset routes', () => {
	const { sandbox, api, login } = useSandbox({ client: true });

	describe('POST /api/v1/datasets', () => {
		it('creates an active dataset with the schema defaults', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: 'new_set_1',
				encoder_name: 'multimodal-tx-large3',
			});

			expect(reply.status).toBe(200);
			expect(Object.keys(reply.body).sort()).toEqual(EXPECTED_DATASET_KEYS);
			expect(reply.body).toMatchObject({
				name: 'new_set_1',
				status: 'active',
				description: null,
				allowed_asset_types: ['image', 'video'],
				keyframe_sampling_method: 'intelligent',
				keyframe_uniform_fps_sampling_rate: null,
				store_original: true,
				store_preview: true,
				created_by: 'sandbox-demo-user',
				updated_dt: null,
				deleted_dt: null,
			});
			expect(reply.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
			expect(reply.body.encoders).toEqual([
				{
					id: expect.any(String),
					name: 'multimodal-tx-large3',
					modality: 'video',
					modalities: ['image', 'video'],
				},
			]);
			expect(reply.body.dataset_config).toMatchObject({
				embedding_id: { visual: reply.body.embeddings[0].id },
				encoder_name: { visual: 'multimodal-tx-large3' },
			});
		});

		it('keeps the values it is given and stamps the sandbox clock', async () => {
			sandbox.clock.advance(1000 * 3600 * 24 * 365);
			await login();
			const reply = await api.post('/api/v1/datasets', {
				name: 'Custom_Set',
				encoder_name: 'resnet-50',
				description: 'mine',
				allowed_asset_types: ['video'],
				keyframe_sampling_method: 'uniform',
				keyframe_uniform_fps_sampling_rate: 0.5,
				store_original: false,
				store_preview: false,
				metadata_fields_to_index: ['title'],
				dataset_config: {
					embedding_id: { visual: UNKNOWN_ID },
					encoder_name: { visual: 'ignored' },
					celebrity_detection_enabled: true,
				},
			});

			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				description: 'mine',
				allowed_asset_types: ['video'],
				keyframe_sampling_method: 'uniform',
				keyframe_uniform_fps_sampling_rate: 0.5,
				store_original: false,
				store_preview: false,
				metadata_fields_to_index: ['title'],
			});
			expect(reply.body.dataset_config.celebrity_detection_enabled).toBe(true);
			expect(reply.body.dataset_config.encoder_name).toEqual({ visual: 'resnet-50' });
			expect(Date.parse(reply.body.created_dt)).toBeGreaterThan(Date.now() + 1000 * 3600 * 24 * 364);
		});

		it('shows the new dataset in later reads', async () => {
			const created = await api.post('/api/v1/datasets', {
				name: 'later',
				encoder_name: 'resnet-50',
			});

			expect((await api.get(`/api/v1/datasets/${created.body.id}`)).body.name).toBe('later');
			expect((await api.get('/api/v1/datasets')).body.meta.page.total).toBe(4);
		});

		it('rejects a name outside [a-zA-Z0-9_]', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: 'bad name!',
				encoder_name: 'resnet-50',
			});

			expect(reply.status).toBe(422);
			expect(reply.body).toEqual({
				detail: [
					{
						loc: ['body', 'name'],
						msg: "String should match pattern '^[a-zA-Z0-9_]+$'",
						type: 'string_pattern_mismatch',
					},
				],
			});
		});

		it('rejects the sunset encoder multimodal with a message saying so', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: 'old_style',
				encoder_name: 'multimodal',
			});

			expect(reply.status).toBe(422);
			expect(reply.body.detail).toHaveLength(1);
			expect(reply.body.detail[0]).toMatchObject({
				loc: ['body', 'encoder_name'],
				type: 'value_error',
			});
			expect(reply.body.detail[0].msg).toMatch(/sunset.*2025-07-07/);
		});

		it('rejects an unknown encoder as an enum error', async () => {
			const reply = await api.post('/api/v1/datasets', { name: 'x', encoder_name: 'clip' });

			expect(reply.body.detail[0]).toMatchObject({ loc: ['body', 'encoder_name'], type: 'enum' });
		});

		it('lists every missing required field', async () => {
			const reply = await api.post('/api/v1/datasets', {});

			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([
				{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
				{ loc: ['body', 'encoder_name'], msg: 'Field required', type: 'missing' },
			]);
		});

		it('reports wrongly typed and out-of-range fields with their location', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: 'typed',
				encoder_name: 'resnet-50',
				allowed_asset_types: ['image', 'audio'],
				store_original: 'yes please',
				keyframe_uniform_fps_sampling_rate: 10,
			});

			expect(reply.body.detail).toEqual([
				{
					loc: ['body', 'allowed_asset_types', 1],
					msg: "Input should be 'image' or 'video'",
					type: 'enum',
				},
				{
					loc: ['body', 'keyframe_uniform_fps_sampling_rate'],
					msg: 'Input should be less than or equal to 5',
					type: 'less_than_equal',
				},
				{
					loc: ['body', 'store_original'],
					msg: 'Input should be a valid boolean',
					type: 'bool_type',
				},
			]);
		});

		it('answers 409 for a name that an active dataset already has', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: SEED_DATASET_NAMES.demoImages,
				encoder_name: 'resnet-50',
			});

			expect(reply.status).toBe(409);
			expect(reply.body).toEqual({ detail: expect.any(String) });
		});

		it('lets a new dataset reuse the name of a soft-deleted one', async () => {
			const reply = await api.post('/api/v1/datasets', {
				name: SEED_DATASET_NAMES.demoArchived,
				encoder_name: 'resnet-50',
			});

			expect(reply.status).toBe(200);
		});
	});

	describe('GET /api/v1/datasets/{dataset_id}', () => {
		it('returns a seed dataset', async () => {
			const reply = await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoVideos}`);

			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				id: SEED_DATASET_IDS.demoVideos,
				name: 'demo_videos',
				status: 'active',
				created_dt: '2026-03-15T12:30:00.000Z',
			});
		});

		it('accepts an upper-case id', async () => {
			const reply = await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoVideos.toUpperCase()}`);

			expect(reply.body.id).toBe(SEED_DATASET_IDS.demoVideos);
		});

		it('answers 404 for an unknown id', async () => {
			const reply = await api.get(`/api/v1/datasets/${UNKNOWN_ID}`);

			expect(reply.status).toBe(404);
			expect(reply.body).toEqual({ detail: 'Dataset not found' });
		});

		it('hides a soft-deleted dataset unless include_deleted=true', async () => {
			expect((await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoArchived}`)).status).toBe(404);

			const reply = await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoArchived}?include_deleted=true`);
			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				status: 'deleted',
				deleted_dt: '2026-02-01T11:00:00.000Z',
			});
		});

		it('answers 422 with uuid_parsing for a malformed id', async () => {
			const reply = await api.get('/api/v1/datasets/not-a-uuid?include_deleted=perhaps');

			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([
				{
					loc: ['path', 'dataset_id'],
					msg: expect.stringMatching(/^Input should be a valid UUID/),
					type: 'uuid_parsing',
				},
				{
					loc: ['query', 'include_deleted'],
					msg: 'Input should be a valid boolean, unable to interpret input',
					type: 'bool_parsing',
				},
			]);
		});
	});

	describe('PATCH /api/v1/datasets/{dataset_id}', () => {
		const path = `/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`;

		it('updates the given fields and the update stamps', async () => {
			sandbox.clock.advance(60_000);
			const reply = await api.patch(path, {
				name: 'renamed',
				status: 'inactive',
				store_preview: false,
				description: null,
			});

			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				name: 'renamed',
				status: 'inactive',
				store_preview: false,
				store_original: true,
				description: null,
				updated_by: 'sandbox-demo-user',
			});
			expect(Date.parse(reply.body.updated_dt)).toBeGreaterThan(Date.now() + 50_000);
			expect((await api.get(path)).body.name).toBe('renamed');
		});

		it("replaces the client part of dataset_config, given the dataset's own embedding and encoder maps", async () => {
			const own = (await api.get(`${path}/config`)).body;
			const reply = await api.patch(path, {
				dataset_config: {
					embedding_id: own.embedding_id,
					encoder_name: own.encoder_name,
					context_studio_enabled: true,
				},
			});

			expect(reply.status).toBe(200);
			expect(reply.body.dataset_config).toMatchObject({
				context_studio_enabled: true,
				encoder_name: { visual: 'multimodal-tx-large3' },
			});
			expect((await api.get(`${path}/config`)).body.context_studio_enabled).toBe(true);
		});

		it('refuses dataset_config with empty maps, or maps of another embedding', async () => {
			const empty = await api.patch(path, {
				dataset_config: { embedding_id: {}, encoder_name: {}, context_studio_enabled: true },
			});
			expect(empty.status).toBe(422);
			expect(empty.body.detail).toEqual([
				{ loc: ['body', 'dataset_config', 'embedding_id'], msg: 'Value error, must not be empty', type: 'value_error' },
				{ loc: ['body', 'dataset_config', 'encoder_name'], msg: 'Value error, must not be empty', type: 'value_error' },
			]);
			const own = (await api.get(`${path}/config`)).body;
			const other = await api.patch(path, {
				dataset_config: {
					embedding_id: { visual: '0f0e0d0c-0b0a-4908-8706-050403020100' },
					encoder_name: own.encoder_name,
				},
			});
			expect(other.status).toBe(422);
			expect(other.body.detail[0]).toMatchObject({
				loc: ['body', 'dataset_config', 'embedding_id'],
				type: 'value_error',
			});
			expect((await api.get(`${path}/config`)).body.context_studio_enabled).toBe(false);
		});

		it('accepts only active or inactive as status', async () => {
			const reply = await api.patch(path, { status: 'deleted' });

			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([
				{ loc: ['body', 'status'], msg: "Input should be 'active' or 'inactive'", type: 'enum' },
			]);
		});

		it('validates a new name', async () => {
			expect((await api.patch(path, { name: 'no-dashes' })).status).toBe(422);
			expect((await api.patch(path, { name: SEED_DATASET_NAMES.demoMixed })).status).toBe(409);
			expect((await api.patch(path, { name: SEED_DATASET_NAMES.demoImages })).status).toBe(200);
		});

		it('needs a body', async () => {
			const reply = await api.patch(path);

			expect(reply.body).toEqual({
				detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
			});
		});

		it('answers 404 for unknown and soft-deleted datasets', async () => {
			expect((await api.patch(`/api/v1/datasets/${UNKNOWN_ID}`, { name: 'x' })).status).toBe(404);
			expect((await api.patch(`/api/v1/datasets/${SEED_DATASET_IDS.demoArchived}`, { name: 'x' })).status).toBe(404);
		});
	});

	describe('DELETE /api/v1/datasets/{dataset_id}', () => {
		const path = `/api/v1/datasets/${SEED_DATASET_IDS.demoMixed}`;

		it('soft-deletes and returns the dataset', async () => {
			const reply = await api.delete(path);

			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				id: SEED_DATASET_IDS.demoMixed,
				status: 'deleted',
				deleted_by: 'sandbox-demo-user',
			});
			expect(reply.body.deleted_dt).toEqual(expect.any(String));

			expect((await api.get(path)).status).toBe(404);
			expect((await api.get(`${path}?include_deleted=1`)).body.status).toBe('deleted');
			expect((await api.get('/api/v1/datasets')).body.data.map((d: { id: string }) => d.id)).not.toContain(
				SEED_DATASET_IDS.demoMixed,
			);
		});

		it('answers 404 when deleting again', async () => {
			await api.delete(path);
			const reply = await api.delete(path);

			expect(reply.status).toBe(404);
			expect(reply.body).toEqual({ detail: 'Dataset not found' });
		});

		it('answers 422 for a malformed id', async () => {
			const reply = await api.delete('/api/v1/datasets/123');

			expect(reply.body.detail[0]).toMatchObject({
				loc: ['path', 'dataset_id'],
				type: 'uuid_parsing',
			});
		});
	});

	describe('GET /api/v1/datasets/{dataset_id}/config', () => {
		it('returns the DatasetConfigResponse shape', async () => {
			const reply = await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoMixed}/config`);

			expect(reply.status).toBe(200);
			expect(reply.body).toEqual({
				dataset_id: SEED_DATASET_IDS.demoMixed,
				embedding_id: { visual: expect.any(String) },
				encoder_name: { visual: 'multimodal-tx-large4' },
				hybrid_search: { weights: { visual: 0.7, metadata: 0.3 } },
				metadata_fields_to_embed: ['caption'],
				metadata_fields_to_index: null,
				new_video_data_model: true,
				celebrity_detection_enabled: false,
				context_studio_enabled: true,
				agentic_search_metadata_description: null,
				asset_identifier_key: null,
			});
		});

		it('follows include_deleted like the dataset read', async () => {
			const path = `/api/v1/datasets/${SEED_DATASET_IDS.demoArchived}/config`;

			expect((await api.get(path)).status).toBe(404);
			expect((await api.get(`${path}?include_deleted=true`)).body.dataset_id).toBe(SEED_DATASET_IDS.demoArchived);
			expect((await api.get(`/api/v1/datasets/${UNKNOWN_ID}/config`)).body).toEqual({
				detail: 'Dataset not found',
			});
		});
	});

	describe('GET /api/v1/encoders', () => {
		it('lists name and modality of every encoder except the sunset multimodal', async () => {
			const reply = await api.get('/api/v1/encoders');

			expect(reply.status).toBe(200);
			const names = reply.body.map((encoder: { name: string }) => encoder.name);
			expect(names).toEqual([
				'multimodal-tx-large2',
				'multimodal-tx-large3',
				'multimodal-tx-large4',
				'nova2-multimodal',
				'resnet-50',
				'resnet-50-reduced',
			]);
			for (const encoder of reply.body) {
				expect(Object.keys(encoder).sort()).toEqual(['modality', 'name']);
				expect(['image', 'video', 'audio_speech_to_text']).toContain(encoder.modality);
			}
		});

		it('needs a token like every API route', async () => {
			expect((await send(sandbox.url, 'GET', '/api/v1/encoders')).status).toBe(401);
		});
	});
});
