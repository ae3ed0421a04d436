/* Dev-only: property-based bad input (issue 8). Arbitrary values that break a parameter's rule are refused before any
 * request, each naming the parameter and its own item. Several values go through one engine run as separate input
 * items with Continue On Fail, so each property is a few dozen engine runs. */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { TYPES, useTestBed } from '../nodes/setup';
import { byId, byName, byUrl } from '../support/locators';

const bed = useTestBed();

const RUNS = 50;
const ITEMS = { minLength: 1, maxLength: 8 };
const FROM_ITEM = '={{ $json.v }}';
const DATASET = SEED_DATASET_IDS.demoImages;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const JOB_ID = /^[0-9a-f]{24}$/;
const CONNECTION_NAME = /^[a-z0-9_]{3,255}$/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Replaces, inserts or deletes one character of a valid value: the near misses a typo makes. */
const nearMiss = (valid: fc.Arbitrary<string>) =>
	fc
		.tuple(valid, fc.nat(), fc.constantFrom('', 'g', 'Z', '-', ' ', '_', 'é', '0', 'ff'), fc.boolean())
		.map(([text, at, piece, replace]) => {
			const i = at % (text.length + 1);
			return text.slice(0, i) + piece + text.slice(replace ? i + 1 : i);
		});

/** Anything an expression could hand over: text of any kind, numbers, booleans. */
const anyText = fc.oneof(
	fc.string(),
	fc.string({ unit: 'binary-ascii' }),
	fc.string({ unit: 'grapheme', maxLength: 60 }),
);
const anyValue = fc.oneof(anyText, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());

/**
 * Runs one node with each value as its own input item (read by `={{ $json.v }}`) and checks every item: an error item
 * "Invalid <parameter> in item <i>: …" paired to its own item, and nothing sent to the sandbox, login included.
 */
async function refusedEach(
	node: keyof typeof TYPES,
	parameters: IDataObject,
	parameter: string,
	values: unknown[],
	problem = '',
): Promise<void> {
	const { items, error } = await bed.harness.runNode({
		type: TYPES[node],
		parameters: parameters as INodeParameters,
		inputItems: values.map((v) => ({ v }) as IDataObject),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(values.length);
	items.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		expect(item.json.error).toMatch(new RegExp(`^Invalid ${escape(parameter)} in item ${i}: ${problem}`));
		expect(String(item.json.description ?? '')).not.toBe('');
	});
	expect(bed.sandbox.requests).toHaveLength(0);
}

const check = async <T>(values: fc.Arbitrary<T>, predicate: (batch: T[]) => Promise<void>) =>
	await fc.assert(fc.asyncProperty(fc.array(values, ITEMS), predicate), { numRuns: RUNS });

describe('identifiers', () => {
	test('any value that is not a UUID is refused as a dataset ID', async () => {
		const notUuid = fc
			.oneof(anyValue, nearMiss(fc.uuid()))
			.filter((v) => !(typeof v === 'string' && UUID.test(v.trim())));
		await check(notUuid, async (values) => {
			await refusedEach(
				'datasets',
				{ resource: 'dataset', operation: 'get', datasetId: byId(FROM_ITEM) },
				'Dataset',
				values,
			);
		});
	});

	test('a UUID that is not version 4 (or any non-UUID) is refused as a concept ID', async () => {
		const notUuid4 = fc
			.oneof(fc.uuid(), nearMiss(fc.uuid({ version: 4 })), anyText)
			.filter((v) => !UUID4.test(v.trim()));
		await check(notUuid4, async (values) => {
			await refusedEach(
				'concepts',
				{ resource: 'concept', operation: 'get', conceptId: byId(FROM_ITEM) },
				'Concept',
				values,
			);
		});
	});

	test('anything but 24 lowercase hex characters is refused as an ingestion job ID', async () => {
		const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));
		const notJobId = fc
			.oneof(
				nearMiss(hex(24)),
				hex(24).map((id) => id.toUpperCase()),
				fc.integer({ min: 0, max: 40 }).chain((length) => hex(length)),
				anyValue,
			)
			.filter((v) => !(typeof v === 'string' && JOB_ID.test(v.trim())));
		await check(notJobId, async (values) => {
			await refusedEach('ingestion', { resource: 'job', operation: 'get', jobId: byId(FROM_ITEM) }, 'Job', values);
		});
	});

	test('connection names that break the rules (3–255 of a-z, 0-9, _) are refused on create', async () => {
		const validName = fc.stringMatching(/^[a-z0-9_]{3,20}$/);
		const badName = fc
			.oneof(
				nearMiss(validName),
				fc.stringMatching(/^[a-z0-9_]{0,2}$/),
				fc.integer({ min: 256, max: 400 }).map((length) => 'a'.repeat(length)),
				anyText,
			)
			.filter((v) => !CONNECTION_NAME.test(v.trim()));
		await check(badName, async (values) => {
			await refusedEach(
				'connections',
				{
					resource: 'connection',
					operation: 'create',
					name: FROM_ITEM,
					type: 'https_bearer',
					hostname: 'h.example',
					bearerToken: 'tok',
				},
				'Name',
				values,
			);
		});
	});
});

/** Whether a value fits the range: a number, or numeric text as expressions give it (-0 counts as 0). */
function fits(value: unknown, min: number, max: number | undefined, integer: boolean): boolean {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return (
		typeof number === 'number' &&
		Number.isFinite(number) &&
		(!integer || Number.isInteger(number)) &&
		number >= min &&
		(max === undefined || number <= max)
	);
}

/** Numbers (or text) a range refuses: below or above it, fractions of a whole-number range, text that is no number. */
function outside(min: number, max?: number, { integer = true } = {}) {
	const parts: Array<fc.Arbitrary<number | string>> = [
		fc.integer({ max: Math.ceil(min) - 1 }),
		fc.double({ max: min, maxExcluded: true, noNaN: true, noDefaultInfinity: true }),
		fc.string().filter((text) => text.trim() !== '' && Number.isNaN(Number(text))),
	];
	if (max !== undefined)
		parts.push(
			fc.integer({ min: max + 1 }),
			fc.double({ min: max, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
		);
	if (integer) parts.push(fc.double({ min, max: max ?? 1e9, noNaN: true }));
	return fc.oneof(...parts).filter((value) => !fits(value, min, max, integer));
}

describe('ranges', () => {
	test('Number of Candidates outside 1–20', async () => {
		await check(outside(1, 20), async (values) => {
			await refusedEach(
				'concepts',
				{ resource: 'label', operation: 'getCandidates', conceptId: byId(DATASET), numberOfCandidates: FROM_ITEM },
				'Number of Candidates',
				values,
			);
		});
	});

	test('Max Depth of a bucket scan outside 0–10', async () => {
		await check(outside(0, 10), async (values) => {
			await refusedEach(
				'ingestion',
				{
					resource: 'job',
					operation: 'createFromBucket',
					datasetId: byId(DATASET),
					options: { connection: byName(SEED_CONNECTION_NAMES.s3) },
					bucketPath: 's3://b/',
					maxDepth: FROM_ITEM,
				},
				'Max Depth',
				values,
			);
		});
	});

	test('image-to-image Limit outside 1–1000', async () => {
		await check(outside(1, 1000), async (values) => {
			await refusedEach(
				'search',
				{
					resource: 'image',
					operation: 'searchByImage',
					datasetId: byId(DATASET),
					queryImage: byUrl('https://example.com/a.jpg'),
					returnAll: false,
					limit: FROM_ITEM,
				},
				'Limit',
				values,
			);
		});
	});

	test('Limit below 1 or fractional on a page/per_page list (celebrity persons)', async () => {
		await check(outside(1), async (values) => {
			await refusedEach(
				'celebrity',
				{ resource: 'person', operation: 'getMany', returnAll: false, limit: FROM_ITEM },
				'Limit',
				values,
			);
		});
	});

	test('Session Duration of an AWS connection outside 60–3600 seconds', async () => {
		await check(outside(60, 3600), async (values) => {
			await refusedEach(
				'connections',
				{
					resource: 'connection',
					operation: 'create',
					name: 'ok_name',
					type: 'aws_iam_role',
					iamRoleArn: 'arn:aws:iam::123456789012:role/r',
					sessionTtlSeconds: FROM_ITEM,
				},
				'Session Duration (Seconds)',
				values,
			);
		});
	});

	test('wait options: Poll Interval below 0.1 s and Timeout below 1 s', async () => {
		const wait = {
			resource: 'query',
			operation: 'create',
			datasetId: byId(DATASET),
			queryType: 'SQL',
			query: 'SELECT 1',
			waitForCompletion: true,
		};
		await check(outside(0.1, undefined, { integer: false }), async (values) => {
			await refusedEach('queries', { ...wait, pollInterval: FROM_ITEM, waitTimeout: 60 }, 'Poll Interval', values);
		});
		await check(outside(1, undefined, { integer: false }), async (values) => {
			await refusedEach('queries', { ...wait, pollInterval: 1, waitTimeout: FROM_ITEM }, 'Timeout', values);
		});
	});

	test('ad segments: an end before the start, or a negative time, is refused', async () => {
		const time = fc.double({ min: 0, max: 1e7, noNaN: true });
		const backwards = fc
			.tuple(time, time)
			.filter(([start, end]) => end < start)
			.map(([start, end]) => ({ start, end }));
		const negative = fc
			.tuple(fc.double({ max: -Number.MIN_VALUE, min: -1e7, noNaN: true }), time)
			.map(([start, end]) => ({ start, end }));
		const parameters = {
			resource: 'adSegment',
			operation: 'create',
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			assetIdentifier: 'video-001',
			segmentsInput: 'fields',
			segments: {
				segment: [
					{ startTimeMs: '={{ $json.v.start }}', endTimeMs: '={{ $json.v.end }}', startFrame: 0, endFrame: 10 },
				],
			},
		};
		await check(fc.oneof(backwards, negative), async (values) => {
			await refusedEach(
				'adSegments',
				parameters,
				'Segments',
				values,
				'segment 1 (ends at .* ms, before its start|has a negative Begins At)',
			);
		});
	});
});

/** Text that JSON.parse refuses: cut-off JSON documents and arbitrary text. */
const notJson = fc
	.oneof(
		fc.tuple(fc.json({ maxDepth: 2 }), fc.nat()).map(([json, cut]) => json.slice(0, cut % Math.max(1, json.length))),
		fc.json({ maxDepth: 1 }).map((json) => `${json},`),
		anyText,
	)
	.filter((text) => {
		if (text.trim() === '') return false;
		try {
			JSON.parse(text);
			return false;
		} catch {
			return true;
		}
	});

describe('JSON parameters', () => {
	const cases: Array<[string, keyof typeof TYPES, IDataObject, string]> = [
		[
			'Dataset Config (JSON)',
			'datasets',
			{
				resource: 'dataset',
				operation: 'create',
				name: 'ok',
				encoderName: 'resnet-50',
				additionalFields: { datasetConfig: FROM_ITEM },
			},
			'Dataset Config (JSON)',
		],
		[
			'Segments (JSON)',
			'adSegments',
			{
				resource: 'adSegment',
				operation: 'create',
				datasetId: byId(SEED_DATASET_IDS.demoVideos),
				assetIdentifier: 'video-001',
				segmentsInput: 'json',
				segmentsJson: FROM_ITEM,
			},
			'Segments (JSON)',
		],
		[
			'History (JSON)',
			'conversationalSearch',
			{
				resource: 'chat',
				operation: 'sendMessage',
				scope: 'organization',
				message: 'hi',
				historySource: 'define',
				history: FROM_ITEM,
			},
			'History (JSON)',
		],
		[
			'Parameters (JSON)',
			'queries',
			{
				resource: 'query',
				operation: 'create',
				datasetId: byId(DATASET),
				queryType: 'SQL',
				query: 'SELECT 1',
				additionalFields: { parameters: FROM_ITEM },
			},
			'Parameters (JSON)',
		],
		[
			'Assets (JSON), a batch operation',
			'ingestion',
			{
				resource: 'job',
				operation: 'createFromAssets',
				datasetId: byId(DATASET),
				inputMode: 'json',
				assetsJson: FROM_ITEM,
			},
			'Assets (JSON)',
		],
		[
			'Metadata (JSON)',
			'ingestion',
			{
				resource: 'job',
				operation: 'createFromImages',
				datasetId: byId(DATASET),
				inputMode: 'fields',
				images: { image: [{ sourcePath: 'https://x/a.jpg', metadataInput: 'json', metadata: FROM_ITEM }] },
			},
			'Metadata (JSON)',
		],
		[
			'Updates (JSON)',
			'ingestion',
			{
				resource: 'asset',
				operation: 'updateMetadata',
				datasetId: byId(DATASET),
				updatesFrom: 'json',
				updatesJson: FROM_ITEM,
			},
			'Updates (JSON)',
		],
	];
	test.each(cases)('%s: text that does not parse', async (_name, node, parameters, parameter) => {
		await fc.assert(
			fc.asyncProperty(fc.array(notJson, ITEMS), async (values) => {
				await refusedEach(node, parameters, parameter, values, 'it is not valid JSON');
			}),
			{ numRuns: 30 },
		);
	});
});

test('dates: text that is no date is refused as a filter', async () => {
	const notDate = anyText.filter((text) => trimmed(text) !== '' && Number.isNaN(new Date(text).getTime()));
	await check(notDate, async (values) => {
		await refusedEach(
			'datasets',
			{ resource: 'dataset', operation: 'getMany', filters: { createdAfter: FROM_ITEM } },
			'Created After',
			values,
		);
	});
});
