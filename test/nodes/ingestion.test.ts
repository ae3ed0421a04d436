/* Dev-only: the Ingestion node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { bucketObjectKeys } from '../../sandbox/connections/bucket';
import { SEED_BUCKET, SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { SECRETS, TYPES, useTestBed, visibleText } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.ingestion;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';
const { demoImages, demoVideos, demoMixed } = SEED_DATASET_IDS;
const JOB_ID = /^[0-9a-f]{24}$/;

const run = (
	resource: string,
	parameters: Record<string, unknown>,
	inputItems?: IDataObject[],
	continueOnFail = false,
) =>
	// Version 1 (every asset sent, items as they were): saved workflows keep running so. Version 1.1's Already in
	// Dataset: test/nodes/ingestion-existing.test.ts.
	bed.harness.runNode({ type, typeVersion: 1, parameters: { resource, ...parameters }, inputItems, continueOnFail });

const posts = (path: string) => bed.apiRequests().filter((r) => r.method === 'POST' && r.path === path);
const jobGets = () =>
	bed.apiRequests().filter((r) => r.method === 'GET' && /^\/api\/v1\/ingestion\/jobs\/[0-9a-f]{24}$/.test(r.path));

/** A job in the sandbox settles after three steps; tests that wait use short steps, others a frozen clock. */
const fastJobs = (stepMs = 50) => bed.sandbox.store.ingestion.setStepMs(stepMs);

const oneAsset = (sourcePath: string, extra: Record<string, unknown> = {}) => ({ asset: [{ sourcePath, ...extra }] });

describe('Job: Create From Assets', () => {
	test('sends one request with the assets, their types and metadata; returns one item per asset, paired to its row', async () => {
		const { items, error } = await run('job', {
			operation: 'createFromAssets',
			datasetId: fromList(demoMixed),
			assets: {
				asset: [
					{
						sourcePath: 'https://cdn.example.com/a.jpg',
						assetType: 'image',
						metadataInput: 'json',
						metadata: '{"campaign": "spring", "year": 2026}',
					},
					{
						sourcePath: ' https://cdn.example.com/b.mp4 ',
						assetType: 'unspecified',
						metadataInput: 'json',
						metadata: '{}',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets').map((r) => r.body)).toEqual([
			{
				dataset_id: demoMixed,
				assets: [
					{
						source_path: 'https://cdn.example.com/a.jpg',
						asset_type: 'image',
						metadata: { campaign: 'spring', year: 2026 },
					},
					{ source_path: 'https://cdn.example.com/b.mp4' },
				],
			},
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		const [job] = bed.sandbox.store.ingestion.jobs.values();
		expect(items.map((item) => item.json)).toEqual(
			['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.mp4'].map((source_path, i) => ({
				asset_id: job.assets[i].assetId,
				source_path,
				status: 'pending',
				error_code: null,
				error_reason: null,
				dataset_id: demoMixed,
				ingest_job_id: job.id,
				job_status: 'pending',
			})),
		);
		expect(jobGets()).toHaveLength(0);
	});

	test('JSON input from an expression, with a connection', async () => {
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoMixed),
				inputMode: 'json',
				assetsJson: '={{ $json.assets }}',
				options: { connection: fromList(SEED_CONNECTION_NAMES.s3) },
			},
			[
				{
					assets: [
						{
							source_path: 's3://demo-media-bucket/videos/video_001.mp4',
							asset_type: 'video',
							metadata: { title: 'One' },
						},
					],
				},
			],
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets')[0].body).toEqual({
			dataset_id: demoMixed,
			connection_name: SEED_CONNECTION_NAMES.s3,
			assets: [
				{ source_path: 's3://demo-media-bucket/videos/video_001.mp4', asset_type: 'video', metadata: { title: 'One' } },
			],
		});
		expect(items[0].json).toMatchObject({
			source_path: 's3://demo-media-bucket/videos/video_001.mp4',
			dataset_id: demoMixed,
		});
	});

	test('Combine Items: 1,000 single-asset items take exactly 10 requests; each item gets its job, paired to it', async () => {
		const inputItems = Array.from({ length: 1000 }, (_, i) => ({ url: `https://cdn.example.com/batch/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoImages),
				assets: oneAsset('={{ $json.url }}'),
				options: { combineItems: true },
			},
			inputItems,
		);
		expect(error).toBeUndefined();
		const requests = posts('/api/v1/ingestion/assets');
		expect(requests).toHaveLength(Math.ceil(1000 / 100));
		expect(requests.map((r) => (r.body as { assets: unknown[] }).assets.length)).toEqual(Array(10).fill(100));
		const jobIds = [...bed.sandbox.store.ingestion.jobs.values()]
			.sort((a, b) => a.sequence - b.sequence)
			.map((job) => job.id);
		expect(items).toHaveLength(1000);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.ingest_job_id).toBe(jobIds[Math.floor(i / 100)]);
			expect(item.json.source_path).toBe(`https://cdn.example.com/batch/${i}.jpg`);
		});
		expect(bed.sandbox.store.assets.size).toBe(36 + 1000);
	});

	test('without Combine Items: one request per item, and an item of 250 assets is split into 3 jobs, each asset its own item', async () => {
		const many = Array.from({ length: 250 }, (_, i) => ({ source_path: `https://cdn.example.com/many/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoImages),
				inputMode: 'json',
				assetsJson: '={{ $json.assets }}',
				options: { combineItems: false },
			},
			[{ assets: [{ source_path: 'https://cdn.example.com/one.jpg' }] }, { assets: many }],
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets').map((r) => (r.body as { assets: unknown[] }).assets.length)).toEqual([
			1, 100, 100, 50,
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, ...many.map(() => ({ item: 1 }))]);
		const assets = items.slice(1).map((item) => item.json);
		expect(assets.map((asset) => asset.source_path)).toEqual(many.map((asset) => asset.source_path));
		expect(new Set(assets.map((asset) => asset.ingest_job_id)).size).toBe(3);
		expect(assets.map((asset) => asset.ingest_job_id)).not.toContain(items[0].json.ingest_job_id);
	});

	test('Combine Items groups by dataset and keeps the output in input order', async () => {
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId('={{ $json.dataset }}'),
				assets: oneAsset('={{ $json.url }}'),
				options: { combineItems: true },
			},
			[
				{ dataset: demoImages, url: 'https://cdn.example.com/1.jpg' },
				{ dataset: demoMixed, url: 'https://cdn.example.com/2.jpg' },
				{ dataset: demoImages, url: 'https://cdn.example.com/3.jpg' },
			],
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets').map((r) => r.body)).toEqual([
			{
				dataset_id: demoImages,
				assets: [{ source_path: 'https://cdn.example.com/1.jpg' }, { source_path: 'https://cdn.example.com/3.jpg' }],
			},
			{ dataset_id: demoMixed, assets: [{ source_path: 'https://cdn.example.com/2.jpg' }] },
		]);
		expect(items.map((i) => [i.pairedItem, i.json.dataset_id, i.json.source_path])).toEqual([
			[{ item: 0 }, demoImages, 'https://cdn.example.com/1.jpg'],
			[{ item: 1 }, demoMixed, 'https://cdn.example.com/2.jpg'],
			[{ item: 2 }, demoImages, 'https://cdn.example.com/3.jpg'],
		]);
		expect(items[0].json.ingest_job_id).toBe(items[2].json.ingest_job_id);
	});

	const fromJson = {
		assets: oneAsset('={{ $json.url }}', { metadataInput: 'json', metadata: '={{ $json.metadata }}' }),
		options: { options: { combineItems: true }, connection: byName('={{ $json.connection }}') },
	};
	const good = {
		url: 'https://x.example.com/ok.jpg',
		metadata: '{}',
		connection: '',
		assets: [{ source_path: 'https://x.example.com/ok.jpg' }],
		poll: 1,
	};
	test.each([
		[{}, { url: '' }, 'Invalid Source Path in item 1: it is empty'],
		[
			{},
			{ url: 'www.example.com/my photo.jpg' },
			'Invalid Source Path in item 1: "www.example.com/my photo.jpg" is not an http or https URL',
		],
		[
			{},
			{ url: 'https://www.example.com/my photo.jpg' },
			'Invalid Source Path in item 1: "https://www.example.com/my photo.jpg" has a space in it',
		],
		[
			{ inputMode: 'json', assetsJson: '={{ $json.assets }}' },
			{ assets: [{ source_path: 'a.jpg' }] },
			'Invalid Assets (JSON) in item 1: "a.jpg" is not an http or https URL',
		],
		[{}, { metadata: '{"tags": ["a"]}' }, 'Invalid Metadata (JSON) in item 1: the field "tags" holds a list'],
		[{}, { metadata: '[1]' }, 'Invalid Metadata (JSON) in item 1: it is a list, not a JSON object'],
		[
			{ inputMode: 'json', assetsJson: '={{ $json.assets }}' },
			{ assets: [{ sourcePath: 'a.jpg' }] },
			'Invalid Assets (JSON) in item 1: entry 0 has unknown field "sourcePath"',
		],
		[
			{ inputMode: 'json', assetsJson: '={{ $json.assets }}' },
			{ assets: [{ source_path: 'https://x.example.com/a.jpg', asset_type: 'audio' }] },
			'Invalid Assets (JSON) in item 1: entry 0 has asset_type "audio"',
		],
		[
			{ inputMode: 'json', assetsJson: '={{ $json.assets }}' },
			{ assets: [] },
			'Invalid Assets in item 1: there are no assets',
		],
		[
			{},
			{ connection: 'Bad Name' },
			'Invalid Connection in item 1: "Bad Name" has characters other than lowercase letters, digits and underscores',
		],
		[
			{ waitForCompletion: true, pollInterval: '={{ $json.poll }}' },
			{ poll: 0 },
			'Invalid Poll Interval in item 1: "0" is out of range',
		],
	])('refuses a bad item before any request (%#)', async (parameters, bad, message) => {
		const { error } = await run(
			'job',
			{ operation: 'createFromAssets', datasetId: byId(demoImages), ...fromJson, ...parameters },
			[good, { ...good, ...bad }],
		);
		expect(error?.message).toBe(message);
		expect(error?.context?.itemIndex).toBe(1);
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('without a Connection every input mode refuses a source path the service cannot download, with the same words', async () => {
		const url = 'www.example.com/my photo.jpg';
		const modes = [
			[{ assets: oneAsset('={{ $json.url }}') }, 'Source Path'],
			[{ inputMode: 'json', assetsJson: '={{ [{ source_path: $json.url }] }}' }, 'Assets (JSON)'],
			[{ inputMode: 'itemFields', sourcePathField: 'url' }, 'Source Path Field ("url")'],
		] as const;
		for (const [parameters, label] of modes) {
			const { error } = await run(
				'job',
				{ operation: 'createFromAssets', datasetId: byId(demoImages), ...parameters },
				[{ url }],
			);
			expect(error?.message).toBe(`Invalid ${label} in item 0: "${url}" is not an http or https URL`);
			const spaced = await run('job', { operation: 'createFromAssets', datasetId: byId(demoImages), ...parameters }, [
				{ url: `https://${url}` },
			]);
			expect(spaced.error?.message).toBe(`Invalid ${label} in item 0: "https://${url}" has a space in it`);
		}
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('Continue On Fail: a bad item becomes an error item, the rest is batched and paired', async () => {
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoImages),
				assets: oneAsset('={{ $json.url }}'),
				options: { combineItems: true },
			},
			[{ url: 'https://cdn.example.com/1.jpg' }, { url: '' }, { url: 'https://cdn.example.com/3.jpg' }],
			true,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets')).toHaveLength(1);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toBe('Invalid Source Path in item 1: it is empty');
		expect(items[0].json.ingest_job_id).toBe(items[2].json.ingest_job_id);
	});

	test('a request that fails after others succeeded names the jobs already created; with Continue On Fail its items fail', async () => {
		// Item 100 names a connection the service does not know: only its create request can tell.
		const inputItems = [
			...Array.from({ length: 100 }, (_, i) => ({ connection: '', url: `https://cdn.example.com/${i}.jpg` })),
			{ connection: 'no_such_connection', url: 'https://cdn.example.com/x.jpg' },
		];
		const parameters = {
			operation: 'createFromAssets',
			datasetId: byId(demoImages),
			assets: oneAsset('={{ $json.url }}'),
			options: { combineItems: true, connection: '={{ $json.connection }}' },
		};
		const { error } = await run('job', parameters, inputItems);
		const [created] = [...bed.sandbox.store.ingestion.jobs.values()];
		expect(error?.message).toMatch(/not found/i);
		expect(error?.context?.itemIndex).toBe(100);
		expect(error?.description).toContain(
			`already created ingestion jobs ${created.id} (items 0–99); running the node again would ingest those assets a second time`,
		);

		const tolerant = await run('job', parameters, inputItems, true);
		expect(tolerant.error).toBeUndefined();
		expect(tolerant.items).toHaveLength(101);
		expect(tolerant.items[100]).toMatchObject({ json: { error: error?.message }, pairedItem: { item: 100 } });
		expect(tolerant.items[99].json.ingest_job_id).toMatch(JOB_ID);
		const shown = visibleText(error, tolerant.items, bed.harness.logs);
		for (const secret of [...SECRETS, ...bed.sandbox.store.accessTokens.keys()]) expect(shown).not.toContain(secret);
	});
});

describe('Dataset By Name', () => {
	test('a combined ingest of 5 rows naming the dataset looks it up once and sends its ID', async () => {
		const rows = Array.from({ length: 5 }, (_, i) => ({ url: `https://cdn.example.com/named/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byName('demo_images'),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				options: { combineItems: true },
			},
			rows,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(5);
		expect(bed.apiRequests().filter((r) => r.path === '/api/v1/datasets')).toHaveLength(1);
		expect(posts('/api/v1/ingestion/images').map((r) => (r.body as IDataObject).dataset_id)).toEqual([demoImages]);
		const unknown = await run('dataset', { operation: 'countAssetStatuses', datasetId: byName('Demo_Images') });
		expect(unknown.error?.message).toBe('Invalid Dataset in item 0: no dataset is named "Demo_Images"');
	});
});

describe('Input Mode: Using Item Fields', () => {
	test('250 rows: each URL and metadata field read from the item, 100 per request, one output item per row', async () => {
		const rows = Array.from({ length: 250 }, (_, i) => ({
			url: `https://cdn.example.com/rows/${i}.jpg`,
			campaign: 'spring',
			'shot.year': 2026,
			other: [i],
		}));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				inputMode: 'itemFields',
				sourcePathField: 'url',
				metadataFields: 'campaign, shot.year',
				options: { combineItems: true },
			},
			rows,
		);
		expect(error).toBeUndefined();
		const bodies = posts('/api/v1/ingestion/images').map(
			(r) => r.body as { dataset_id: string; images: IDataObject[] },
		);
		expect(bodies.map((body) => body.images.length)).toEqual([100, 100, 50]);
		expect(bodies.every((body) => body.dataset_id === demoImages)).toBe(true);
		expect(bodies[2].images[49]).toEqual({
			source_path: 'https://cdn.example.com/rows/249.jpg',
			metadata: { campaign: 'spring', 'shot.year': 2026 },
		});
		expect(items).toHaveLength(250);
		expect(items.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
		expect(items[120].json.source_path).toBe('https://cdn.example.com/rows/120.jpg');
	});

	test('dotted field names reach into objects; with a Connection a bucket path is taken; Asset Type applies to every asset', async () => {
		const { error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoMixed),
				inputMode: 'itemFields',
				sourcePathField: 'file.key',
				itemAssetType: 'video',
				options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
			},
			[{ file: { key: `s3://${SEED_BUCKET}/clips/a.mp4` } }, { file: { key: `s3://${SEED_BUCKET}/clips/b.mp4` } }],
		);
		expect(error).toBeUndefined();
		// Combine Items (on by default): both rows in one request.
		expect(posts('/api/v1/ingestion/assets').map((r) => r.body)).toEqual([
			{
				dataset_id: demoMixed,
				connection_name: SEED_CONNECTION_NAMES.s3,
				assets: ['a', 'b'].map((name) => ({
					source_path: `s3://${SEED_BUCKET}/clips/${name}.mp4`,
					asset_type: 'video',
				})),
			},
		]);
	});

	test('a setting with an expression is still read per item: each item goes to its own dataset', async () => {
		const { error } = await run(
			'job',
			{
				operation: 'createFromVideos',
				datasetId: byId('={{ $json.dataset }}'),
				inputMode: 'itemFields',
				sourcePathField: 'url',
				options: { combineItems: true },
			},
			[
				{ dataset: demoVideos, url: 'https://cdn.example.com/v/1.mp4' },
				{ dataset: demoMixed, url: 'https://cdn.example.com/v/2.mp4' },
			],
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/videos').map((r) => (r.body as IDataObject).dataset_id)).toEqual([
			demoVideos,
			demoMixed,
		]);
	});

	test('with Continue On Fail a row without the field becomes its own error item; the others are sent', async () => {
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				inputMode: 'itemFields',
				sourcePathField: 'url',
				options: { combineItems: true },
			},
			[
				{ url: 'https://cdn.example.com/c/1.jpg' },
				{ link: 'https://cdn.example.com/c/2.jpg' },
				{ url: 'https://cdn.example.com/c/3.jpg' },
			],
			true,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/images')).toHaveLength(1);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toBe('Invalid Source Path Field ("url") in item 1: the item has no field "url"');
		expect(items[2].json.source_path).toBe('https://cdn.example.com/c/3.jpg');
	});
});

describe('Job: Create From Images / Videos', () => {
	test('images and videos go to their own endpoints with their own list names', async () => {
		const images = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: {
				image: [{ sourcePath: 'https://cdn.example.com/p.png', metadataInput: 'json', metadata: '{"a": true}' }],
			},
		});
		const videos = await run('job', {
			operation: 'createFromVideos',
			datasetId: byId(demoVideos),
			inputMode: 'json',
			videosJson: '[{"source_path": "https://cdn.example.com/clip.mp4"}]',
		});
		expect(images.error ?? videos.error).toBeUndefined();
		expect(posts('/api/v1/ingestion/images')[0].body).toEqual({
			dataset_id: demoImages,
			images: [{ source_path: 'https://cdn.example.com/p.png', metadata: { a: true } }],
		});
		expect(posts('/api/v1/ingestion/videos')[0].body).toEqual({
			dataset_id: demoVideos,
			videos: [{ source_path: 'https://cdn.example.com/clip.mp4' }],
		});
		expect(videos.items[0].json).toMatchObject({
			asset_id: expect.any(String),
			source_path: 'https://cdn.example.com/clip.mp4',
			dataset_id: demoVideos,
			status: 'pending',
		});
	});

	test('a dataset that does not accept the asset type is refused before any ingest request, per item', async () => {
		const videoOnly = bed.sandbox.store.datasets.get(demoVideos)!;
		expect(videoOnly.allowedAssetTypes).toEqual(['video']);
		const images = { image: [{ sourcePath: '={{ $json.url }}' }] };
		const rows = [
			{ dataset: demoVideos, url: 'https://cdn.example.com/v/1.jpg' },
			{ dataset: demoVideos, url: 'https://cdn.example.com/v/2.jpg' },
		];
		const parameters = { operation: 'createFromImages', datasetId: byId('={{ $json.dataset }}'), images };
		const { error } = await run('job', parameters, rows);
		expect(error?.message).toBe('Invalid Dataset in item 0: dataset "demo_videos" accepts only videos, not images');
		expect(error?.description).toMatch(
			/^Choose a dataset whose asset types include image \(Media Analysis Datasets › Get shows them as allowed_asset_types\), or use Create From Videos for videos\. Nothing was sent\./,
		);
		// The dataset was read once for both rows; nothing was ingested.
		expect(bed.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/datasets/${demoVideos}`]);

		// Continue On Fail: the refused row is an error item, the row into a dataset that takes images is sent.
		const mixed = await run('job', parameters, [{ ...rows[0] }, { dataset: demoImages, url: rows[1].url }], true);
		expect(mixed.items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[{ item: 0 }, 'Invalid Dataset in item 0: dataset "demo_videos" accepts only videos, not images'],
			[{ item: 1 }, 'pending'],
		]);
		expect(posts('/api/v1/ingestion/images').map((r) => (r.body as IDataObject).dataset_id)).toEqual([demoImages]);

		// Create From Assets: an asset declared an image is refused likewise, with the fix that fits the list.
		const assets = await run('job', {
			operation: 'createFromAssets',
			datasetId: byId(demoVideos),
			assets: oneAsset('https://cdn.example.com/v/3.jpg', { assetType: 'image' }),
		});
		expect(assets.error?.description).toMatch(/or set the Asset Type of each asset to video\./);
		expect(posts('/api/v1/ingestion/assets')).toEqual([]);
	});

	test('the JSON list of images accepts no asset_type', async () => {
		const { error } = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			inputMode: 'json',
			imagesJson: '[{"source_path": "a.jpg", "asset_type": "image"}]',
		});
		expect(error?.message).toBe('Invalid Images (JSON) in item 0: entry 0 has unknown field "asset_type"');
		expect(bed.apiRequests()).toHaveLength(0);
	});
});

describe('Wait for Completion', () => {
	const wait = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 20 };

	test('polls until the job completes and outputs the row with its outcome', async () => {
		fastJobs();
		const { items, error } = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://cdn.example.com/w.jpg' }] },
			...wait,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'completed',
			job_status: 'completed',
			source_path: 'https://cdn.example.com/w.jpg',
			error_code: null,
		});
		expect(items[0].json.asset_id).toEqual(expect.any(String));
		expect(jobGets().length).toBeGreaterThanOrEqual(1);
		expect(jobGets().every((r) => r.path === `/api/v1/ingestion/jobs/${items[0].json.ingest_job_id}`)).toBe(true);
	});

	test('3 rows with 1 broken URL, defaults: 3 items out, 2 ready, 1 error with its code; no item is lost', async () => {
		fastJobs();
		const rows = [
			{ url: 'https://cdn.example.com/rows/one.jpg' },
			{ url: 'https://cdn.example.com/rows/broken/two.jpg' },
			{ url: 'https://cdn.example.com/rows/three.jpg' },
		];
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				...wait,
			},
			rows,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/images')).toHaveLength(1);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items.map((i) => [i.json.source_path, i.json.status, i.json.error_code])).toEqual([
			['https://cdn.example.com/rows/one.jpg', 'completed', null],
			['https://cdn.example.com/rows/broken/two.jpg', 'error', 'broken_url'],
			['https://cdn.example.com/rows/three.jpg', 'completed', null],
		]);
		// The rows went in one job, which completed; the broken row says why its asset did not.
		expect(items[1].json).toMatchObject({ job_status: 'completed', error_reason: expect.stringMatching(/HTTP 404/) });
		const broken = bed.sandbox.store.assets.get(String(items[1].json.asset_id));
		expect(broken).toMatchObject({ status: 'error', errorCode: 'broken_url' });
		expect(items[0].json.ingest_job_id).toBe(items[1].json.ingest_job_id);
	});

	test('When an Asset Fails: Fail the Node stops with the item, the asset and its code; with Continue On Fail only that item fails', async () => {
		fastJobs();
		const parameters = {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: '={{ $json.url }}' }] },
			options: { assetFailure: 'fail' },
			...wait,
		};
		const rows = [{ url: 'https://cdn.example.com/f/ok.jpg' }, { url: 'https://cdn.example.com/f/404.jpg' }];
		const { error } = await run('job', parameters, rows);
		expect(error?.message).toBe('1 of 1 assets of item 1 failed: https://cdn.example.com/f/404.jpg (broken_url)');
		expect(error?.description).toMatch(/HTTP 404\)\. Fix the source and ingest it again/);
		expect(error?.context?.itemIndex).toBe(1);
		const tolerant = await run('job', parameters, rows, true);
		expect(tolerant.items.map((i) => [i.pairedItem, i.json.status ?? i.json.error])).toEqual([
			[{ item: 0 }, 'completed'],
			[{ item: 1 }, '1 of 1 assets of item 1 failed: https://cdn.example.com/f/404.jpg (broken_url)'],
		]);
	});

	test('Combine Items: a broken row states its own error at the top level, though the job completed', async () => {
		fastJobs();
		const rows = [
			{ url: 'https://cdn.example.com/c/a.jpg' },
			{ url: 'https://cdn.example.com/c/missing.jpg' },
			{ url: 'https://cdn.example.com/c/b.jpg' },
		];
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				options: { combineItems: true },
				...wait,
			},
			rows,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/images')).toHaveLength(1);
		expect(items.map((i) => [i.json.job_status, i.json.status, i.json.error_code, i.json.source_path])).toEqual([
			['completed', 'completed', null, rows[0].url],
			['completed', 'error', 'broken_url', rows[1].url],
			['completed', 'completed', null, rows[2].url],
		]);
		// One read of the job's asset statuses gave every row its outcome.
		const statusReads = bed.apiRequests().filter((r) => r.path.endsWith('/status'));
		expect(statusReads).toHaveLength(1);
	});

	test('an item with several assets: one item per asset, each with its own asset_id, source path and outcome, paired to the item', async () => {
		fastJobs();
		const sources = ['https://cdn.example.com/s/fine.jpg', 'https://cdn.example.com/s/broken.jpg'];
		const { items, error } = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: sources.map((sourcePath) => ({ sourcePath })) },
			...wait,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(
			items.map((item) => [item.json.source_path, item.json.status, item.json.error_code, item.json.job_status]),
		).toEqual([
			[sources[0], 'completed', null, 'completed'],
			[sources[1], 'error', 'broken_url', 'completed'],
		]);
		const ids = items.map((item) => item.json.asset_id);
		expect(ids.every((id) => typeof id === 'string' && bed.sandbox.store.assets.has(id))).toBe(true);
		expect(new Set(ids).size).toBe(2);
		// Nothing is null that a next node reads: `{{ $json.source_path }}` names each image.
		expect(items.every((item) => item.json.assets === undefined)).toBe(true);
	});

	test('on timeout, fails with the last status seen after polling more than once', async () => {
		bed.sandbox.clock.freeze();
		const { error } = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://cdn.example.com/slow.jpg' }] },
			waitForCompletion: true,
			pollInterval: 0.2,
			waitTimeout: 1,
		});
		const [job] = [...bed.sandbox.store.ingestion.jobs.values()];
		expect(error?.message).toBe(
			`Ingestion job ${job.id} did not finish within 1 seconds (last status: pending, 0 of 1 assets processed, 0 with errors)`,
		);
		expect(error?.description).toMatch(/It is still running on the service/);
		expect(jobGets().length).toBeGreaterThanOrEqual(2);
	});

	test('with Combine Items, waits for every job under one deadline; each item gets its outcome and job', async () => {
		fastJobs();
		const inputItems = Array.from({ length: 150 }, (_, i) => ({ url: `https://cdn.example.com/w/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoImages),
				assets: oneAsset('={{ $json.url }}'),
				options: { combineItems: true },
				...wait,
			},
			inputItems,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/assets')).toHaveLength(2);
		expect(new Set(jobGets().map((r) => r.path)).size).toBe(2);
		expect(items).toHaveLength(150);
		expect(items.every((item) => item.json.status === 'completed')).toBe(true);
		expect(items[149]).toMatchObject({ pairedItem: { item: 149 } });
		expect(items[149].json).toMatchObject({
			source_path: 'https://cdn.example.com/w/149.jpg',
			job_status: 'completed',
		});
		expect(items[149].json.ingest_job_id).not.toBe(items[0].json.ingest_job_id);
	});

	test('the jobs of one run are waited for side by side under one deadline: each is read until it and times out', async () => {
		bed.sandbox.clock.freeze();
		const inputItems = Array.from({ length: 150 }, (_, i) => ({ url: `https://cdn.example.com/d/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromAssets',
				datasetId: byId(demoImages),
				assets: oneAsset('={{ $json.url }}'),
				options: { combineItems: true },
				waitForCompletion: true,
				pollInterval: 0.2,
				waitTimeout: 1,
			},
			inputItems,
			true,
		);
		expect(error).toBeUndefined();
		const [first, second] = [...bed.sandbox.store.ingestion.jobs.values()];
		expect(items[0].json.error).toBe(
			`Ingestion job ${first.id} did not finish within 1 seconds (last status: pending, 0 of 100 assets processed, 0 with errors)`,
		);
		expect(items[149].json.error).toBe(
			`Ingestion job ${second.id} did not finish within 1 seconds (last status: pending, 0 of 50 assets processed, 0 with errors)`,
		);
		expect(jobGets().filter((r) => r.path.endsWith(first.id)).length).toBeGreaterThanOrEqual(2);
		expect(jobGets().filter((r) => r.path.endsWith(second.id)).length).toBeGreaterThanOrEqual(2);
		// Side by side: the second job was read before the first one's wait ended.
		const reads = jobGets().map((r) => r.path);
		expect(reads.findIndex((path) => path.endsWith(second.id))).toBeLessThan(
			reads.map((path) => path.endsWith(first.id)).lastIndexOf(true),
		);
	});

	test('Continue On Fail has nothing to catch when an asset fails: the failed row is data, paired to its item', async () => {
		fastJobs();
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId('={{ $json.dataset }}'),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				options: { combineItems: true },
				...wait,
			},
			[
				{ dataset: demoImages, url: 'https://cdn.example.com/fine.jpg' },
				{ dataset: demoMixed, url: 'https://cdn.example.com/404.jpg' },
			],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json.status).toBe('completed');
		expect(items[1].json).toMatchObject({ status: 'error', job_status: 'failed', error_code: 'broken_url' });
		expect(items[1].json.error).toBeUndefined();
	});
});

describe('Job: Create From Bucket / File', () => {
	test("bucket by path through a connection from the list; the scan finds the bucket's media", async () => {
		const { items, error } = await run('job', {
			operation: 'createFromBucket',
			datasetId: byId(demoVideos),
			options: { connection: fromList(SEED_CONNECTION_NAMES.s3) },
			bucketPath: 'videos/',
		});
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/buckets')[0].body).toEqual({
			dataset_id: demoVideos,
			connection_name: SEED_CONNECTION_NAMES.s3,
			max_depth: 0,
			path: 'videos/',
		});
		expect(items[0].json).toMatchObject({
			job_type: 'bucket',
			total_assets: bucketObjectKeys(SEED_BUCKET).filter((key) => key.startsWith('videos/')).length,
		});
	});

	test('bucket by bucket and prefix, with max depth; waits for completion', async () => {
		fastJobs();
		const { items, error } = await run('job', {
			operation: 'createFromBucket',
			datasetId: byId(demoImages),
			options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
			source: 'spec',
			bucket: SEED_BUCKET,
			prefix: '/images/thumbnails/',
			maxDepth: 2,
			waitForCompletion: true,
			pollInterval: 0.1,
		});
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/buckets')[0].body).toEqual({
			dataset_id: demoImages,
			connection_name: SEED_CONNECTION_NAMES.s3,
			max_depth: 2,
			spec: { bucket: SEED_BUCKET, prefix: '/images/thumbnails/' },
		});
		expect(items[0].json).toMatchObject({ status: 'completed', total_assets: 40, processed_assets: 40 });
	});

	test('bucket: max depth above 10 is refused before any request; the connection is optional (OpenAPI); an unknown one is named', async () => {
		const base = { operation: 'createFromBucket', datasetId: byId(demoImages), bucketPath: 's3://b/p/' };
		const deep = await run('job', {
			...base,
			options: { connection: fromList(SEED_CONNECTION_NAMES.s3) },
			maxDepth: 11,
		});
		expect(deep.error?.message).toBe('Invalid Max Depth in item 0: "11" is out of range');
		expect(bed.apiRequests()).toHaveLength(0);
		const none = await run('job', { ...base, options: { connection: byName('={{ $json.none }}') } }, [{ none: '' }]);
		expect(none.error).toBeUndefined();
		expect(posts('/api/v1/ingestion/buckets')[0].body).toMatchObject({
			dataset_id: demoImages,
			connection_name: null,
			path: 's3://b/p/',
		});
		bed.sandbox.clearRequestLog();
		const unknown = await run('job', { ...base, options: { connection: byName('no_such_conn') } });
		expect(unknown.error?.message).toBe("Connection 'no_such_conn' not found");
		expect(unknown.error?.description).toMatch(/Choosing them "From list" shows what exists/);
	});

	test('file: sends the path, type and connection; a missing file fails the waited job with its reason', async () => {
		fastJobs();
		const ok = await run('job', {
			operation: 'createFromFile',
			datasetId: byId(demoImages),
			sourcePath: 's3://demo-media-bucket/metadata/assets.csv',
			fileType: 'csv',
			options: { connection: fromList(SEED_CONNECTION_NAMES.s3) },
		});
		expect(ok.error).toBeUndefined();
		expect(posts('/api/v1/ingestion/files')[0].body).toEqual({
			dataset_id: demoImages,
			source_path: 's3://demo-media-bucket/metadata/assets.csv',
			file_type: 'csv',
			connection_name: SEED_CONNECTION_NAMES.s3,
		});
		expect(ok.items[0].json).toMatchObject({ job_type: 'file', status: 'pending' });
		const missing = await run('job', {
			operation: 'createFromFile',
			datasetId: byId(demoImages),
			sourcePath: 'https://files.example.com/missing/list.json',
			waitForCompletion: true,
			pollInterval: 0.1,
		});
		expect(posts('/api/v1/ingestion/files')[1].body).toEqual({
			dataset_id: demoImages,
			source_path: 'https://files.example.com/missing/list.json',
		});
		expect(missing.error?.message).toMatch(
			/^Ingestion job [0-9a-f]{24} failed: file_not_found: Nothing found at https:\/\/files\.example\.com\/missing\/list\.json$/,
		);
		// It names an operation the node has.
		expect(missing.error?.description).toMatch(
			/^failed, 0 of an unknown number of assets processed, 0 with errors\. Job → Get Many Asset Statuses lists each asset's error code/,
		);
	});
});

describe('Job: Get, Get Many, Get Status', () => {
	test('Get takes the job ID from an expression; a malformed ID is refused before any request; an unknown one is a 404', async () => {
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://x.example.com/a.jpg' }] },
		});
		bed.sandbox.clearRequestLog();
		const { items, error } = await run(
			'job',
			{ operation: 'get', jobId: byId('={{ $json.ingest_job_id }}'), output: 'raw' },
			[created.items[0].json],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: created.items[0].json.ingest_job_id,
			status: 'pending',
			file_path: null,
			error_details: null,
		});

		bed.sandbox.clearRequestLog();
		const malformed = await run('job', { operation: 'get', jobId: byId('={{ $json.id }}') }, [
			{ id: '65F1A2B3C4D5E6F708192A3B' },
		]);
		expect(malformed.error?.message).toBe(
			'Invalid Job in item 0: "65F1A2B3C4D5E6F708192A3B" is not an ingestion job ID',
		);
		expect(bed.apiRequests()).toHaveLength(0);
		const unknown = await run('job', { operation: 'get', jobId: byId('65f1a2b3c4d5e6f708192a3b') });
		expect(unknown.error?.message).toMatch(/^Ingestion job not found/);
	});

	test('Get Many: Return All over pages of 100, the dataset and status filters, Limit', async () => {
		bed.sandbox.clock.freeze();
		await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId('={{ $json.dataset }}'),
				images: { image: [{ sourcePath: 'https://x.example.com/a.jpg' }] },
				options: { combineItems: false },
			},
			Array.from({ length: 120 }, (_, i) => ({ dataset: i % 4 === 0 ? demoMixed : demoImages })),
		);
		bed.sandbox.clearRequestLog();
		const all = await run('job', { operation: 'getMany', returnAll: true });
		expect(all.items).toHaveLength(120);
		expect(new Set(all.items.map((i) => i.json.id)).size).toBe(120);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
		]);
		const mixed = await run('job', {
			operation: 'getMany',
			returnAll: true,
			filters: { datasetId: fromList(demoMixed), status: 'pending' },
		});
		expect(mixed.items).toHaveLength(30);
		expect(mixed.items.every((i) => i.json.dataset_id === demoMixed)).toBe(true);
		const none = await run('job', { operation: 'getMany', returnAll: true, filters: { status: 'completed' } });
		expect(none.items).toHaveLength(0);
		const limited = await run('job', { operation: 'getMany', limit: 5 });
		expect(limited.items).toHaveLength(5);
		const bad = await run('job', { operation: 'getMany', filters: { datasetId: byId('nope') } });
		expect(bad.error?.message).toBe('Invalid Dataset in item 0: "nope" is not a UUID');
	});

	test("Get Many Asset Statuses: one item per asset with the job's ID and status, Return All across pages, Limit", async () => {
		bed.sandbox.clock.freeze();
		const imageKeys = bucketObjectKeys(SEED_BUCKET).filter((key) => /^images\/[^/]+$/.test(key));
		const created = await run('job', {
			operation: 'createFromBucket',
			datasetId: byId(demoImages),
			connection: fromList(SEED_CONNECTION_NAMES.s3),
			bucketPath: `s3://${SEED_BUCKET}/images/`,
		});
		const jobId = created.items[0].json.id as string;
		bed.sandbox.clearRequestLog();
		const all = await run('job', { operation: 'getStatus', jobId: byId(jobId), returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(imageKeys.length);
		expect(all.items[0].json).toMatchObject({
			ingest_job_id: jobId,
			job_status: 'pending',
			status: 'pending',
			source_path: `s3://${SEED_BUCKET}/${imageKeys[0]}`,
		});
		expect(all.items.every((item) => JSON.stringify(item.pairedItem) === '[{"item":0}]')).toBe(true);
		expect(bed.apiRequests()).toHaveLength(Math.ceil(imageKeys.length / 100));
		bed.sandbox.clock.advance(3000);
		const few = await run('job', { operation: 'getStatus', jobId: fromList(jobId), returnAll: false, limit: 3 });
		expect(few.items).toHaveLength(3);
		expect(few.items[0].json).toMatchObject({ job_status: 'completed', status: 'completed' });
	});

	test('Get Many Asset Statuses › Filters › Status: only the assets in that state, the Limit counting those', async () => {
		fastJobs();
		const paths = Array.from(
			{ length: 100 },
			(_, i) => `https://cdn.example.com/f/${i}${i % 10 === 7 ? '-broken' : ''}.jpg`,
		);
		const ingested = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: paths.map((sourcePath) => ({ sourcePath })) },
			waitForCompletion: true,
			pollInterval: 0.1,
		});
		const jobId = String(ingested.items[0].json.ingest_job_id);
		const statuses = (filters: IDataObject, limits: IDataObject = { returnAll: true }) =>
			run('job', { operation: 'getStatus', jobId: byId(jobId), ...limits, filters });
		const failed = await statuses({ status: 'error' });
		expect(failed.error).toBeUndefined();
		expect(failed.items.map((item) => [item.json.source_path, item.json.status, item.json.error_code])).toEqual(
			paths.filter((path) => path.includes('-broken')).map((path) => [path, 'error', 'broken_url']),
		);
		expect((await statuses({ status: 'completed' })).items).toHaveLength(90);
		expect((await statuses({ status: 'in_progress' })).items).toEqual([]);
		const firstTwo = await statuses({ status: 'error' }, { returnAll: false, limit: 2 });
		expect(firstTwo.items.map((item) => item.json.source_path)).toEqual([paths[7], paths[17]]);
		expect((await statuses({})).items).toHaveLength(100);
	});

	test('after a combined ingest of N rows: one request, N items (one per asset, paired to its row), never N²', async () => {
		fastJobs();
		const rows = Array.from({ length: 30 }, (_, i) => ({
			source_path: `https://cdn.example.com/n/${i}${i === 7 ? '-broken' : ''}.jpg`,
			campaign: `c${i}`,
		}));
		const ingested = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: { image: [{ sourcePath: '={{ $json.source_path }}' }] },
				options: { combineItems: true },
				waitForCompletion: true,
				pollInterval: 0.1,
			},
			rows,
		);
		expect(new Set(ingested.items.map((i) => i.json.ingest_job_id)).size).toBe(1);
		bed.sandbox.clearRequestLog();
		const { items, error } = await run(
			'job',
			{ operation: 'getStatus', jobId: byId('={{ $json.ingest_job_id }}'), returnAll: true },
			ingested.items.map((i) => i.json),
		);
		expect(error).toBeUndefined();
		expect(bed.apiRequests()).toHaveLength(1);
		expect(items).toHaveLength(30);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual([{ item: i }]);
			expect(item.json.source_path).toBe(rows[i].source_path);
		});
		expect(items[7].json).toMatchObject({ status: 'error', error_code: 'broken_url' });
		// Straight from the CSV rows (no asset IDs yet) the source path pairs them too.
		const fromRows = await run(
			'job',
			{ operation: 'getStatus', jobId: byId(String(ingested.items[0].json.ingest_job_id)), returnAll: true },
			rows,
		);
		expect(fromRows.items.map((item) => item.pairedItem)).toEqual(rows.map((_, i) => [{ item: i }]));
	});

	test('Get Many Asset Statuses, Continue On Fail: a malformed or unknown job gives an error item in its place; the rest in input order', async () => {
		fastJobs(0);
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: {
				image: [{ sourcePath: 'https://cdn.example.com/o/a.jpg' }, { sourcePath: 'https://cdn.example.com/o/b.jpg' }],
			},
		});
		const jobId = String(created.items[0].json.ingest_job_id);
		const { items, error } = await run(
			'job',
			{ operation: 'getStatus', jobId: byId('={{ $json.id }}') },
			[{ id: 'nope' }, { id: jobId }, { id: '65f1a2b3c4d5e6f708192a3b' }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.error ?? i.json.source_path])).toEqual([
			[{ item: 0 }, 'Invalid Job in item 0: "nope" is not an ingestion job ID'],
			[[{ item: 1 }], 'https://cdn.example.com/o/a.jpg'],
			[[{ item: 1 }], 'https://cdn.example.com/o/b.jpg'],
			[{ item: 2 }, expect.stringMatching(/not found/i)],
		]);
	});

	test('the job list names each job by its dataset, kind and time; the search finds dataset names, kinds and file paths', async () => {
		bed.sandbox.clock.freeze();
		const fileJob = await run('job', {
			operation: 'createFromFile',
			datasetId: byId(demoImages),
			sourcePath: 's3://bucket/lists/spring.csv',
		});
		const imagesRow = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoMixed),
			images: { image: [{ sourcePath: 'https://x.example.com/a.jpg' }] },
		});
		const imagesJob = await run('job', {
			operation: 'get',
			jobId: byId(String(imagesRow.items[0].json.ingest_job_id)),
			output: 'raw',
		});
		const created = (job: IDataObject) => `${String(job.created_dt).slice(0, 16).replace('T', ' ')} UTC`;
		bed.sandbox.clearRequestLog(); // the ingest above read its dataset; count only what the list searches read
		const all = await bed.harness.runListSearch({ type, method: 'searchIngestJobs' });
		const names = new Map([...bed.sandbox.store.datasets.values()].map((dataset) => [dataset.id, dataset.name]));
		expect(all.results).toEqual(
			expect.arrayContaining([
				{
					name: `${names.get(demoImages)} · file · ${created(fileJob.items[0].json)}`,
					value: fileJob.items[0].json.id,
					description: expect.stringMatching(new RegExp(`^pending, .* · job ${String(fileJob.items[0].json.id)}$`)),
				},
				{
					name: `${names.get(demoMixed)} · assets · ${created(imagesJob.items[0].json)}`,
					value: imagesJob.items[0].json.id,
					description: `pending, 0 of 1 assets · job ${String(imagesJob.items[0].json.id)}`,
				},
			]),
		);
		expect(all.results).toHaveLength(2);
		expect(all.paginationToken).toBeUndefined();
		const byPath = await bed.harness.runListSearch({ type, method: 'searchIngestJobs', filter: 'spring' });
		expect(byPath.results.map((r) => r.value)).toEqual([fileJob.items[0].json.id]);
		const byDataset = await bed.harness.runListSearch({
			type,
			method: 'searchIngestJobs',
			filter: String(names.get(demoMixed)).toUpperCase(),
		});
		expect(byDataset.results.map((r) => r.value)).toEqual([imagesJob.items[0].json.id]);
		// One look-up per dataset named, not per job.
		const lookups = bed
			.apiRequests()
			.filter((r) => r.method === 'GET' && /^\/api\/v1\/datasets\/[0-9a-f-]{36}$/.test(r.path));
		expect(lookups).toHaveLength(3 * 2);
	});

	test('the job list shows a job whose dataset is gone with the dataset ID', async () => {
		const job = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://x.example.com/g.jpg' }] },
		});
		bed.sandbox.store.datasets.get(demoImages)!.deletedAt = Date.now();
		const all = await bed.harness.runListSearch({ type, method: 'searchIngestJobs' });
		expect(all.results.map((r) => [r.value, r.name.split(' · ')[0]])).toEqual([
			[job.items[0].json.ingest_job_id, `dataset ${demoImages}`],
		]);
	});
});

describe('Asset: Delete', () => {
	const ingest = async (count: number) => {
		const inputItems = Array.from({ length: count }, (_, i) => ({ url: `https://cdn.example.com/del/${i}.jpg` }));
		await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: { image: [{ sourcePath: '={{ $json.url }}' }] },
				options: { combineItems: true },
			},
			inputItems,
		);
		bed.sandbox.clearRequestLog();
		return inputItems;
	};

	test("250 items take 3 requests; one item per asset answers {deleted: true} with the id and the service's answer", async () => {
		const inputItems = await ingest(250);
		const { items, error } = await run(
			'asset',
			{ operation: 'delete', datasetId: byId(demoImages), identifiers: '={{ $json.url }}' },
			inputItems,
		);
		expect(error).toBeUndefined();
		const requests = posts('/api/v0/delete/assets');
		expect(requests.map((r) => (r.body as { assets: unknown[] }).assets.length)).toEqual([100, 100, 50]);
		expect((requests[0].body as { assets: unknown[] }).assets[0]).toEqual({
			asset_type: 'image',
			identifier: 'https://cdn.example.com/del/0.jpg',
		});
		expect(items).toHaveLength(250);
		items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		expect(items[249].json).toEqual({
			deleted: true,
			id: 'https://cdn.example.com/del/249.jpg',
			asset_id: null,
			source_path: 'https://cdn.example.com/del/249.jpg',
			dataset_id: demoImages,
			asset_type: 'image',
			response: {
				asset_type: 'image',
				identifier: 'https://cdn.example.com/del/249.jpg',
				delete_job_id: expect.stringMatching(JOB_ID),
			},
		});
		const remaining = [...bed.sandbox.store.assets.values()].filter((a) =>
			a.path.startsWith('https://cdn.example.com/del/'),
		);
		expect(remaining).toHaveLength(0);
	});

	test('one item with 250 identifiers (one per line) also takes 3 requests; each asset paired to that item', async () => {
		const inputItems = await ingest(250);
		const { items } = await run('asset', {
			operation: 'delete',
			datasetId: byId(demoImages),
			identifiers: inputItems.map((i) => i.url).join('\n'),
		});
		expect(posts('/api/v0/delete/assets')).toHaveLength(3);
		expect(items).toHaveLength(250);
		expect(items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		expect(items.map((i) => i.json.id)).toEqual(inputItems.map((i) => i.url));
	});

	test('by platform ID from a list expression; an empty list is refused before any request', async () => {
		const [first, second] = [...bed.sandbox.store.assets.values()].filter(
			(a) => a.datasetId === demoMixed && a.kind === 'video',
		);
		const { items, error } = await run('asset', {
			operation: 'delete',
			datasetId: byId(demoMixed),
			assetType: 'video',
			identifiers: `={{ ["${first.id}", "${second.id}"] }}`,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.deleted, i.json.id, i.json.dataset_id])).toEqual([
			[true, first.id, demoMixed],
			[true, second.id, demoMixed],
		]);
		expect(bed.sandbox.store.assets.has(first.id) || bed.sandbox.store.assets.has(second.id)).toBe(false);
		bed.sandbox.clearRequestLog();
		const empty = await run(
			'asset',
			{ operation: 'delete', datasetId: byId(demoMixed), identifiers: '={{ $json.nothing }}' },
			[{ nothing: '' }],
		);
		expect(empty.error?.message).toBe('Invalid Assets in item 0: it is empty');
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('Continue On Fail: a failing request gives an error item for each item it covered', async () => {
		const { items, error } = await run(
			'asset',
			{ operation: 'delete', datasetId: byId('={{ $json.dataset }}'), identifiers: '={{ $json.id }}' },
			[
				{ dataset: demoImages, id: 'https://x.example.com/a.jpg' },
				{ dataset: UNKNOWN, id: 'https://x.example.com/b.jpg' },
				{ dataset: UNKNOWN, id: 'https://x.example.com/c.jpg' },
			],
			true,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({ deleted: true, id: 'https://x.example.com/a.jpg' });
		expect(items[1]).toMatchObject({ json: { error: 'Dataset not found' }, pairedItem: { item: 1 } });
		expect(items[2]).toMatchObject({ json: { error: 'Dataset not found' }, pairedItem: { item: 2 } });
	});
});

describe('Asset: Update Metadata', () => {
	test('by platform ID and by source path; the job is created and the metadata changes', async () => {
		const [first, second] = [...bed.sandbox.store.assets.values()].filter((a) => a.datasetId === demoImages);
		const { items, error } = await run('asset', {
			operation: 'updateMetadata',
			datasetId: byId(demoImages),
			updates: {
				update: [
					{
						identifyBy: 'assetId',
						identifier: first.id,
						assetType: 'image',
						metadataInput: 'json',
						metadata: '{"campaign": "spring"}',
					},
					{
						identifyBy: 'sourcePath',
						identifier: second.path,
						assetType: 'image',
						metadataInput: 'json',
						metadata: '{"campaign": "fall"}',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/metadata')[0].body).toEqual({
			dataset_id: demoImages,
			update_type: 'upsert',
			update_assets: [
				{ asset_type: 'image', asset_id: first.id, metadata: { campaign: 'spring' } },
				{ asset_type: 'image', source_path: second.path, metadata: { campaign: 'fall' } },
			],
		});
		expect(items[0].json).toMatchObject({ job_type: 'metadata', total_assets: 2 });
		expect(bed.sandbox.store.assets.get(second.id)?.metadata.campaign).toBe('fall');
	});

	test('JSON updates with Remove, waited for; a file of updates', async () => {
		fastJobs();
		const [first] = [...bed.sandbox.store.assets.values()].filter((a) => a.datasetId === demoImages);
		const removed = await run('asset', {
			operation: 'updateMetadata',
			datasetId: byId(demoImages),
			updateType: 'remove',
			updatesFrom: 'json',
			updatesJson: JSON.stringify([{ asset_id: first.id, asset_type: 'image', metadata: { topic: '' } }]),
			waitForCompletion: true,
			pollInterval: 0.1,
		});
		expect(removed.error).toBeUndefined();
		expect(removed.items[0].json).toMatchObject({ status: 'completed', job_type: 'metadata' });
		expect(bed.sandbox.store.assets.get(first.id)?.metadata.topic).toBeUndefined();
		const file = await run('asset', {
			operation: 'updateMetadata',
			datasetId: byId(demoImages),
			updatesFrom: 'file',
			sourcePath: 's3://b/meta.csv',
		});
		expect(file.error).toBeUndefined();
		expect(posts('/api/v1/ingestion/metadata')[1].body).toEqual({
			dataset_id: demoImages,
			update_type: 'upsert',
			source_path: 's3://b/meta.csv',
		});
	});

	test.each([
		[
			{ updates: { update: [{ identifyBy: 'assetId', identifier: 'x', assetType: 'image' }] } },
			'Invalid Platform ID in item 0: "x" is not a UUID',
		],
		[
			{ updatesFrom: 'json', updatesJson: '[{"asset_type": "image"}]' },
			'Invalid Updates (JSON) in item 0: entry 0 has neither asset_id nor source_path',
		],
		[
			{ updatesFrom: 'json', updatesJson: '[{"asset_id": "x", "asset_type": "audio"}]' },
			'Invalid Updates (JSON) in item 0: entry 0 has no asset_type image or video',
		],
		[{ updatesFrom: 'json', updatesJson: '[]' }, 'Invalid Assets in item 0: there are no updates'],
		[{ updatesFrom: 'file', sourcePath: ' ' }, 'Invalid File Path in item 0: it is empty'],
	])('refuses bad updates before any request (%#)', async (parameters, message) => {
		const { error } = await run('asset', { operation: 'updateMetadata', datasetId: byId(demoImages), ...parameters });
		expect(error?.message).toBe(message);
		expect(bed.apiRequests()).toHaveLength(0);
	});
});

describe('Asset: Get Status', () => {
	test('returns the status of an image or a video by Asset Type; the other kind or an unknown ID says there is none', async () => {
		const image = [...bed.sandbox.store.assets.values()].find((a) => a.kind === 'image');
		const video = [...bed.sandbox.store.assets.values()].find((a) => a.kind === 'video');
		const gotImage = await run('asset', { operation: 'getStatus', asset: byId(image?.id as string) });
		expect(gotImage.items[0].json).toMatchObject({
			asset_id: image?.id,
			status: 'completed',
			asset_type: 'image',
			latest_event: { event_type: 'completed' },
		});
		const gotVideo = await run('asset', {
			operation: 'getStatus',
			assetType: 'video',
			asset: byId(video?.id as string),
		});
		expect(gotVideo.items[0].json).toMatchObject({ asset_id: video?.id, asset_type: 'video' });
		const wrongKind = await run('asset', { operation: 'getStatus', asset: byId(video?.id as string) });
		expect(wrongKind.error?.message).toBe(`No ingestion status for image ${video?.id}`);
		expect(wrongKind.error?.description).toMatch(/If it is a video, set Asset Type to Video\.$/);
		const wrongImage = await run('asset', { operation: 'getStatus', assetType: 'video', asset: byId(UNKNOWN) });
		expect(wrongImage.error?.description).toMatch(/If it is an image, set Asset Type to Image\.$/);
	});

	test('an ingested image shows its error code; a malformed ID is refused before any request', async () => {
		fastJobs(0);
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://cdn.example.com/a.tiffx' }] },
		});
		const assetId = String(created.items[0].json.asset_id);
		const { items } = await run('asset', { operation: 'getStatus', asset: byId(assetId) });
		expect(items[0].json).toMatchObject({ status: 'error', error_code: 'unsupported_format' });
		bed.sandbox.clearRequestLog();
		const bad = await run('asset', { operation: 'getStatus', assetType: 'video', asset: byId('={{ $json.id }}') }, [
			{ id: '12' },
		]);
		expect(bad.error?.message).toBe('Invalid Asset in item 0: "12" is not a UUID');
		expect(bed.apiRequests()).toHaveLength(0);
	});
});

describe('Dataset: asset statuses, summaries and counts', () => {
	test('Get Asset Statuses: POST with the source path and status filter; Return All and Limit', async () => {
		bed.sandbox.clock.freeze();
		await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			inputMode: 'json',
			imagesJson:
				'[{"source_path": "https://cdn.example.com/new/a.jpg"}, {"source_path": "https://cdn.example.com/new/broken.jpg"}]',
		});
		bed.sandbox.clock.advance(3000);
		bed.sandbox.clearRequestLog();
		const errors = await run('dataset', {
			operation: 'getAssetStatuses',
			datasetId: fromList(demoImages),
			returnAll: true,
			filters: { status: 'error', sourcePath: 'https://cdn.example.com/new/' },
		});
		expect(errors.items.map((i) => [i.json.source_path, i.json.error_code])).toEqual([
			['https://cdn.example.com/new/broken.jpg', 'broken_url'],
		]);
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: `/api/v1/ingestion/datasets/${demoImages}/assets/status`,
			query: { filter: 'error', offset: '0', limit: '100' },
			body: { source_path: 'https://cdn.example.com/new/' },
		});
		const all = await run('dataset', { operation: 'getAssetStatuses', datasetId: byId(demoImages), returnAll: true });
		expect(all.items).toHaveLength(26);
		expect(all.items[0].json.source_path).toBe('https://cdn.example.com/new/a.jpg');
		const few = await run('dataset', { operation: 'getAssetStatuses', datasetId: byId(demoImages), limit: 3 });
		expect(few.items).toHaveLength(3);
		const none = await run('dataset', {
			operation: 'getAssetStatuses',
			datasetId: byId(demoVideos),
			returnAll: true,
			filters: { status: 'error' },
		});
		expect(none.items).toHaveLength(0);
	});

	test('Get Many Asset Statuses with Detail: Summary and a filter; Count Asset Statuses; Get Many Job Statuses', async () => {
		bed.sandbox.clock.freeze();
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://cdn.example.com/s.jpg' }] },
		});
		const jobs = await run('dataset', { operation: 'getJobStatuses', datasetId: byId(demoImages), returnAll: true });
		expect(bed.apiRequests().at(-1)).toMatchObject({
			method: 'GET',
			path: `/api/v1/ingestion/datasets/${demoImages}/status`,
		});
		expect(jobs.items.map((i) => i.json)).toEqual([
			{ status: 'pending', ingest_job_id: created.items[0].json.ingest_job_id, ingestion_dt: expect.any(String) },
		]);
		expect(
			(await run('dataset', { operation: 'getJobStatuses', datasetId: byId(demoVideos), returnAll: true })).items,
		).toHaveLength(0);
		const counts = await run('dataset', { operation: 'countAssetStatuses', datasetId: byId(demoImages) });
		expect(counts.items[0].json).toEqual({
			dataset_id: demoImages,
			pending: 1,
			in_progress: 0,
			received: 0,
			processing_started: 0,
			completed: 24,
			error: 0,
		});
		const inProgress = await run('dataset', {
			operation: 'getAssetStatuses',
			detail: 'summary',
			datasetId: byId(demoImages),
			returnAll: true,
			filters: { status: 'in_progress' },
		});
		expect(bed.apiRequests().at(-1)).toMatchObject({
			method: 'GET',
			path: `/api/v1/ingestion/datasets/${demoImages}/assets/status/summary`,
		});
		expect(inProgress.items.map((i) => i.json)).toEqual([
			{
				status: 'pending',
				asset_id: expect.any(String),
				dataset_id: demoImages,
				asset_type: 'image',
				source_path: 'https://cdn.example.com/s.jpg',
				ingestion_dt: null,
			},
		]);
		const summaries = await run('dataset', {
			operation: 'getAssetStatuses',
			detail: 'summary',
			datasetId: byId(demoImages),
			limit: 30,
		});
		expect(summaries.items).toHaveLength(25);
		const unknown = await run('dataset', { operation: 'countAssetStatuses', datasetId: byId(UNKNOWN) });
		expect(unknown.error?.message).toMatch(/^Dataset not found/);
	});
});

describe('Defaults for a list of rows, one output item per asset, paired to its row', () => {
	const images = (sourcePath: string, extra: Record<string, unknown> = {}) => ({ image: [{ sourcePath, ...extra }] });
	const wait = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 30 };
	const ROW_FIELDS = [
		'asset_id',
		'source_path',
		'status',
		'error_code',
		'error_reason',
		'dataset_id',
		'ingest_job_id',
		'job_status',
	];

	test('defaults: 250 rows take 3 requests (Combine Items on); each row comes out once, paired, with its asset and job', async () => {
		bed.sandbox.clock.freeze();
		const rows = Array.from({ length: 250 }, (_, i) => ({ url: `https://cdn.example.com/v12/${i}.jpg` }));
		const { items, error } = await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}') },
			rows,
		);
		expect(error).toBeUndefined();
		expect(posts('/api/v1/ingestion/images').map((r) => (r.body as { images: unknown[] }).images.length)).toEqual([
			100, 100, 50,
		]);
		const jobs = [...bed.sandbox.store.ingestion.jobs.values()].sort((a, b) => a.sequence - b.sequence);
		expect(items).toHaveLength(250);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(Object.keys(item.json)).toEqual(ROW_FIELDS);
			const stored = [...bed.sandbox.store.assets.values()].find((asset) => asset.path === rows[i].url);
			expect(item.json).toEqual({
				asset_id: stored?.id,
				source_path: rows[i].url,
				status: 'pending',
				error_code: null,
				error_reason: null,
				dataset_id: demoImages,
				ingest_job_id: jobs[Math.floor(i / 100)].id,
				job_status: 'pending',
			});
		});
	});

	test('Wait for Completion: 250 rows, broken and forbidden among them: every row once with its status or error code, one status read per job', async () => {
		fastJobs();
		const rows = Array.from({ length: 250 }, (_, i) => ({
			url: `https://cdn.example.com/w12/${i % 50 === 7 ? 'broken/' : i % 50 === 9 ? 'forbidden/' : ''}${i}.jpg`,
		}));
		const { items, error } = await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}'), ...wait },
			rows,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
		expect(items.map((item) => item.json.source_path)).toEqual(rows.map((row) => row.url));
		const expected = (url: string) =>
			url.includes('broken') ? 'broken_url' : url.includes('forbidden') ? 'permission_denied' : null;
		expect(items.map((item) => [item.json.status, item.json.error_code])).toEqual(
			rows.map((row) => [expected(row.url) ? 'error' : 'completed', expected(row.url)]),
		);
		for (const item of items) {
			expect(bed.sandbox.store.assets.get(String(item.json.asset_id))).toMatchObject({
				path: item.json.source_path,
				status: item.json.status,
			});
			expect(item.json.job_status).toBe('completed');
		}
		expect(items.filter((item) => item.json.status === 'error')).toHaveLength(10);
		const statusReads = bed.apiRequests().filter((r) => /\/ingestion\/jobs\/[0-9a-f]{24}\/status$/.test(r.path));
		expect(statusReads.map((r) => r.path).sort()).toEqual(
			[...new Set(items.map((item) => `/api/v1/ingestion/jobs/${String(item.json.ingest_job_id)}/status`))].sort(),
		);
		expect(statusReads).toHaveLength(3);
	});

	test("Include Input Fields: the row's fields come first; the outcome wins on a field of the same name", async () => {
		fastJobs();
		const rows = [
			{ url: 'https://cdn.example.com/inc/a.jpg', campaign: 'spring', status: 'from the CSV' },
			{ url: 'https://cdn.example.com/inc/missing.jpg', campaign: 'fall', status: 'from the CSV' },
		];
		const { items } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: images('={{ $json.url }}'),
				options: { includeInputFields: true },
				...wait,
			},
			rows,
		);
		expect(Object.keys(items[0].json)).toEqual([
			'url',
			'campaign',
			'status',
			...ROW_FIELDS.filter((field) => field !== 'status'),
		]);
		expect(items.map((item) => [item.json.url, item.json.campaign, item.json.status, item.json.error_code])).toEqual([
			[rows[0].url, 'spring', 'completed', null],
			[rows[1].url, 'fall', 'error', 'broken_url'],
		]);
		const without = await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}') },
			rows,
		);
		expect(without.items[0].json.campaign).toBeUndefined();
	});

	test('metadata as key/value pairs (the default), from item fields, or JSON', async () => {
		bed.sandbox.clock.freeze();
		const rows = [{ url: 'https://cdn.example.com/md/a.jpg', campaign: 'spring', year: 2026, shot: { city: 'Lyon' } }];
		const pairs = {
			pair: [
				{ name: 'campaign', value: '={{ $json.campaign }}' },
				{ name: 'year', value: '={{ $json.year }}' },
				{ name: 'source', value: 'csv' },
				{ name: '', value: '' },
			],
		};
		await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: images('={{ $json.url }}', { metadataPairs: pairs }),
			},
			rows,
		);
		await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: images('={{ $json.url }}', { metadataInput: 'itemFields', metadataItemFields: 'campaign, shot.city' }),
			},
			rows,
		);
		await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				images: images('={{ $json.url }}', {
					metadataInput: 'json',
					metadata: '={{ JSON.stringify({ campaign: $json.campaign }) }}',
				}),
			},
			rows,
		);
		await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}') },
			rows,
		);
		expect(posts('/api/v1/ingestion/images').map((r) => (r.body as { images: IDataObject[] }).images[0])).toEqual([
			{ source_path: rows[0].url, metadata: { campaign: 'spring', year: 2026, source: 'csv' } },
			{ source_path: rows[0].url, metadata: { campaign: 'spring', 'shot.city': 'Lyon' } },
			{ source_path: rows[0].url, metadata: { campaign: 'spring' } },
			{ source_path: rows[0].url },
		]);
	});

	test('a row of 250 assets comes out as 250 items, each paired to it with its own outcome and job', async () => {
		fastJobs();
		const many = Array.from({ length: 250 }, (_, i) => ({
			source_path: `https://cdn.example.com/many12/${i === 120 ? 'broken-' : ''}${i}.jpg`,
		}));
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				inputMode: 'json',
				imagesJson: '={{ $json.images }}',
				...wait,
			},
			[{ images: [{ source_path: 'https://cdn.example.com/many12/single.jpg' }] }, { images: many }],
		);
		expect(error).toBeUndefined();
		// Combined: 251 assets in 3 requests, the second row's assets in all three.
		expect(posts('/api/v1/ingestion/images').map((r) => (r.body as { images: unknown[] }).images.length)).toEqual([
			100, 100, 51,
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...many.map(() => ({ item: 1 }))]);
		expect(items[0].json).toMatchObject({
			source_path: 'https://cdn.example.com/many12/single.jpg',
			status: 'completed',
		});
		const assets = items.slice(1).map((item) => item.json);
		expect(assets.map((asset) => Object.keys(asset))).toEqual(many.map(() => ROW_FIELDS));
		expect(assets.map((asset) => asset.source_path)).toEqual(many.map((asset) => asset.source_path));
		const jobs = [...bed.sandbox.store.ingestion.jobs.values()]
			.sort((a, b) => a.sequence - b.sequence)
			.map((job) => job.id);
		expect(assets.map((asset) => asset.ingest_job_id)).toEqual(many.map((_, i) => jobs[Math.floor((i + 1) / 100)]));
		expect(assets.map((asset) => [asset.status, asset.error_code])).toEqual(
			many.map((_, i) => (i === 120 ? ['error', 'broken_url'] : ['completed', null])),
		);
		expect(new Set(assets.map((asset) => asset.asset_id)).size).toBe(250);
	});

	test('Continue On Fail: a row whose assets went in a request that failed is one error item, never a partial result', async () => {
		const many = Array.from({ length: 200 }, (_, i) => ({ source_path: `https://cdn.example.com/cof12/${i}.jpg` }));
		// Row 0's 150 assets go in the first request (which fails) and the second (which it shares with row 1).
		bed.sandbox.setFaults({ errorRate: 1, errorStatuses: [500], maxFaults: 1, paths: ['/api/v1/ingestion/images'] });
		const { items, error } = await run(
			'job',
			{
				operation: 'createFromImages',
				datasetId: byId(demoImages),
				inputMode: 'json',
				imagesJson: '={{ $json.images }}',
			},
			[{ images: many.slice(0, 150) }, { images: many.slice(150) }],
			true,
		);
		bed.sandbox.clearFaults();
		expect(error).toBeUndefined();
		expect(
			posts('/api/v1/ingestion/images').map((r) => [r.status, (r.body as { images: unknown[] }).images.length]),
		).toEqual([
			[500, 100],
			[200, 100],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...many.slice(150).map(() => ({ item: 1 }))]);
		expect(items[0].json).toEqual({ error: expect.any(String), description: expect.any(String) });
		expect(items.slice(1).map((item) => [item.json.status, item.json.source_path])).toEqual(
			many.slice(150).map((asset) => ['pending', asset.source_path]),
		);
	});

	test('When an Asset Fails: Fail the Node names the row, its asset and the code', async () => {
		fastJobs();
		const rows = [{ url: 'https://cdn.example.com/ff12/ok.jpg' }, { url: 'https://cdn.example.com/ff12/denied.jpg' }];
		const parameters = {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: images('={{ $json.url }}'),
			options: { assetFailure: 'fail' },
			...wait,
		};
		const { error } = await run('job', parameters, rows);
		expect(error?.message).toBe(
			'1 of 1 assets of item 1 failed: https://cdn.example.com/ff12/denied.jpg (permission_denied)',
		);
		expect(error?.context?.itemIndex).toBe(1);
		const tolerant = await run('job', parameters, rows, true);
		expect(tolerant.items.map((item) => [item.pairedItem, item.json.status ?? item.json.error])).toEqual([
			[{ item: 0 }, 'completed'],
			[{ item: 1 }, '1 of 1 assets of item 1 failed: https://cdn.example.com/ff12/denied.jpg (permission_denied)'],
		]);
	});

	test('Job › Get Many Asset Statuses returns every asset by default; a Limit is an explicit choice', async () => {
		bed.sandbox.clock.freeze();
		// One job of 100 assets: more than the Limit of 50 that earlier versions apply unless Return All is on.
		const rows = Array.from({ length: 100 }, (_, i) => ({ url: `https://cdn.example.com/all12/${i}.jpg` }));
		const created = await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}') },
			rows,
		);
		expect(new Set(created.items.map((item) => item.json.ingest_job_id)).size).toBe(1);
		const jobId = String(created.items[0].json.ingest_job_id);
		const all = await run('job', { operation: 'getStatus', jobId: byId(jobId) });
		expect(all.items.map((item) => item.json.source_path).sort()).toEqual(rows.map((row) => row.url).sort());
		const limited = await run('job', { operation: 'getStatus', jobId: byId(jobId), returnAll: false, limit: 20 });
		expect(limited.items).toHaveLength(20);
	});

	test('the rows of a waited ingest pair with Get Many Asset Statuses by their asset IDs', async () => {
		fastJobs();
		const rows = Array.from({ length: 3 }, (_, i) => ({ url: `https://cdn.example.com/pair12/${i}.jpg` }));
		const ingested = await run(
			'job',
			{ operation: 'createFromImages', datasetId: byId(demoImages), images: images('={{ $json.url }}'), ...wait },
			rows,
		);
		bed.sandbox.clearRequestLog();
		const { items } = await run(
			'job',
			{ operation: 'getStatus', jobId: byId('={{ $json.ingest_job_id }}') },
			ingested.items.map((item) => item.json),
		);
		expect(bed.apiRequests()).toHaveLength(1);
		expect(items.map((item) => [item.json.source_path, item.pairedItem])).toEqual(
			rows.map((row, i) => [row.url, [{ item: i }]]),
		);
	});

	test('Asset › Delete names each asset as asset_id or source_path; Update Metadata takes pairs and names its asset', async () => {
		const [first, second] = [...bed.sandbox.store.assets.values()].filter((a) => a.datasetId === demoImages);
		const updated = await run('asset', {
			operation: 'updateMetadata',
			datasetId: byId(demoImages),
			updates: {
				update: [
					{
						identifyBy: 'assetId',
						identifier: first.id,
						assetType: 'image',
						metadataPairs: { pair: [{ name: 'campaign', value: 'summer' }] },
					},
				],
			},
		});
		expect(updated.error).toBeUndefined();
		expect(posts('/api/v1/ingestion/metadata')[0].body).toMatchObject({
			update_assets: [{ asset_id: first.id, asset_type: 'image', metadata: { campaign: 'summer' } }],
		});
		expect(updated.items[0].json).toMatchObject({ asset_id: first.id, source_path: null, job_type: 'metadata' });
		expect(bed.sandbox.store.assets.get(first.id)?.metadata).toMatchObject({ campaign: 'summer' });
		const deleted = await run('asset', {
			operation: 'delete',
			datasetId: byId(demoImages),
			identifiers: `${first.id.toUpperCase()}\n${second.path}`,
		});
		expect(deleted.items.map((item) => [item.json.id, item.json.asset_id, item.json.source_path])).toEqual([
			[first.id.toUpperCase(), first.id, null],
			[second.path, null, second.path],
		]);
	});
});

describe('Output, and as an AI tool a Limit of 10', () => {
	const runAs = (resource: string, parameters: Record<string, unknown>, tool = false) =>
		bed.harness.runNode({ type: tool ? `${type}Tool` : type, parameters: { resource, ...parameters } });
	const SIMPLE = [
		'created_dt',
		'dataset_id',
		'error_details',
		'errored_assets',
		'finished_dt',
		'id',
		'job_type',
		'processed_assets',
		'status',
		'total_assets',
	];

	test('Job › Get and Get Many: Output Simplified by default (what Simplify kept), Raw the whole record, Selected Fields the chosen ones and the id', async () => {
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: [{ sourcePath: 'https://x.example.com/o.jpg' }] },
		});
		const jobId = String(created.items[0].json.ingest_job_id);
		const simple = await runAs('job', { operation: 'get', jobId: byId(jobId) });
		expect(Object.keys(simple.items[0].json).sort()).toEqual(SIMPLE);
		const raw = await runAs('job', { operation: 'get', jobId: byId(jobId), output: 'raw' });
		expect(Object.keys(raw.items[0].json).length).toBeGreaterThan(10);
		expect(raw.items[0].json.details).toBeDefined();
		const picked = await runAs('job', { operation: 'getMany', output: 'fields', fields: ['status', 'details'] });
		expect(Object.keys(picked.items[0].json)).toEqual(['id', 'status', 'details']);
	});

	test("as an AI tool, Job › Get Many and a job's asset statuses return 10 by default; as a workflow step the statuses come whole", async () => {
		bed.sandbox.clock.freeze();
		const urls = Array.from({ length: 14 }, (_, i) => ({ sourcePath: `https://x.example.com/t/${i}.jpg` }));
		const created = await run('job', {
			operation: 'createFromImages',
			datasetId: byId(demoImages),
			images: { image: urls },
		});
		const jobId = String(created.items[0].json.ingest_job_id);
		for (let i = 0; i < 11; i++)
			await run('job', { operation: 'createFromImages', datasetId: byId(demoMixed), images: { image: [urls[i]] } });

		const toolStatuses = await runAs('job', { operation: 'getStatus', jobId: byId(jobId) }, true);
		expect(toolStatuses.error).toBeUndefined();
		expect(toolStatuses.items).toHaveLength(10);
		expect((await runAs('job', { operation: 'getStatus', jobId: byId(jobId) })).items).toHaveLength(14);
		expect(
			(await runAs('job', { operation: 'getStatus', jobId: byId(jobId), returnAll: true }, true)).items,
		).toHaveLength(14);

		expect((await runAs('job', { operation: 'getMany' }, true)).items).toHaveLength(10);
		expect((await runAs('job', { operation: 'getMany' })).items).toHaveLength(12);
	});
});
