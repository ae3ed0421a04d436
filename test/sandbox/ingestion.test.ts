/* Dev-only: the sandbox's ingestion routes behave like the service (shapes, codes, timeline, caps, orders). */
import { bucketObjectKeys } from '../../sandbox/connections/bucket';
import { SEED_BUCKET, SEED_CONNECTION_IDS, SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { DEFAULT_INGESTION_STEP_MS } from '../../sandbox/ingestion/state';
import { SEED_DATASET_IDS, startSandbox } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const STEP = 1000;
const { demoImages, demoVideos, demoMixed } = SEED_DATASET_IDS;

const CREATE_KEYS = [
	'connection_name',
	'created_dt',
	'dataset_id',
	'details',
	'errored_assets',
	'id',
	'job_type',
	'org_id',
	'processed_assets',
	'request_id',
	'request_type',
	'status',
	'total_assets',
	'updated_dt',
].sort();
const JOB_KEYS = [
	'connection_name',
	'created_dt',
	'dataset_id',
	'details',
	'error_details',
	'errored_assets',
	'file_path',
	'finished_dt',
	'id',
	'job_type',
	'org_id',
	'processed_assets',
	'request_id',
	'source_type',
	'started_dt',
	'status',
	'total_assets',
	'updated_dt',
].sort();

describe('ingestion routes', () => {
	const { sandbox, api } = useSandbox({ client: true });
	beforeEach(() => sandbox.clock.freeze());

	const ingestImages = (paths: string[], datasetId: string = demoImages) =>
		api.post('/api/v1/ingestion/images', {
			dataset_id: datasetId,
			images: paths.map((source_path) => ({ source_path })),
		});
	const statuses = async (datasetId: string, query = '') =>
		(await api.post(`/api/v1/ingestion/datasets/${datasetId}/assets/status${query}`)).body;

	describe('a job and its assets move along the clock', () => {
		it('pending → in_progress → completed, assets pending → in_progress → processing_started → completed', async () => {
			const created = await ingestImages(['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.png']);
			expect(created.status).toBe(200);
			expect(Object.keys(created.body).sort()).toEqual(CREATE_KEYS);
			const job = created.body;
			expect(job).toMatchObject({
				org_id: 'sandbox-demo-org',
				dataset_id: demoImages,
				job_type: 'assets',
				request_type: 'submit',
				status: 'pending',
				total_assets: 2,
				processed_assets: 0,
				errored_assets: 0,
				connection_name: null,
			});
			expect(job.id).toMatch(/^[0-9a-f]{24}$/);
			expect(job.details.assets.map((a: { asset: { source_path: string } }) => a.asset.source_path)).toEqual([
				'https://cdn.example.com/a.jpg',
				'https://cdn.example.com/b.png',
			]);
			const assetId = job.details.assets[0].asset_id;

			const seen: Array<[string, string]> = [];
			for (let step = 0; step <= 3; step++) {
				const got = (await api.get(`/api/v1/ingestion/jobs/${job.id}`)).body;
				const image = (await api.get(`/api/v1/ingestion/images/${assetId}/status`)).body.data;
				seen.push([got.status, image.status]);
				sandbox.clock.advance(STEP);
			}
			expect(seen).toEqual([
				['pending', 'pending'],
				['in_progress', 'in_progress'],
				['in_progress', 'processing_started'],
				['completed', 'completed'],
			]);
		});

		it('the finished job has its times, counts and per-asset details; the assets are in the shared store', async () => {
			const t0 = sandbox.clock.now();
			const { body: job } = await ingestImages(['https://cdn.example.com/a.jpg']);
			sandbox.clock.advance(3 * STEP);
			const got = (await api.get(`/api/v1/ingestion/jobs/${job.id}`)).body;
			expect(Object.keys(got).sort()).toEqual(JOB_KEYS);
			expect(got).toMatchObject({
				status: 'completed',
				source_type: 'image',
				file_path: null,
				created_dt: new Date(t0).toISOString(),
				started_dt: new Date(t0 + STEP).toISOString(),
				finished_dt: new Date(t0 + 3 * STEP).toISOString(),
				updated_dt: new Date(t0 + 3 * STEP).toISOString(),
				processed_assets: 1,
				errored_assets: 0,
				error_details: null,
			});
			const record = sandbox.store.assets.get(got.details.assets[0].asset_id);
			expect(record).toMatchObject({ status: 'completed', kind: 'image', datasetId: demoImages, ingestJobId: job.id });
			expect(record?.statusChangedAt).toBe(t0 + 3 * STEP);
		});

		it('a step of 0 ms settles a job at once; the control route sets the step and reset restores it', async () => {
			const timing = await send(sandbox.url, 'POST', '/__sandbox/ingestion/timing', { json: { stepMs: 0 } });
			expect(timing).toMatchObject({ status: 200, body: { stepMs: 0 } });
			const { body: job } = await ingestImages(['https://cdn.example.com/now.jpg']);
			expect(job.status).toBe('completed');
			sandbox.reset();
			expect(sandbox.store.ingestion.stepMs).toBe(DEFAULT_INGESTION_STEP_MS);
			const bad = await send(sandbox.url, 'POST', '/__sandbox/ingestion/timing', { json: { stepMs: -1 } });
			expect(bad.status).toBe(422);
		});

		it('startSandbox({ ingestionStepMs }) sets the step that reset restores', async () => {
			const fast = await startSandbox({ ingestionStepMs: 0 });
			try {
				fast.reset();
				expect(fast.store.ingestion.stepMs).toBe(0);
			} finally {
				await fast.close();
			}
		});
	});

	describe('asset errors carry the service error codes, deterministically from the path', () => {
		it.each([
			['https://cdn.example.com/broken/cat.jpg', 'image', 'broken_url'],
			['https://404.example.com/cat.jpg', 'image', 'broken_url'],
			['s3://bucket/missing/cat.jpg', 'image', 'file_not_found'],
			['s3://bucket/denied/cat.jpg', 'image', 'permission_denied'],
			['ftp://files.example.com/cat.jpg', 'image', 'unsupported_uri_scheme'],
			['https://cdn.example.com/cat.xyz', 'image', 'unsupported_format'],
			['https://cdn.example.com/clip.mp4', 'image', 'unsupported_format'],
			['www.example.com/my photo.jpg', 'image', 'broken_url'],
			['https://cdn.example.com/my photo.jpg', 'image', 'broken_url'],
		])('%s as %s → %s', async (path, assetType, code) => {
			const { body: job } = await api.post('/api/v1/ingestion/assets', {
				dataset_id: demoMixed,
				assets: [{ source_path: path, asset_type: assetType }],
			});
			sandbox.clock.advance(3 * STEP);
			const status = (await api.get(`/api/v1/ingestion/images/${job.details.assets[0].asset_id}/status`)).body.data;
			expect(status).toMatchObject({ status: 'error', error_code: code, source_path: path });
			expect(status.error_reason).toEqual(expect.any(String));
		});

		it('a path without a scheme is a path in the bucket of the connection the request names: it ingests', async () => {
			const { body: job } = await api.post('/api/v1/ingestion/images', {
				dataset_id: demoImages,
				connection_name: SEED_CONNECTION_NAMES.s3,
				images: [{ source_path: 'photos/cat.jpg' }],
			});
			sandbox.clock.advance(3 * STEP);
			const status = (await api.get(`/api/v1/ingestion/images/${job.details.assets[0].asset_id}/status`)).body.data;
			expect(status).toMatchObject({ status: 'completed', error_code: null, source_path: 'photos/cat.jpg' });
		});

		it('no extension and no type → unknown_content_type; a type the dataset does not allow → unsupported_source_type', async () => {
			const { body: job } = await api.post('/api/v1/ingestion/assets', {
				dataset_id: demoImages,
				assets: [{ source_path: 'https://cdn.example.com/blob' }, { source_path: 'https://cdn.example.com/clip.mp4' }],
			});
			sandbox.clock.advance(3 * STEP);
			const { data } = await statuses(demoImages, '?filter=error');
			expect(data.map((s: { error_code: string }) => s.error_code).sort()).toEqual([
				'unknown_content_type',
				'unsupported_source_type',
			]);
			const got = (await api.get(`/api/v1/ingestion/jobs/${job.id}`)).body;
			expect(got.details.assets.map((a: { error: string }) => a.error.split(':')[0])).toEqual([
				'unknown_content_type',
				'unsupported_source_type',
			]);
		});

		it('a job fails when every asset failed, with error details naming the codes; otherwise it completes', async () => {
			const { body: failed } = await ingestImages([
				'https://cdn.example.com/broken/1.jpg',
				'https://cdn.example.com/2.txt',
			]);
			const { body: partial } = await ingestImages([
				'https://cdn.example.com/broken/3.jpg',
				'https://cdn.example.com/4.jpg',
			]);
			sandbox.clock.advance(3 * STEP);
			const one = (await api.get(`/api/v1/ingestion/jobs/${failed.id}`)).body;
			expect(one).toMatchObject({
				status: 'failed',
				errored_assets: 2,
				processed_assets: 2,
				error_details: '2 of 2 assets failed: broken_url (1), unsupported_format (1)',
			});
			const two = (await api.get(`/api/v1/ingestion/jobs/${partial.id}`)).body;
			expect(two).toMatchObject({
				status: 'completed',
				errored_assets: 1,
				error_details: '1 of 2 assets failed: broken_url (1)',
			});
		});
	});

	describe('create routes', () => {
		it('images and videos answer 200; assets 200; a video gets its customer id from asset_identifier_key', async () => {
			const videos = await api.post('/api/v1/ingestion/videos', {
				dataset_id: demoVideos,
				videos: [{ source_path: 's3://media/clip-1.mp4', metadata: { external_id: 'spot-42', title: 'Spot' } }],
			});
			expect(videos.status).toBe(200);
			expect(videos.body).toMatchObject({
				job_type: 'assets',
				details: { assets: [{ asset: { asset_type: 'video' } }] },
			});
			const record = sandbox.store.assets.get(videos.body.details.assets[0].asset_id);
			expect(record).toMatchObject({ kind: 'video', externalId: 'spot-42', metadata: { title: 'Spot' } });
			const assets = await api.post('/api/v1/ingestion/assets', {
				dataset_id: demoMixed,
				assets: [{ source_path: 'https://x.example.com/a.jpg' }],
			});
			expect(assets.status).toBe(200);
			expect(assets.body.details.assets[0].asset.asset_type).toBe('unspecified');
		});

		it('refuses more than 100 assets per request with a 422 like pydantic', async () => {
			const assets = Array.from({ length: 101 }, (_, i) => ({ source_path: `https://cdn.example.com/${i}.jpg` }));
			const reply = await api.post('/api/v1/ingestion/assets', { dataset_id: demoImages, assets });
			expect(reply.status).toBe(422);
			expect(reply.body.detail).toEqual([
				{
					loc: ['body', 'assets'],
					msg: 'List should have at most 100 items after validation, not 101',
					type: 'too_long',
				},
			]);
			const ok = await api.post('/api/v1/ingestion/assets', { dataset_id: demoImages, assets: assets.slice(0, 100) });
			expect(ok.status).toBe(200);
		});

		it('validates bodies (uuid, required lists, metadata values) and answers 404 for an unknown or deleted dataset', async () => {
			const bad = await api.post('/api/v1/ingestion/images', {
				dataset_id: 'nope',
				images: [{ source_path: 1, metadata: { a: [1] } }],
			});
			expect(bad.status).toBe(422);
			expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'))).toEqual(
				expect.arrayContaining(['body.dataset_id', 'body.images.0.source_path', 'body.images.0.metadata.a']),
			);
			const unknown = await ingestImages(['https://cdn.example.com/a.jpg'], UNKNOWN_ID);
			expect(unknown).toMatchObject({ status: 404, body: { detail: 'Dataset not found' } });
			const archived = await ingestImages(['https://cdn.example.com/a.jpg'], SEED_DATASET_IDS.demoArchived);
			expect(archived.status).toBe(404);
		});

		it("bucket scan through a connection: 202, the connection bucket's media under the prefix, down to max_depth", async () => {
			const videoKeys = bucketObjectKeys(SEED_BUCKET).filter((key) => key.startsWith('videos/'));
			const reply = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoVideos,
				connection_name: SEED_CONNECTION_IDS.s3,
				path: 'videos/',
			});
			expect(reply.status).toBe(202);
			expect(reply.body).toMatchObject({
				job_type: 'bucket',
				connection_name: SEED_CONNECTION_NAMES.s3,
				total_assets: videoKeys.length,
				details: {
					path: `s3://${SEED_BUCKET}/videos/`,
					spec: { bucket: SEED_BUCKET, prefix: '/videos/', provider: 'aws' },
					max_depth: 0,
				},
			});
			const page = await api.get(`/api/v1/ingestion/jobs/${reply.body.id}/status?limit=100`);
			expect(page.body.data.assets.data.map((s: { source_path: string }) => s.source_path)).toEqual(
				videoKeys.map((key) => `s3://${SEED_BUCKET}/${key}`),
			);

			const thumbs = bucketObjectKeys(SEED_BUCKET).filter((key) => key.startsWith('images/thumbnails/'));
			const shallow = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoImages,
				connection_name: SEED_CONNECTION_NAMES.s3,
				spec: { bucket: SEED_BUCKET, prefix: '/images/thumbnails/' },
			});
			expect(shallow.body.total_assets).toBe(thumbs.length);
			const fromImages = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoImages,
				connection_name: SEED_CONNECTION_NAMES.s3,
				path: `s3://${SEED_BUCKET}/images/`,
				max_depth: 1,
			});
			expect(fromImages.body.total_assets).toBe(
				bucketObjectKeys(SEED_BUCKET).filter((key) => key.startsWith('images/')).length,
			);
		});

		it('bucket scan: unknown connection 404, a connection in error fails the job, max_depth 0–10, exactly one source', async () => {
			const unknown = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoImages,
				connection_name: 'no_such_conn',
				path: 'a/',
			});
			expect(unknown).toMatchObject({ status: 404, body: { detail: "Connection 'no_such_conn' not found" } });
			const broken = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoImages,
				connection_name: SEED_CONNECTION_NAMES.broken,
				path: 'a/',
			});
			expect(broken.body).toMatchObject({ status: 'pending', total_assets: null });
			sandbox.clock.advance(STEP);
			const failed = (await api.get(`/api/v1/ingestion/jobs/${broken.body.id}`)).body;
			expect(failed).toMatchObject({ status: 'failed', total_assets: null, processed_assets: 0 });
			expect(failed.error_details).toMatch(/^permission_denied: The connection 'demo_broken_bucket' is in error/);
			const deep = await api.post('/api/v1/ingestion/buckets', {
				dataset_id: demoImages,
				path: 's3://b/p/',
				max_depth: 11,
			});
			expect(deep.body.detail).toEqual([
				{ loc: ['body', 'max_depth'], msg: 'Input should be less than or equal to 10', type: 'less_than_equal' },
			]);
			const none = await api.post('/api/v1/ingestion/buckets', { dataset_id: demoImages });
			expect(none.body.detail[0]).toMatchObject({ loc: ['body'], type: 'value_error' });
		});

		it('file ingestion: 202, rows from the file, an unreadable file fails the job, an unknown type without file_type fails', async () => {
			const csv = await api.post('/api/v1/ingestion/files', {
				dataset_id: demoImages,
				source_path: 's3://bucket/lists/spring.csv',
			});
			expect(csv.status).toBe(202);
			expect(csv.body).toMatchObject({
				job_type: 'file',
				details: { file: { source_path: 's3://bucket/lists/spring.csv', file_type: 'unspecified' } },
			});
			expect(csv.body.total_assets).toBeGreaterThanOrEqual(3);
			const missing = await api.post('/api/v1/ingestion/files', {
				dataset_id: demoImages,
				source_path: 's3://bucket/missing.json',
			});
			const noType = await api.post('/api/v1/ingestion/files', {
				dataset_id: demoImages,
				source_path: 's3://bucket/list.txt',
			});
			const typed = await api.post('/api/v1/ingestion/files', {
				dataset_id: demoImages,
				source_path: 's3://bucket/list.txt',
				file_type: 'csv',
			});
			sandbox.clock.advance(3 * STEP);
			const job = async (id: string) => (await api.get(`/api/v1/ingestion/jobs/${id}`)).body;
			expect(await job(csv.body.id)).toMatchObject({
				status: 'completed',
				source_type: 'csv',
				file_path: 's3://bucket/lists/spring.csv',
			});
			expect((await job(missing.body.id)).error_details).toMatch(/^file_not_found: /);
			expect(await job(noType.body.id)).toMatchObject({
				status: 'failed',
				error_details: expect.stringMatching(/^unsupported_format: /),
			});
			expect((await job(typed.body.id)).status).toBe('completed');
		});

		it('metadata: 202; upsert, overwrite and remove apply to the named assets; unknown ones are invalid_assets', async () => {
			const [first, second] = [...sandbox.store.assets.values()].filter((a) => a.datasetId === demoImages);
			const upsert = await api.post('/api/v1/ingestion/metadata', {
				dataset_id: demoImages,
				update_type: 'upsert',
				update_assets: [
					{ asset_id: first.id, asset_type: 'image', metadata: { campaign: 'spring' } },
					{ source_path: second.path, asset_type: 'image', metadata: { campaign: 'fall' } },
					{ asset_id: UNKNOWN_ID, asset_type: 'image', metadata: { campaign: 'x' } },
				],
			});
			expect(upsert.status).toBe(202);
			expect(upsert.body).toMatchObject({ job_type: 'metadata', total_assets: 3 });
			expect(upsert.body.details.accepted.map((a: { asset_id: string }) => a.asset_id)).toEqual([first.id, second.id]);
			expect(upsert.body.details.invalid_assets).toEqual([
				{ asset_id: UNKNOWN_ID, source_path: null, asset_type: 'image', metadata: { campaign: 'x' } },
			]);
			expect(sandbox.store.assets.get(first.id)?.metadata).toMatchObject({
				topic: expect.any(String),
				campaign: 'spring',
			});
			await api.post('/api/v1/ingestion/metadata', {
				dataset_id: demoImages,
				update_type: 'remove',
				update_assets: [{ asset_id: first.id, asset_type: 'image', metadata: { campaign: '' } }],
			});
			expect(sandbox.store.assets.get(first.id)?.metadata.campaign).toBeUndefined();
			await api.post('/api/v1/ingestion/metadata', {
				dataset_id: demoImages,
				update_type: 'overwrite',
				update_assets: [{ asset_id: second.id, asset_type: 'image', metadata: { only: true } }],
			});
			expect(sandbox.store.assets.get(second.id)?.metadata).toEqual({ only: true });
			sandbox.clock.advance(3 * STEP);
			const got = (await api.get(`/api/v1/ingestion/jobs/${upsert.body.id}`)).body;
			expect(got).toMatchObject({
				status: 'completed',
				errored_assets: 1,
				error_details: '1 of 3 metadata updates failed: asset_metadata_error (1)',
			});
			const neither = await api.post('/api/v1/ingestion/metadata', { dataset_id: demoImages });
			expect(neither.body.detail[0]).toMatchObject({ loc: ['body'], type: 'value_error' });
			const noKey = await api.post('/api/v1/ingestion/metadata', {
				dataset_id: demoImages,
				update_assets: [{ asset_type: 'image' }],
			});
			expect(noKey.body.detail[0]).toMatchObject({ loc: ['body', 'update_assets', 0], type: 'value_error' });
		});
	});

	describe('POST /api/v0/delete/assets', () => {
		it('202; deletes by platform id or path; a deletion job per asset; deleted assets leave every status view', async () => {
			const images = [...sandbox.store.assets.values()].filter((a) => a.datasetId === demoImages);
			const reply = await api.post('/api/v0/delete/assets', {
				dataset_id: demoImages,
				assets: [
					{ asset_type: 'image', identifier: images[0].id },
					{ asset_type: 'image', identifier: images[1].path },
					{ asset_type: 'image', identifier: 'https://nowhere.example.com/x.jpg' },
				],
			});
			expect(reply.status).toBe(202);
			expect(reply.body).toMatchObject({ org_id: 'sandbox-demo-org', dataset_id: demoImages });
			expect(reply.body.assets.map((a: { identifier: string }) => a.identifier)).toEqual([
				images[0].id,
				images[1].path,
				'https://nowhere.example.com/x.jpg',
			]);
			for (const asset of reply.body.assets) expect(asset.delete_job_id).toMatch(/^[0-9a-f]{24}$/);
			expect(sandbox.store.assets.has(images[0].id)).toBe(false);
			expect(sandbox.store.assets.has(images[1].id)).toBe(false);
			expect((await api.get(`/api/v1/ingestion/datasets/${demoImages}/assets/status/count`)).body.data.completed).toBe(
				22,
			);
			const listed = (await statuses(demoImages)).data.map((s: { asset_id: string }) => s.asset_id);
			expect(listed).toHaveLength(22);
			expect(listed).not.toContain(images[0].id);
			expect((await api.get(`/api/v1/ingestion/images/${images[0].id}/status`)).body).toEqual({ data: [] });
		});

		it('an asset of the other type is not deleted; more than 100 assets → 422', async () => {
			const video = [...sandbox.store.assets.values()].find((a) => a.datasetId === demoMixed && a.kind === 'video');
			await api.post('/api/v0/delete/assets', {
				dataset_id: demoMixed,
				assets: [{ asset_type: 'image', identifier: video?.id }],
			});
			expect(sandbox.store.assets.has(video?.id as string)).toBe(true);
			const assets = Array.from({ length: 101 }, (_, i) => ({ asset_type: 'image', identifier: `p${i}` }));
			const reply = await api.post('/api/v0/delete/assets', { dataset_id: demoImages, assets });
			expect(reply.status).toBe(422);
			expect(reply.body.detail[0]).toMatchObject({ loc: ['body', 'assets'], type: 'too_long' });
		});
	});

	describe('status endpoints', () => {
		it('asset statuses: every field, filters, source path prefix, pages with meta, {data: []} when nothing matches', async () => {
			await ingestImages(['https://cdn.example.com/new/a.jpg', 'https://cdn.example.com/new/broken.jpg']);
			const all = await statuses(demoImages, '?limit=10');
			expect(all.meta.page).toEqual({ current_page: 1, last_page: 3, limit: 10, offset: 0, total: 26 });
			expect(Object.keys(all.data[0]).sort()).toEqual(
				[
					'asset_id',
					'asset_type',
					'dataset_id',
					'error_code',
					'error_reason',
					'latest_event',
					'source_path',
					'status',
				].sort(),
			);
			expect((await statuses(demoImages, '?filter=in_progress')).meta.page.total).toBe(2);
			expect(await statuses(demoImages, '?filter=error')).toEqual({ data: [] });
			sandbox.clock.advance(3 * STEP);
			expect(
				(await statuses(demoImages, '?filter=error')).data.map((s: { source_path: string }) => s.source_path),
			).toEqual(['https://cdn.example.com/new/broken.jpg']);
			expect((await statuses(demoImages, '?filter=completed')).meta.page.total).toBe(25);
			const byPath = await api.post(`/api/v1/ingestion/datasets/${demoImages}/assets/status`, {
				source_path: 'https://cdn.example.com/new/',
			});
			expect(byPath.body.meta.page.total).toBe(2);
			const withNull = await api.post(`/api/v1/ingestion/datasets/${demoImages}/assets/status?offset=20&limit=5`, null);
			expect(withNull.body.meta.page).toMatchObject({ current_page: 5, offset: 20, limit: 5, total: 26 });
			expect(withNull.body.data).toHaveLength(5);
			const badFilter = await api.post(`/api/v1/ingestion/datasets/${demoImages}/assets/status?filter=done&limit=0`);
			expect(badFilter.body.detail.map((d: { type: string }) => d.type)).toEqual(['enum', 'greater_than']);
			expect((await api.post(`/api/v1/ingestion/datasets/${UNKNOWN_ID}/assets/status`)).status).toBe(404);
		});

		it('lists the latest status change first, each with the time of that change', async () => {
			const t0 = sandbox.clock.now();
			const { body: early } = await ingestImages(['https://cdn.example.com/early.jpg']);
			sandbox.clock.advance(STEP);
			const { body: late } = await ingestImages(['https://cdn.example.com/late.jpg']);
			const firstTwo = (await statuses(demoImages, '?limit=2')).data;
			// early moved to in_progress at t0+STEP, late was received at t0+STEP: same time, the newer asset first.
			expect(
				firstTwo.map((s: { source_path: string; status: string; latest_event: { timestamp_dt: string } }) => [
					s.source_path,
					s.status,
					s.latest_event.timestamp_dt,
				]),
			).toEqual([
				['https://cdn.example.com/late.jpg', 'pending', new Date(t0 + STEP).toISOString()],
				['https://cdn.example.com/early.jpg', 'in_progress', new Date(t0 + STEP).toISOString()],
			]);
			sandbox.clock.advance(2 * STEP);
			const after = (await statuses(demoImages, '?limit=3')).data;
			expect(
				after.map((s: { source_path: string; status: string; latest_event: { event_type: string } }) => [
					s.source_path,
					s.status,
					s.latest_event.event_type,
				]),
			).toEqual([
				// both changed at t0+3·STEP: the newer asset first.
				['https://cdn.example.com/late.jpg', 'processing_started', 'processing_started'],
				['https://cdn.example.com/early.jpg', 'completed', 'completed'],
				[expect.stringMatching(/^s3:\/\/demo-bucket\/images\//), 'completed', 'completed'],
			]);
			expect(early.id).not.toBe(late.id);
		});

		it('count, summary and dataset ingestion status agree with the jobs', async () => {
			const { body: job } = await ingestImages(['https://cdn.example.com/a.jpg', 'https://cdn.example.com/404.jpg']);
			const count = async () =>
				(await api.get(`/api/v1/ingestion/datasets/${demoImages}/assets/status/count`)).body.data;
			expect(await count()).toEqual({
				pending: 2,
				in_progress: 0,
				received: 0,
				processing_started: 0,
				completed: 24,
				error: 0,
			});
			sandbox.clock.advance(2 * STEP);
			expect(await count()).toMatchObject({ pending: 0, processing_started: 2 });
			sandbox.clock.advance(STEP);
			expect(await count()).toMatchObject({ processing_started: 0, completed: 25, error: 1 });

			const summary = (
				await api.get(`/api/v1/ingestion/datasets/${demoImages}/assets/status/summary?filter=completed&limit=1`)
			).body;
			expect(summary.meta.page.total).toBe(25);
			expect(summary.data[0]).toEqual({
				status: 'completed',
				asset_id: job.details.assets[0].asset_id,
				dataset_id: demoImages,
				asset_type: 'image',
				source_path: 'https://cdn.example.com/a.jpg',
				ingestion_dt: new Date(sandbox.clock.now()).toISOString(),
			});
			const errors = (await api.get(`/api/v1/ingestion/datasets/${demoImages}/assets/status/summary?filter=error`))
				.body;
			expect(errors.data).toEqual([expect.objectContaining({ status: 'error', ingestion_dt: null })]);

			const datasetStatus = (await api.get(`/api/v1/ingestion/datasets/${demoImages}/status`)).body;
			expect(datasetStatus).toEqual({
				meta: { page: { current_page: 1, last_page: 1, limit: 100, offset: 0, total: 1 } },
				data: [{ status: 'completed', ingest_job_id: job.id, ingestion_dt: job.created_dt }],
			});
			expect((await api.get(`/api/v1/ingestion/datasets/${demoVideos}/status`)).body).toEqual({ data: [] });
		});

		it('image and video status: {data: Status}, or {data: []} for an unknown id or the other kind', async () => {
			const video = [...sandbox.store.assets.values()].find((a) => a.kind === 'video');
			const got = (await api.get(`/api/v1/ingestion/videos/${video?.id}/status`)).body;
			expect(got.data).toMatchObject({
				status: 'completed',
				asset_id: video?.id,
				asset_type: 'video',
				latest_event: { event_entity: 'video' },
			});
			expect((await api.get(`/api/v1/ingestion/images/${video?.id}/status`)).body).toEqual({ data: [] });
			expect((await api.get(`/api/v1/ingestion/images/${UNKNOWN_ID}/status`)).body).toEqual({ data: [] });
			expect((await api.get('/api/v1/ingestion/images/not-a-uuid/status')).status).toBe(422);
		});
	});

	describe('jobs', () => {
		it('GET one: a malformed id → 422, an unknown one → 404', async () => {
			const malformed = await api.get('/api/v1/ingestion/jobs/65F1A2B3C4D5E6F708192A3B');
			expect(malformed.status).toBe(422);
			expect(malformed.body.detail[0]).toMatchObject({
				loc: ['path', 'ingest_job_id'],
				type: 'string_pattern_mismatch',
			});
			const unknown = await api.get('/api/v1/ingestion/jobs/65f1a2b3c4d5e6f708192a3b');
			expect(unknown).toMatchObject({ status: 404, body: { detail: 'Ingest job not found' } });
		});

		it('list: {jobs} with no meta, the most recently changed first, dataset and status filters, offset/limit', async () => {
			const first = (await ingestImages(['https://cdn.example.com/1.jpg'])).body;
			sandbox.clock.advance(STEP / 2);
			const second = (await ingestImages(['https://cdn.example.com/2.jpg'])).body;
			const third = (
				await api.post('/api/v1/ingestion/videos', {
					dataset_id: demoVideos,
					videos: [{ source_path: 's3://m/3.mp4' }],
				})
			).body;
			const ids = async (query = '') =>
				(await api.get(`/api/v1/ingestion/jobs${query}`)).body.jobs.map((j: { id: string }) => j.id);
			expect(await ids()).toEqual([third.id, second.id, first.id]);
			sandbox.clock.advance(STEP / 2);
			// first started (updated now): it moves to the top.
			expect(await ids()).toEqual([first.id, third.id, second.id]);
			expect(await ids(`?dataset_id=${demoImages}`)).toEqual([first.id, second.id]);
			expect(await ids('?status=in_progress')).toEqual([first.id]);
			expect(await ids('?status=pending&offset=1&limit=1')).toEqual([second.id]);
			const listed = (await api.get('/api/v1/ingestion/jobs')).body;
			expect(Object.keys(listed)).toEqual(['jobs']);
			expect(Object.keys(listed.jobs[0]).sort()).toEqual(JOB_KEYS);
			const bad = await api.get('/api/v1/ingestion/jobs?status=done&dataset_id=x');
			expect(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
				'query.dataset_id',
				'query.status',
			]);
		});

		it('job status page: the job status and its assets, paged; deleted assets leave it', async () => {
			const { body: job } = await ingestImages([
				'https://cdn.example.com/a.jpg',
				'https://cdn.example.com/b.jpg',
				'https://cdn.example.com/c.jpg',
			]);
			const page = (await api.get(`/api/v1/ingestion/jobs/${job.id}/status?offset=1&limit=1`)).body;
			expect(page.data.status).toBe('pending');
			expect(page.data.assets.meta.page).toEqual({ current_page: 2, last_page: 3, limit: 1, offset: 1, total: 3 });
			expect(page.data.assets.data.map((s: { source_path: string }) => s.source_path)).toEqual([
				'https://cdn.example.com/b.jpg',
			]);
			await api.post('/api/v0/delete/assets', {
				dataset_id: demoImages,
				assets: [{ asset_type: 'image', identifier: 'https://cdn.example.com/b.jpg' }],
			});
			const after = (await api.get(`/api/v1/ingestion/jobs/${job.id}/status`)).body;
			expect(after.data.assets.data.map((s: { source_path: string }) => s.source_path)).toEqual([
				'https://cdn.example.com/a.jpg',
				'https://cdn.example.com/c.jpg',
			]);
		});
	});
});
