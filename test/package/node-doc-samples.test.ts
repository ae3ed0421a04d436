/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The sample outputs of the node pages (docs/nodes/*.md) are what the nodes output. A sample is a ```json block right
 * after `<!-- sample: <node>.<resource>.<operation>[.<variant>] -->`; each name has a recipe below that runs the
 * operation through n8n's engine against the sandbox, and the sample must have the same shape as the item it
 * outputs: the same keys at every level, the same kind of value (text, number, yes/no, null, list, object). Values
 * and list lengths are the page's own (a sample trims long lists and shows the first entry). No sample holds a secret.
 *
 * To write or refresh a sample: `DOC_SAMPLES_OUT=/tmp/samples npx jest test/package/node-doc-samples.test.ts -t
 * writes` writes each recipe's whole output item there, as JSON.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { seedPersonId } from '../../sandbox/celebrity/model';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_BUCKET, SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { aggregationsOf, tagIdOf } from '../../sandbox/dynamic-tags/scores';
import { seedTagGroups } from '../../sandbox/dynamic-tags/model';
import { SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { assetsOf } from '../../sandbox/assets/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { documented, pageFile } from '../../scripts/node-docs';
import { SECRETS, TYPES, useTestBed } from '../nodes/setup';
import { byId, byName, locator } from '../support/locators';

const bed = useTestBed();
const { demoImages: IMAGES, demoVideos: VIDEOS } = SEED_DATASET_IDS;
type Node = keyof typeof TYPES;

/** One node run; the JSON of its items. */
async function run(node: Node, parameters: INodeParameters, inputItems?: IDataObject[]): Promise<IDataObject[]> {
	const { items, error } = await bed.harness.runNode({ type: TYPES[node], parameters, inputItems });
	if (error)
		throw new Error(`${node} ${String(parameters.resource)}.${String(parameters.operation)}: ${error.message}`);
	return items.map((item) => item.json);
}
const first = async (items: Promise<IDataObject[]>) => {
	const [item] = await items;
	if (!item) throw new Error('the run output no item');
	return item;
};

const WAIT = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 30 };
const video = (topic: string) => assetsOf(bed.sandbox.store.assets, VIDEOS).find((a) => a.path.includes(`/${topic}-`))!;
const scenes = () => seedTagGroups().find((group) => group.name === 'scenes_core')!;

async function ingestImages(paths: string[], wait = false) {
	bed.sandbox.store.ingestion.setStepMs(20);
	return run('ingestion', {
		resource: 'job',
		operation: 'createFromImages',
		datasetId: byId(IMAGES),
		images: { image: paths.map((sourcePath) => ({ sourcePath })) },
		...(wait ? WAIT : {}),
	});
}

/** The trigger: activated (which emits nothing), an ingestion, then polls until the event comes. */
async function triggerEvent(events: string[]) {
	bed.sandbox.store.ingestion.setStepMs(20);
	const parameters = { events, datasetId: byId(IMAGES) };
	let { staticData } = await bed.harness.runPoll({ type: TYPES.trigger, parameters, staticData: {}, mode: 'trigger' });
	await sleep(20);
	await ingestImages(['https://cdn.example.com/photos/beach.jpg']);
	for (let attempt = 0; attempt < 100; attempt++) {
		await sleep(100);
		const result = await bed.harness.runPoll({ type: TYPES.trigger, parameters, staticData, mode: 'trigger' });
		staticData = result.staticData;
		const item = result.items?.[0]?.find((i) => events.includes(String(i.json.event)));
		if (item) return item.json;
	}
	throw new Error(`no ${events.join(', ')} event`);
}

/** What each sample shows: the first item the operation outputs. */
const RECIPES: Record<string, () => Promise<IDataObject>> = {
	'datasets.dataset.get': () =>
		first(run('datasets', { resource: 'dataset', operation: 'get', datasetId: byId(IMAGES) })),
	'datasets.dataset.delete': () =>
		first(run('datasets', { resource: 'dataset', operation: 'delete', datasetId: byId(IMAGES) })),
	'datasets.encoder.getMany': () => first(run('datasets', { resource: 'encoder', operation: 'getMany', limit: 1 })),

	'ingestion.job.createFromImages.wait': async () =>
		(
			await ingestImages(['https://cdn.example.com/photos/beach.jpg', 'https://cdn.example.com/photos/city.jpg'], true)
		)[0],
	'ingestion.job.get': async () => {
		const [row] = await ingestImages(['https://cdn.example.com/photos/beach.jpg'], true);
		return first(run('ingestion', { resource: 'job', operation: 'get', jobId: byId(String(row.ingest_job_id)) }));
	},
	'ingestion.dataset.countAssetStatuses': () =>
		first(run('ingestion', { resource: 'dataset', operation: 'countAssetStatuses', datasetId: byId(IMAGES) })),
	'ingestion.asset.delete': async () => {
		await ingestImages(['https://cdn.example.com/photos/beach.jpg'], true);
		return first(
			run('ingestion', {
				resource: 'asset',
				operation: 'delete',
				datasetId: byId(IMAGES),
				identifiers: 'https://cdn.example.com/photos/beach.jpg',
			}),
		);
	},

	'trigger.event.assetCompleted': () => triggerEvent(['assetCompleted']),
	'trigger.event.jobCompleted': () => triggerEvent(['jobCompleted']),

	'search.image.searchByText': () =>
		first(
			run('search', {
				resource: 'image',
				operation: 'searchByText',
				datasetId: byId(IMAGES),
				textQuery: 'beach',
				limit: 1,
			}),
		),
	'search.video.search': () =>
		first(
			run('search', { resource: 'video', operation: 'search', datasetId: byId(VIDEOS), textQuery: 'forest', limit: 1 }),
		),
	'search.filteredSearch.start': () => {
		bed.sandbox.clock.freeze();
		return first(
			run('search', {
				resource: 'filteredSearch',
				operation: 'start',
				datasetId: byId(IMAGES),
				searchIn: 'image',
				textQuery: 'beach',
				filters: { filter: [{ key: 'topic', op: 'equals', value: 'beach' }] },
			}),
		);
	},
	'search.filteredSearch.getStatus': async () => {
		const started = await RECIPES['search.filteredSearch.start']();
		bed.sandbox.clock.advance(1000);
		return first(
			run('search', {
				resource: 'filteredSearch',
				operation: 'getStatus',
				datasetId: byId(IMAGES),
				runId: String(started.run_id),
			}),
		);
	},

	'concepts.concept.get': () =>
		first(run('concepts', { resource: 'concept', operation: 'get', conceptId: byId(SEED_CONCEPT_IDS.beach) })),
	'concepts.concept.delete': () =>
		first(run('concepts', { resource: 'concept', operation: 'delete', conceptId: byId(SEED_CONCEPT_IDS.stadium) })),
	'concepts.classification.classifyImage': () =>
		first(
			run(
				'concepts',
				{
					resource: 'classification',
					operation: 'classifyImage',
					imageUrl: '={{ $json.source_path }}',
					classifyAgainst: 'dataset',
					datasetId: byId(IMAGES),
				},
				[{ asset_id: 'a-1', source_path: 'https://images.example.com/summer/beach-sunset.jpg' }],
			),
		),

	'connections.connection.get': () =>
		first(
			run('connections', { resource: 'connection', operation: 'get', connection: byName(SEED_CONNECTION_NAMES.s3) }),
		),
	'connections.connection.listBucket': () =>
		first(
			run('connections', {
				resource: 'connection',
				operation: 'listBucket',
				connection: byName(SEED_CONNECTION_NAMES.s3),
				bucket: SEED_BUCKET,
				prefix: 'images/',
				limit: 1,
			}),
		),
	'connections.connection.getCredentials': () =>
		first(
			run('connections', {
				resource: 'connection',
				operation: 'getCredentials',
				connection: byName(SEED_CONNECTION_NAMES.s3),
			}),
		),
	'connections.connection.delete': () =>
		first(
			run('connections', {
				resource: 'connection',
				operation: 'delete',
				connection: byName(SEED_CONNECTION_NAMES.https),
			}),
		),

	'queries.query.create.wait': () => {
		bed.sandbox.store.queries.timings = { queuedMs: 30, runningMs: 120, stoppingMs: 30 };
		return first(
			run('queries', {
				resource: 'query',
				operation: 'create',
				datasetId: byId(IMAGES),
				queryType: 'SQL',
				query: 'SELECT path, beach FROM images WHERE beach > 0.8 ORDER BY beach DESC',
				...WAIT,
				output: 'query',
			}),
		);
	},
	'queries.query.getConceptScores': () => {
		bed.sandbox.store.queries.timings = { queuedMs: 30, runningMs: 120, stoppingMs: 30 };
		return first(
			run('queries', {
				resource: 'query',
				operation: 'getConceptScores',
				datasetId: byId(IMAGES),
				concept: byName('beach'),
				threshold: 0.8,
				limit: 1,
				options: { pollInterval: 0.1 },
			}),
		);
	},
	'queries.query.getResults.rows': () =>
		first(
			run('queries', {
				resource: 'query',
				operation: 'getResults',
				queryId: byId(SEED_QUERY_IDS.imagesComplete),
				output: 'rows',
				limit: 1,
			}),
		),
	'queries.table.getMany': () =>
		first(run('queries', { resource: 'table', operation: 'getMany', datasetId: byId(VIDEOS), limit: 1 })),

	'conversationalSearch.chat.sendMessage': () =>
		first(
			run('conversationalSearch', { resource: 'chat', operation: 'sendMessage', message: 'Show me kitchen videos' }),
		),

	'adSegments.adSegment.create': () =>
		first(
			run('adSegments', {
				resource: 'adSegment',
				operation: 'create',
				datasetId: byId(VIDEOS),
				assetIdentifier: 'video-001',
				segmentsInput: 'fields',
				segments: { segment: [{ startTimeMs: 0, endTimeMs: 15000, startFrame: 0, endFrame: 375 }] },
			}),
		),
	'adSegments.adSegment.get': async () => {
		await RECIPES['adSegments.adSegment.create']();
		return first(
			run('adSegments', {
				resource: 'adSegment',
				operation: 'get',
				datasetId: byId(VIDEOS),
				assetIdentifier: 'video-001',
			}),
		);
	},
	'adSegments.adSegment.delete': async () => {
		await RECIPES['adSegments.adSegment.create']();
		return first(
			run('adSegments', {
				resource: 'adSegment',
				operation: 'delete',
				datasetId: byId(VIDEOS),
				assetIdentifier: 'video-001',
			}),
		);
	},

	'dynamicTags.tagGroup.getMany': () =>
		first(run('dynamicTags', { resource: 'tagGroup', operation: 'getMany', limit: 1 })),
	'dynamicTags.tagScore.getManyVideoScores': () => {
		const group = scenes();
		const aggregation = aggregationsOf(group).find((a) => a.tag.name === 'crowd' && a.datasetId === VIDEOS)!;
		return first(
			run('dynamicTags', {
				resource: 'tagScore',
				operation: 'getManyVideoScores',
				groupId: byId(group.id),
				tagId: byId(tagIdOf(group, 'crowd')),
				aggregationId: byId(aggregation.id),
				limit: 1,
			}),
		);
	},

	'celebrity.person.get': () =>
		first(run('celebrity', { resource: 'person', operation: 'get', personId: byId(seedPersonId('Ava Marlowe')) })),
	'celebrity.image.getPersons': () => {
		const face = bed.sandbox.store.celebrity.faces.find((f) => f.personId === seedPersonId('Ava Marlowe'))!;
		return first(run('celebrity', { resource: 'image', operation: 'getPersons', imageId: byId(face.imageId) }));
	},
	'celebrity.face.getMany': () =>
		first(
			run('celebrity', {
				resource: 'face',
				operation: 'getMany',
				personId: byId(seedPersonId('Ava Marlowe')),
				limit: 1,
			}),
		),

	'videoInsights.video.generateSummary': () =>
		first(
			run('videoInsights', {
				resource: 'video',
				operation: 'generateSummary',
				datasetId: byId(VIDEOS),
				videoId: byId(video('beach').id),
			}),
		),
	'videoInsights.video.predictGenres': () =>
		first(
			run('videoInsights', {
				resource: 'video',
				operation: 'predictGenres',
				datasetId: byId(VIDEOS),
				videoId: byId(video('beach').id),
			}),
		),
	'videoInsights.video.captionKeyframes': () =>
		first(
			run('videoInsights', {
				resource: 'video',
				operation: 'captionKeyframes',
				datasetId: byId(VIDEOS),
				videoId: byId(video('city').id),
			}),
		),
	'videoInsights.term.create': () =>
		first(
			run('videoInsights', {
				resource: 'term',
				operation: 'create',
				termType: 'genre',
				name: 'Slow TV',
				description: 'Long, calm, unedited journeys',
				examples: ['train ride', 'canal trip'],
			}),
		),

	'administration.user.getMany': () =>
		first(run('administration', { resource: 'user', operation: 'getMany', limit: 1 })),
	'administration.user.remove': () =>
		first(
			run('administration', {
				resource: 'user',
				operation: 'remove',
				userId: locator('email', 'ana.costa@example.com'),
			}),
		),
	'administration.invitation.create': () =>
		first(
			run('administration', {
				resource: 'invitation',
				operation: 'create',
				name: 'Omar Haddad',
				email: 'omar.haddad@example.com',
				roles: { role: [{ roleId: byId('member') }] },
			}),
		),
	'administration.systemCredential.create': () =>
		first(
			run('administration', {
				resource: 'systemCredential',
				operation: 'create',
				name: 'nightly-ingest',
				access: 'full',
			}),
		),
};

// ---------------------------------------------------------------------------------------------------------------

const SAMPLE = /<!-- sample: ([\w.]+) -->\s*```json\n([\s\S]*?)\n```/g;
const NODE_OF_PAGE = Object.fromEntries(
	Object.entries(TYPES).map(([node, type]) => {
		const name = type.split('.')[1];
		return [`${name[0].toUpperCase()}${name.slice(1)}`, node];
	}),
);
const pages = documented().filter((subject) => subject.kind === 'node');
const samples = pages.flatMap((page) =>
	[...readFileSync(pageFile(page.className), 'utf8').matchAll(SAMPLE)].map((match) => ({
		page: page.className,
		name: match[1],
		text: match[2],
	})),
);

/** The shape of a value: its kind, an object's keys and their shapes, a list's first entry's shape. */
function shape(value: unknown): unknown {
	if (value === null) return 'null';
	if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
	if (typeof value === 'object')
		return Object.fromEntries(
			Object.keys(value)
				.sort()
				.map((key) => [key, shape((value as IDataObject)[key])]),
		);
	return typeof value;
}
/**
 * The output's shape as its sample must show it: a list the sample shows empty is left out, and the entry a sample
 * shows of a list is compared with the output's entry of the same shape, if there is one, else with its first.
 */
function expectedShape(sample: unknown, actual: unknown): unknown {
	if (Array.isArray(sample) && Array.isArray(actual)) {
		if (sample.length === 0 || actual.length === 0) return [];
		const wanted = JSON.stringify(shape(sample[0]));
		const same = actual.find((entry) => JSON.stringify(expectedShape(sample[0], entry)) === wanted);
		return [expectedShape(sample[0], same ?? actual[0])];
	}
	if (sample && actual && typeof sample === 'object' && typeof actual === 'object' && !Array.isArray(actual)) {
		const shown = sample as IDataObject;
		const output = actual as IDataObject;
		return Object.fromEntries(
			Object.keys(output)
				.sort()
				.map((key) => [key, key in shown ? expectedShape(shown[key], output[key]) : shape(output[key])]),
		);
	}
	return shape(actual);
}

describe('the samples of the node pages', () => {
	test('every node page has samples, each named after its own node, each name once and with a recipe', () => {
		for (const page of pages)
			expect([page.className, samples.some((s) => s.page === page.className)]).toEqual([page.className, true]);
		const names = samples.map((s) => s.name);
		expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
		for (const sample of samples)
			expect([sample.name, sample.name.split('.')[0]]).toEqual([sample.name, NODE_OF_PAGE[sample.page]]);
		expect(names.filter((name) => !(name in RECIPES))).toEqual([]);
		expect(Object.keys(RECIPES).filter((name) => !names.includes(name))).toEqual([]);
	});

	test('no sample holds a secret: secret fields show a placeholder', () => {
		const text = samples.map((s) => s.text).join('\n');
		for (const secret of SECRETS) expect(text).not.toContain(secret);
		const secretValues = [...text.matchAll(/"(\w*(?:secret|token|password)\w*)": ("[^"]*"|\S+?),?$/gim)].map((m) => [
			m[1],
			m[2],
		]);
		for (const [key, value] of secretValues)
			expect([key, value]).toEqual([key, expect.stringMatching(/^("\[redacted\]"|"<[^"]*>"|null)$/)]);
	});

	test.each(samples.map((s) => [s.name, s] as const))(
		'%s: the same fields as the node outputs now',
		async (name, sample) => {
			const shown = JSON.parse(sample.text) as IDataObject;
			const actual = await RECIPES[name]();
			expect(shape(shown)).toEqual(expectedShape(shown, actual));
		},
	);
});

const out = process.env.DOC_SAMPLES_OUT;
if (out)
	test.each(Object.keys(RECIPES))('writes what %s outputs now to DOC_SAMPLES_OUT', async (name) => {
		mkdirSync(out, { recursive: true });
		writeFileSync(join(out, `${name}.json`), `${JSON.stringify(await RECIPES[name](), null, 2)}\n`);
	});
