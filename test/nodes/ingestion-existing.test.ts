/* Dev-only: Ingestion's Already in Dataset (issue 50, part 4) through n8n's engine against the sandbox: a pipeline
 * run again makes no job for what the dataset holds, and each item says what happened to its asset. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { loadExamples } from '../../scripts/n8n-runtime/examples';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { startFaultProxy } from '../support/fault-proxy';
import { byId } from '../support/locators';
import { TYPES, useTestBed } from './setup';

const bed = useTestBed();
beforeEach(() => bed.sandbox.store.ingestion.setStepMs(30));

const DATASET = SEED_DATASET_IDS.demoImages;
const WAIT = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 20 };
/** The Quick start's ingest node, as examples/quick-start.json has it. */
const quickStartIngest = () => {
	const example = loadExamples().find((candidate) => candidate.file === 'quick-start.json');
	const node = example?.workflow.nodes.find((candidate) => candidate.name === 'Ingest Images and Wait');
	if (!node) throw new Error('examples/quick-start.json has no "Ingest Images and Wait"');
	return {
		parameters: { ...node.parameters, pollInterval: 0.1 } as INodeParameters,
		typeVersion: Number(node.typeVersion),
	};
};
const jobs = () => [...bed.sandbox.store.ingestion.jobs.values()];
const creates = () => bed.apiRequests().filter((r) => r.method === 'POST' && r.path === '/api/v1/ingestion/images');
const lookups = () =>
	bed.apiRequests().filter((r) => r.method === 'POST' && r.path.endsWith('/assets/status') && r.path.includes(DATASET));
const images = (...paths: string[]) => ({ image: paths.map((sourcePath) => ({ sourcePath })) });
const url = (name: string) => `https://media.example.com/examples/${name}`;
const ingest = (
	parameters: IDataObject,
	inputItems?: IDataObject[],
	{ typeVersion, continueOnFail = false }: { typeVersion?: number; continueOnFail?: boolean } = {},
) =>
	bed.harness.runNode({
		type: TYPES.ingestion,
		typeVersion,
		parameters: { resource: 'job', operation: 'createFromImages', datasetId: byId(DATASET), ...WAIT, ...parameters },
		inputItems,
		continueOnFail,
	});
const said = (items: Array<{ json: IDataObject }>) =>
	items.map(({ json }) => [json.source_path, json.ingestion, json.status]);

describe('the Quick start run twice', () => {
	test('makes one job; the second run sends nothing and each of its items says skipped, with its status', async () => {
		const { parameters, typeVersion } = quickStartIngest();
		const first = await bed.harness.runNode({ type: TYPES.ingestion, typeVersion, parameters });
		expect(first.error).toBeUndefined();
		expect(jobs()).toHaveLength(1);
		expect(first.items.every((item) => item.json.ingestion === 'created')).toBe(true);
		const sentBefore = creates().length;

		const second = await bed.harness.runNode({ type: TYPES.ingestion, typeVersion, parameters });
		expect(second.error).toBeUndefined();
		expect(jobs()).toHaveLength(1);
		expect(creates()).toHaveLength(sentBefore);
		expect(second.items.map((item) => item.json.ingestion)).toEqual(first.items.map(() => 'skipped'));
		// The same assets, statuses and errors as the first run (the broken link stays an error), and no job.
		const view = ({ json }: { json: IDataObject }) => [json.source_path, json.asset_id, json.status, json.error_code];
		expect(second.items.map(view)).toEqual(first.items.map(view));
		expect(second.items.every((item) => item.json.ingest_job_id === null)).toBe(true);
		expect(second.items.map((item) => item.pairedItem)).toEqual(first.items.map(() => ({ item: 0 })));
	});
});

describe('Already in Dataset', () => {
	test('mixed inputs: one job for what is new only, every item in its own order, an item all present makes none', async () => {
		await ingest({ images: images(url('beach-sunset.jpg'), url('city-skyline.jpg')) });
		expect(jobs()).toHaveLength(1);
		const lookedUpBefore = lookups().length;
		const { items, error } = await ingest(
			{ images: { image: [{ sourcePath: '={{ $json.a }}' }, { sourcePath: '={{ $json.b }}' }] } },
			[
				{ a: url('forest-trail.png'), b: url('beach-sunset.jpg') },
				{ a: url('city-skyline.jpg'), b: url('beach-sunset.jpg') },
				{ a: url('mountain-lake.jpg'), b: url('forest-trail.png') },
			],
		);
		expect(error).toBeUndefined();
		expect(jobs()).toHaveLength(2);
		// Combine Items: the new paths of items 0 and 2 go in one request; item 1 sends nothing.
		expect((creates()[1].body as { images: IDataObject[] }).images.map((image) => image.source_path)).toEqual([
			url('forest-trail.png'),
			url('mountain-lake.jpg'),
			url('forest-trail.png'),
		]);
		expect(said(items)).toEqual([
			[url('forest-trail.png'), 'created', 'completed'],
			[url('beach-sunset.jpg'), 'skipped', 'completed'],
			[url('city-skyline.jpg'), 'skipped', 'completed'],
			[url('beach-sunset.jpg'), 'skipped', 'completed'],
			[url('mountain-lake.jpg'), 'created', 'completed'],
			[url('forest-trail.png'), 'created', 'completed'],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([0, 0, 1, 1, 2, 2].map((item) => ({ item })));
		// One lookup per distinct source path (a path two items send is looked up once).
		const looked = lookups().slice(lookedUpBefore);
		expect(looked.map((lookup) => (lookup.body as IDataObject).source_path).sort()).toEqual(
			[url('beach-sunset.jpg'), url('city-skyline.jpg'), url('forest-trail.png'), url('mountain-lake.jpg')].sort(),
		);
	});

	test("the service's filter is a prefix: a held path that only starts with the one sent does not count", async () => {
		await ingest({ images: images(`${url('beach-sunset.jpg')}?size=large`) });
		const { items } = await ingest({ images: images(url('beach-sunset.jpg')) });
		expect(said(items)).toEqual([[url('beach-sunset.jpg'), 'created', 'completed']]);
		expect(jobs()).toHaveLength(2);
	});

	test('Skip Unless Failed sends a failed asset again and skips the rest; Ingest Again sends everything', async () => {
		const broken = url('broken-link/harbour.jpg');
		await ingest({ images: images(url('beach-sunset.jpg'), broken) });
		const retried = await ingest({
			images: images(url('beach-sunset.jpg'), broken),
			existingAssets: 'skipUnlessFailed',
		});
		expect(said(retried.items)).toEqual([
			[url('beach-sunset.jpg'), 'skipped', 'completed'],
			[broken, 'created', 'error'],
		]);
		expect((creates()[1].body as { images: IDataObject[] }).images).toEqual([{ source_path: broken }]);
		const again = await ingest({ images: images(url('beach-sunset.jpg')), existingAssets: 'ingest' });
		expect(said(again.items)).toEqual([[url('beach-sunset.jpg'), 'created', 'completed']]);
		expect(jobs()).toHaveLength(3);
	});

	test('version 1 keeps ingesting everything by default, its items as before (no ingestion field)', async () => {
		await ingest({ images: images(url('beach-sunset.jpg')) }, undefined, { typeVersion: 1 });
		const { items } = await ingest({ images: images(url('beach-sunset.jpg')) }, undefined, { typeVersion: 1 });
		expect(jobs()).toHaveLength(2);
		expect(lookups()).toHaveLength(0);
		expect(items[0].json.ingestion).toBeUndefined();
		expect(items[0].json.status).toBe('completed');
		const skipping = await ingest({ images: images(url('beach-sunset.jpg')), existingAssets: 'skip' }, undefined, {
			typeVersion: 1,
		});
		expect(said(skipping.items)).toEqual([[url('beach-sunset.jpg'), 'skipped', 'completed']]);
		expect(jobs()).toHaveLength(2);
	});

	test('a lookup that fails is an error item for the items that need it (Continue On Fail); the others go on', async () => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			proxy.inject((method, path) => method === 'POST' && path.endsWith('/assets/status'), {
				kind: 'status',
				status: 400,
				body: { detail: 'lookup refused' },
			});
			const { items } = await ingest(
				{ images: { image: [{ sourcePath: '={{ $json.a }}' }] }, combineItems: false },
				[{ a: url('beach-sunset.jpg') }, { a: url('city-skyline.jpg') }],
				{ continueOnFail: true },
			);
			expect(items).toHaveLength(2);
			const failed = items.filter((item) => item.json.error !== undefined);
			expect(failed).toHaveLength(1);
			expect(failed[0].json.error).toMatch(/lookup refused/);
			expect(items.filter((item) => item.json.ingestion === 'created')).toHaveLength(1);
			expect(jobs()).toHaveLength(1);
		} finally {
			await proxy.close();
		}
	});
});
