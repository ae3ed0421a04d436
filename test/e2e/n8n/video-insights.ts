/*
 * Media Analysis Video Insights in the shared n8n: every one of its 16 operations runs in one workflow against the
 * sandbox (each node's output checked against the sandbox's own deterministic answer), and
 * examples/video-ready-describe-and-tag.json runs when published: a video ingested into demo_videos is summarized,
 * its genres and moods predicted, and the three written onto it as metadata. That example watches videos, which the
 * trigger scenario and queue mode do not ingest, so it runs here (test/e2e/polls.ts leaves it out of theirs).
 */
import { assetsOf } from '../../../sandbox/assets/model';
import { seedAssets } from '../../../sandbox/assets/seed';
import { slicesOf } from '../../../sandbox/search/engine';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../../sandbox/server';
import { descriptionOf, predictionsOf, summaryOf, synopsisOf } from '../../../sandbox/video-insights/narrative';
import { loadExamples, sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import { type Execution, listExecutions, nodeOutput, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../../scripts/n8n-runtime/package';
import { EXAMPLE_CHECKS } from '../example-checks';
import { withFastPolls } from '../polls';
import { SandboxClient, until } from '../sandbox-client';
import type { Scenario } from './shared';
import { byId, byName } from '../../support/locators';

const VIDEOS = SEED_DATASET_IDS.demoVideos;
export const VIDEO_EXAMPLE = 'video-ready-describe-and-tag.json';
const example = loadExamples().find((candidate) => candidate.file === VIDEO_EXAMPLE);
const EXAMPLE_WORKFLOW = example ? withFastPolls(example.workflow) : undefined;

/** The seeded kitchen video of demo_videos (120 s) and its third shot: the same on every run. */
const KITCHEN = seedAssets().find((asset) => asset.datasetId === VIDEOS && asset.path.includes('/kitchen-'))!;
const SHOT = slicesOf(KITCHEN, 'shot')[2];

const credentials = { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } };

type WorkflowNode = WorkflowJson['nodes'][number];

/** One node of the operations workflow: Video Insights with the resource, operation and parameters given. */
function insight(
	name: string,
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
	index: number,
): WorkflowNode {
	return {
		id: `vi-${index}`,
		name,
		type: `${PACKAGE_NAME}.mediaAnalysisVideoInsights`,
		typeVersion: 1,
		position: [220 * (index + 1), 0],
		parameters: { resource, operation, ...parameters },
		credentials,
	};
}

const video = { datasetId: byName(SEED_DATASET_NAMES.demoVideos), videoId: byId(KITCHEN.id) };
const slice = { ...video, compositeSliceId: byId(SHOT.id) };
/** Every operation, in a chain (each node runs once for the one item the node before made). */
const STEPS: Array<[string, string, string, Record<string, unknown>]> = [
	['Generate Summary', 'video', 'generateSummary', video],
	['Generate Description', 'video', 'generateDescription', { ...video, videoContext: 'a cooking lesson' }],
	['Generate Synopsis', 'video', 'generateSynopsis', video],
	['Predict Genres', 'video', 'predictGenres', video],
	['Predict Moods', 'video', 'predictMoods', video],
	['Predict Subjects', 'video', 'predictSubjects', video],
	['Predict Formats', 'video', 'predictFormats', video],
	['Caption Keyframes', 'video', 'captionKeyframes', video],
	['Slice Summary', 'compositeSlice', 'generateSummary', { ...slice, sliceContext: 'the sauce' }],
	['Slice Moods', 'compositeSlice', 'predictMoods', slice],
	['Slice Subjects', 'compositeSlice', 'predictSubjects', slice],
	['Slice Formats', 'compositeSlice', 'predictFormats', slice],
	[
		'Create Term',
		'term',
		'create',
		{ termType: 'genre', name: 'Cooking Show', description: 'A host cooks a dish', examples: ['recipe', 'kitchen'] },
	],
	['Get Terms', 'term', 'getMany', { termType: 'genre', returnAll: true }],
	[
		'Update Term',
		'term',
		'update',
		{ termId: byId("={{ $('Create Term').item.json.id }}"), updateFields: { examples: ['stove'] } },
	],
	['Delete Term', 'term', 'delete', { termId: byId("={{ $('Create Term').item.json.id }}") }],
];

const OPERATIONS_WORKFLOW: WorkflowJson = {
	id: 'maE2eVideoInsOps',
	name: 'e2e: every Video Insights operation',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'vi-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...STEPS.map(([name, resource, operation, parameters], index) =>
			insight(name, resource, operation, parameters, index),
		),
	],
	connections: Object.fromEntries(
		['Start', ...STEPS.map(([name]) => name)]
			.slice(0, -1)
			.map((name, index) => [name, { main: [[{ node: STEPS[index][0], type: 'main', index: 0 }]] }]),
	),
};

export const videoInsightsScenario: Scenario = {
	workflows: () => [OPERATIONS_WORKFLOW, ...(EXAMPLE_WORKFLOW ? [EXAMPLE_WORKFLOW] : [])],
	register(n8n) {
		describe('Video Insights in n8n', () => {
			beforeAll(() => n8n.fresh());

			test(
				'every operation of the node runs in n8n against the sandbox',
				async () => {
					n8n.sandbox.clearRequestLog();
					const execution = await n8n.run(OPERATIONS_WORKFLOW);
					const one = (node: string) => {
						const items = nodeOutput(execution, node);
						expect({ node, items: items.length }).toEqual({ node, items: 1 });
						return items[0];
					};
					const names = { dataset_id: VIDEOS, video_id: KITCHEN.id };
					expect(one('Generate Summary')).toEqual({ ...names, summary: summaryOf({ video: KITCHEN }) });
					expect(one('Generate Description')).toEqual({
						...names,
						description: descriptionOf({ video: KITCHEN, context: 'a cooking lesson' }),
					});
					expect(one('Generate Synopsis')).toEqual({ ...names, synopsis: synopsisOf({ video: KITCHEN }) });
					for (const [node, field, kind] of [
						['Predict Genres', 'genres', 'genre'],
						['Predict Moods', 'moods', 'mood'],
						['Predict Subjects', 'subjects', 'subject'],
						['Predict Formats', 'formats', 'format'],
					] as const) {
						expect(one(node)).toEqual({ ...names, [field]: predictionsOf({ video: KITCHEN }, kind, []) });
					}
					expect(one('Caption Keyframes')).toMatchObject({
						...names,
						accepted: true,
						message: `Captioning of 12 keyframes of video ${KITCHEN.id} started`,
					});
					const sliceNames = { ...names, composite_slice_id: SHOT.id };
					expect(one('Slice Summary')).toEqual({
						...sliceNames,
						summary: summaryOf({ video: KITCHEN, slice: SHOT, context: 'the sauce' }),
					});
					for (const [node, field, kind] of [
						['Slice Moods', 'moods', 'mood'],
						['Slice Subjects', 'subjects', 'subject'],
						['Slice Formats', 'formats', 'format'],
					] as const) {
						expect(one(node)).toEqual({
							...sliceNames,
							[field]: predictionsOf({ video: KITCHEN, slice: SHOT }, kind, []),
						});
					}
					const term = one('Create Term');
					expect(term).toMatchObject({ metadata_type: 'genre', name: 'Cooking Show', examples: ['recipe', 'kitchen'] });
					expect(nodeOutput(execution, 'Get Terms')).toEqual([term]);
					expect(one('Update Term')).toEqual({ ...term, examples: ['stove'] });
					expect(one('Delete Term')).toEqual({ deleted: true, id: term.id, response: { id: term.id, deleted: true } });
					expect(n8n.sandbox.store.videoInsights.vocabulary).toEqual([]);

					// Each operation reached its endpoint once (the dataset By Name looked up on the way).
					const calls = n8n.sandbox.requests
						.filter((request) => request.path.startsWith('/api/v0/video-'))
						.map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/g, ':id')} ${request.status}`);
					expect(calls).toHaveLength(16);
					expect(new Set(calls).size).toBe(16);
					expect(calls.every((call) => / 20[02]$/.test(call))).toBe(true);
				},
				5 * 60_000,
			);

			test(
				`examples/${VIDEO_EXAMPLE}: a video that becomes ready is summarized, its genres and moods predicted and written onto it`,
				async () => {
					if (!EXAMPLE_WORKFLOW) throw new Error(`examples/${VIDEO_EXAMPLE} is gone`);
					const { sandbox, server } = n8n;
					const statusReads = () =>
						sandbox.requests.filter((request) => request.path === `/api/v1/ingestion/datasets/${VIDEOS}/assets/status`)
							.length;
					const before = statusReads();
					await server.activate(EXAMPLE_WORKFLOW.id);
					try {
						// The first poll only records where "now" is; the video ingested after it is an event.
						await until('the example made its first poll', 60_000, () => (statusReads() > before ? true : undefined));
						const [ready] = await new SandboxClient(sandbox).ingest('videos', VIDEOS, [
							'https://media.example.com/e2e/stadium-final.mp4',
						]);
						expect(ready.status).toBe('completed');
						const finished = async () => {
							const executions = (await listExecutions(server, EXAMPLE_WORKFLOW.id)).filter(
								(e) => !['new', 'running'].includes(e.status),
							);
							return executions.length > 0 ? executions : undefined;
						};
						const executions = await until('the example ran on the new video', 120_000, finished);
						expect(executions.map((e) => e.status)).toEqual(executions.map(() => 'success'));
						const execution: Execution = { ok: true, run: await server.execution(executions[0].id), output: '' };
						expect(
							nodeOutput(execution, 'When a Video Is Ready to Search').map((event) => String(event.asset_id)),
						).toEqual([ready.asset_id]);
						EXAMPLE_CHECKS[VIDEO_EXAMPLE](execution, sandbox);
						expect(
							assetsOf(sandbox.store.assets, VIDEOS).find((asset) => asset.id === ready.asset_id)?.metadata,
						).toMatchObject({
							genres: 'sports',
							moods: 'exciting',
						});
					} finally {
						await server.deactivate(EXAMPLE_WORKFLOW.id);
					}
				},
				5 * 60_000,
			);
		});
	},
};
