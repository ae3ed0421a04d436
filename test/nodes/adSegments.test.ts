/* Dev-only: the Ad Segments node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { startFaultProxy } from '../support/fault-proxy';
import { TYPES, useTestBed } from './setup';
import { byId } from '../support/locators';
import { HINTS } from '../../nodes/shared/http/failures';

const bed = useTestBed();
const type = TYPES.adSegments;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const UNKNOWN_DATASET = '0f0e0d0c-0b0a-4908-8706-050403020100';
const pathOf = (datasetId: string, identifier: string) =>
	`/api/v1/datasets/${datasetId}/videos/external-identifier/${identifier}/ad-segments`;

const run = (
	operation: string,
	parameters: Record<string, unknown> = {},
	inputItems?: IDataObject[],
	continueOnFail = false,
) =>
	bed.harness.runNode({
		type,
		parameters: {
			resource: 'adSegment',
			operation,
			datasetId: byId(VIDEOS),
			assetIdentifier: 'video-001',
			...parameters,
		},
		inputItems,
		continueOnFail,
	});

const segment = (
	startTimeMs: number,
	endTimeMs: number,
	startFrame: number,
	endFrame: number,
	metadata?: IDataObject,
) => ({
	startTimeMs,
	endTimeMs,
	startFrame,
	endFrame,
	...(metadata ? { metadata } : {}),
});
const withFields = (...segments: IDataObject[]) => ({ segmentsInput: 'fields', segments: { segment: segments } });
const withJson = (json: unknown) => ({
	segmentsInput: 'json',
	segmentsJson: typeof json === 'string' ? json : JSON.stringify(json),
});

describe('Ad Segment: Create', () => {
	test('creates segments typed in the fields (metadata optional; number defaults to the position); 202 accepted', async () => {
		const { items, error } = await run(
			'create',
			withFields(
				segment(0, 15000, 0, 375, { segmentType: 'pre-roll', incode: '00:00:00:00', outcode: '00:00:15:00' }),
				segment(30000.5, 45000, 750, 1125),
			),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ asset_identifier_value: 'video-001', ad_segments_created: 2 });
		expect((items[0].json.segments as IDataObject[]).map((s) => s.segment_number)).toEqual([1, 2]);
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({ method: 'POST', path: pathOf(VIDEOS, 'video-001'), status: 202 });
		expect(sent.body).toEqual({
			ad_segments: [
				{
					segment_start_time_ms: 0,
					segment_end_time_ms: 15000,
					segment_start_frame_number: 0,
					segment_end_frame_number: 375,
					metadata: { segment_type: 'pre-roll', segment_number: 1, incode: '00:00:00:00', outcode: '00:00:15:00' },
				},
				{
					segment_start_time_ms: 30000.5,
					segment_end_time_ms: 45000,
					segment_start_frame_number: 750,
					segment_end_frame_number: 1125,
				},
			],
		});
	});

	test('creates segments from JSON computed by an expression, per item', async () => {
		const { items, error } = await run(
			'create',
			{
				assetIdentifier: '={{ $json.video }}',
				segmentsInput: 'json',
				segmentsJson: '={{ $json.segments }}',
			},
			[
				{
					video: 'video-002',
					segments: [
						{
							segment_start_time_ms: 1000,
							segment_end_time_ms: 2000,
							segment_start_frame_number: 25,
							segment_end_frame_number: 50,
						},
					],
				},
				{
					video: 'video-003',
					segments: {
						ad_segments: [
							{
								segment_start_time_ms: 0,
								segment_end_time_ms: 500,
								segment_start_frame_number: 0,
								segment_end_frame_number: 12,
								metadata: { segment_type: 'mid-roll', segment_number: 7, incode: 'a', outcode: 'b' },
							},
						],
					},
				},
			],
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.asset_identifier_value, item.pairedItem])).toEqual([
			['video-002', { item: 0 }],
			['video-003', { item: 1 }],
		]);
		expect((items[1].json.segments as IDataObject[])[0].segment_number).toBe(7);
		// Items side by side: one request each, in whichever order they reach the service.
		expect(
			bed
				.apiRequests()
				.map((r) => r.path)
				.sort(),
		).toEqual([pathOf(VIDEOS, 'video-002'), pathOf(VIDEOS, 'video-003')]);
	});

	test('an identifier with spaces or slashes is sent encoded in the path', async () => {
		const video = [...bed.sandbox.store.assets.values()].find((asset) => asset.externalId === 'video-004')!;
		video.externalId = 'EP 12/A';
		const { error } = await run('create', { assetIdentifier: 'EP 12/A', ...withFields(segment(0, 10, 0, 1)) });
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0].path).toBe(pathOf(VIDEOS, 'EP%2012%2FA'));
		expect(bed.apiRequests()[0].status).toBe(202);
	});

	test.each([
		[
			'start after end',
			withFields(segment(9000, 4000, 0, 10)),
			'Invalid Segments in item 0: segment 1 ends at 4000 ms, before its start at 9000 ms',
		],
		[
			'frames reversed',
			withFields(segment(0, 10, 30, 20)),
			'Invalid Segments in item 0: segment 1 ends at frame 20, before its start frame 30',
		],
		[
			'a negative time',
			withFields(segment(-1, 10, 0, 1)),
			'Invalid Segments in item 0: segment 1 has a negative Begins At (-1)',
		],
		[
			'a fractional frame',
			withFields(segment(0, 10, 0, 1.5)),
			'Invalid Segments in item 0: segment 1 has a Last Frame that is not a whole number (1.5)',
		],
		[
			'incomplete metadata',
			withFields(segment(0, 10, 0, 1, { segmentType: 'pre-roll' })),
			'Invalid Segments in item 0: the metadata of segment 1 has no Incode',
		],
		['no segments', withFields(), 'Invalid Segments in item 0: there are no segments'],
		[
			'JSON start > end',
			withJson([
				{
					segment_start_time_ms: 10,
					segment_end_time_ms: 5,
					segment_start_frame_number: 0,
					segment_end_frame_number: 1,
				},
			]),
			'Invalid Segments (JSON) in item 0: segment 1 ends at 5 ms, before its start at 10 ms',
		],
		[
			'JSON with a misspelt field',
			withJson([{ start_time_ms: 0 }]),
			'Invalid Segments (JSON) in item 0: segment 1 has the unknown field "start_time_ms"',
		],
		[
			'JSON without a field',
			withJson([{ segment_start_time_ms: 0, segment_end_time_ms: 5, segment_start_frame_number: 0 }]),
			'Invalid Segments (JSON) in item 0: segment 1 has no valid segment_end_frame_number (missing)',
		],
		[
			'JSON that is not a list',
			withJson({ segments: [] }),
			'Invalid Segments (JSON) in item 0: it is not a list of segments',
		],
		['malformed JSON', withJson('[{"segment_start_time_ms": '), undefined],
	])('refuses %s before any request', async (_case, parameters, message) => {
		const { error } = await run('create', parameters as IDataObject);
		if (message) expect(error?.message).toBe(message);
		else expect(error?.message).toMatch(/^Invalid Segments \(JSON\) in item 0: it is not valid JSON/);
		expect(error?.description).toBeTruthy();
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('names the item that is wrong; no request starts after it (items run side by side: an earlier one may be sent)', async () => {
		const { error } = await run('create', { segmentsInput: 'json', segmentsJson: '={{ $json.segments }}' }, [
			{
				segments: [
					{
						segment_start_time_ms: 0,
						segment_end_time_ms: 5,
						segment_start_frame_number: 0,
						segment_end_frame_number: 1,
					},
				],
			},
			{
				segments: [
					{
						segment_start_time_ms: 7,
						segment_end_time_ms: 6,
						segment_start_frame_number: 0,
						segment_end_frame_number: 1,
					},
				],
			},
		]);
		expect(error?.message).toBe('Invalid Segments (JSON) in item 1: segment 1 ends at 6 ms, before its start at 7 ms');
		expect(error?.context?.itemIndex).toBe(1);
		expect(bed.apiRequests().length).toBeLessThanOrEqual(1);
	});
});

describe('Ad Segment: Get', () => {
	test('returns one item per segment of the video, each naming its video, and none when it has none', async () => {
		const empty = await run('get');
		expect(empty.error).toBeUndefined();
		expect(empty.items).toEqual([]);

		await run('create', withFields(segment(20000, 30000, 500, 750), segment(0, 10000, 0, 250)));
		const { items } = await run('get');
		expect(items.map((item) => item.json)).toEqual([
			{
				dataset_id: VIDEOS,
				asset_identifier_value: 'video-001',
				id: expect.any(String),
				segment_start_time_ms: 0,
				segment_end_time_ms: 10000,
				segment_start_frame_number: 0,
				segment_end_frame_number: 250,
				metadata: null,
			},
			expect.objectContaining({
				asset_identifier_value: 'video-001',
				segment_start_time_ms: 20000,
				segment_end_frame_number: 750,
			}),
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(bed.apiRequests().at(-1)).toMatchObject({ method: 'GET', path: pathOf(VIDEOS, 'video-001') });
	});

	test('an answer without the ad_segments list is a clear error, not an item', async () => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			proxy.inject((method) => method === 'GET', { kind: 'status', status: 200, body: { segments: 'none' } });
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const { items, error } = await run('get');
			expect(items).toEqual([]);
			expect(error?.message).toMatch(
				/^The Media Analysis Service answered GET \/api\/v1\/datasets\/.+\/ad-segments without the "ad_segments" list it should hold \(the answer was an object with the keys segments\)$/,
			);
		} finally {
			await proxy.close();
		}
	});
});

describe('Ad Segment: Delete', () => {
	test.each([204, 200] as const)(
		'a %i answer is success and returns {deleted: true}; the segments are gone',
		async (status) => {
			bed.sandbox.store.adSegments.deleteSuccessStatus = status;
			await run('create', withFields(segment(0, 10000, 0, 250)));
			const { items, error } = await run('delete');
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: 'video-001', dataset_id: VIDEOS }]);
			const sent = bed.apiRequests().find((r) => r.method === 'DELETE');
			expect(sent).toMatchObject({ path: pathOf(VIDEOS, 'video-001'), status });
			const after = await run('get');
			expect(after.items).toEqual([]);
			// Soft deletion: the sandbox still holds the record, marked deleted.
			expect(bed.sandbox.store.adSegments.segments.map((s) => s.deletedAt !== null)).toEqual([true]);
		},
	);

	test('deleting when the video has no ad segments succeeds', async () => {
		const { items, error } = await run('delete');
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: 'video-001', dataset_id: VIDEOS }]);
		expect(bed.apiRequests().map((r) => r.status)).toEqual([204]);
	});

	test('403: the caller may not delete assets in the dataset', async () => {
		bed.sandbox.store.adSegments.denyAssetDeletion(VIDEOS);
		const { error } = await run('delete');
		expect(error?.message).toBe(
			'You are not allowed to delete assets in this dataset, so its ad segments cannot be deleted',
		);
		expect(error?.description).toContain(
			`Ask a Media Analysis administrator for a role on dataset ${VIDEOS} that allows deleting assets`,
		);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('403');
		expect(bed.apiRequests().map((r) => r.status)).toEqual([403]);
	});
});

describe('Ad Segment: errors of every operation', () => {
	test.each(['create', 'get', 'delete'])('%s: 404 for an unknown video or dataset says which', async (operation) => {
		const parameters = operation === 'create' ? withFields(segment(0, 10, 0, 1)) : {};
		const video = await run(operation, { assetIdentifier: 'video-999', ...parameters });
		expect(video.error?.message).toBe(
			`No video with the asset identifier "video-999" in dataset ${VIDEOS}, or no such dataset`,
		);
		expect(video.error?.description).toMatch(/must match the identifier stored with the video exactly/);
		const dataset = await run(operation, { datasetId: byId(UNKNOWN_DATASET), ...parameters });
		expect(dataset.error?.message).toBe(
			`No video with the asset identifier "video-001" in dataset ${UNKNOWN_DATASET}, or no such dataset`,
		);
		expect(bed.apiRequests().map((r) => r.status)).toEqual([404, 404]);
	});

	test.each(['create', 'get', 'delete'])(
		'%s: 422 when several videos share the identifier (demo_mixed "shared-id")',
		async (operation) => {
			const parameters = operation === 'create' ? withFields(segment(0, 10, 0, 1)) : {};
			const { error } = await run(operation, {
				datasetId: byId(SEED_DATASET_IDS.demoMixed),
				assetIdentifier: 'shared-id',
				...parameters,
			});
			expect(error?.message).toBe(
				`Several videos in dataset ${SEED_DATASET_IDS.demoMixed} have the asset identifier "shared-id"`,
			);
			expect(error?.description).toMatch(/the identifier must match one video only/);
			expect((error as unknown as { httpCode: string }).httpCode).toBe('422');
			expect(bed.apiRequests().map((r) => r.status)).toEqual([422]);
		},
	);

	test.each(['create', 'get', 'delete'])(
		'%s: a 422 that only names asset_identifier_value is not reported as several videos; missing gateway headers are explained',
		async (operation) => {
			const parameters = operation === 'create' ? withFields(segment(0, 10, 0, 1)) : {};
			const proxy = await startFaultProxy(bed.sandbox.url);
			try {
				const onSegments = (_method: string, path: string) => path.endsWith('/ad-segments');
				proxy.inject(
					onSegments,
					{
						kind: 'status',
						status: 422,
						body: {
							detail: [
								{
									loc: ['path', 'asset_identifier_value'],
									msg: 'String should have at least 1 character',
									type: 'string_too_short',
								},
							],
						},
					},
					{ kind: 'status', status: 422, body: { detail: 'Missing gateway identity headers' } },
				);
				bed.useCredential('personalToken', { baseUrl: proxy.url });
				const invalid = await run(operation, parameters);
				expect(invalid.error?.message).not.toMatch(/Several videos/);
				expect(invalid.error?.description).toContain('asset_identifier_value: String should have at least 1 character');
				const gateway = await run(operation, parameters);
				expect(gateway.error?.message).toBe(
					'The service refused the request: it arrived without the identity headers its gateway adds',
				);
				expect(gateway.error?.description).toContain(HINTS.baseUrl);
			} finally {
				await proxy.close();
			}
		},
	);

	test('a segment that ends where it starts is sent, and the sandbox takes it', async () => {
		const { items, error } = await run('create', withFields(segment(5000, 5000, 120, 120)));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ ad_segments_created: 1 });
		expect(bed.apiRequests().map((r) => r.status)).toEqual([202]);
	});

	test('a malformed dataset ID or an empty identifier is refused before any request', async () => {
		const badId = await run('get', { datasetId: byId('={{ "demo_videos" }}') });
		expect(badId.error?.message).toBe('Invalid Dataset in item 0: "demo_videos" is not a UUID');
		const empty = await run('get', { assetIdentifier: '  ' });
		expect(empty.error?.message).toBe('Invalid Asset Identifier in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: each item gets its own answer or error, pairing intact', async () => {
		const { items, error } = await run(
			'get',
			{ assetIdentifier: '={{ $json.video }}' },
			[{ video: 'video-000' }, { video: 'nope' }, { video: '' }, { video: 'video-005' }],
			true,
		);
		expect(error).toBeUndefined();
		// video-000 and video-005 have no segments (no item); the failures keep their own items.
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toBe(
			`No video with the asset identifier "nope" in dataset ${VIDEOS}, or no such dataset`,
		);
		expect(items[1].json.error).toBe('Invalid Asset Identifier in item 2: it is empty');
	});
});
