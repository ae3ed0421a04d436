/* Dev-only: what each example workflow under examples/ must produce when real n8n runs it against the sandbox. */
import { classifyUrl, SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { tagIdOf, tagVersionIdOf, videoScore } from '../../sandbox/dynamic-tags/scores';
import { videosOf } from '../../sandbox/search/engine';
import { wordsOf } from '../../sandbox/search/media';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { predictionsOf, summaryOf } from '../../sandbox/video-insights/narrative';
import { assetsOf } from '../../sandbox/assets/model';
import { parseCsv } from '../../nodes/MediaAnalysisQueries/actions/query/results';
import { loadExamples } from '../../scripts/n8n-runtime/examples';
import { type Execution, nodeOutput } from '../../scripts/n8n-runtime/instance';

/** Files the execution wrote, read by the path n8n was given (relative to n8n's working folder). */
export interface WrittenFiles {
	read(path: string): string;
}

/**
 * The text of a CSV file n8n's Convert to File wrote: it writes through SheetJS, which starts the file with a UTF-8 byte
 * order mark (for spreadsheet programs); the mark is not part of the header.
 */
export const csvText = (files: WrittenFiles, fileName: unknown) => files.read(String(fileName)).replace(/^\uFEFF/, '');

/** `files` is given by tests that can see n8n's folder; without it the written files themselves are not read. */
export type ExampleCheck = (execution: Execution, sandbox: Sandbox, files?: WrittenFiles) => void;

type Json = Record<string, unknown>;
const ranNode = (execution: Execution, node: string) => Boolean(execution.run?.data.resultData.runData[node]);
const bodiesOf = (sandbox: Sandbox, method: string, path: string) =>
	sandbox.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body as Json);

/** Each run of a node used as an AI tool: the arguments it was called with and the items it returned. */
function toolRuns(execution: Execution, node: string): Array<{ input: Json; output: Json[] }> {
	type ToolRun = {
		inputOverride?: { ai_tool?: Array<Array<{ json: Json }>> };
		data?: { ai_tool?: Array<Array<{ json: Json }>> };
	};
	const runs = (execution.run?.data.resultData.runData[node] ?? []) as ToolRun[];
	return runs.map((run) => ({
		input: run.inputOverride?.ai_tool?.[0]?.[0]?.json ?? {},
		output: (run.data?.ai_tool?.[0] ?? []).map((item) => item.json),
	}));
}

/** The sandbox's own score of an image URL for the seeded concept `beach` (classification is deterministic). */
function beachScore(sandbox: Sandbox, url: string): number {
	const beach = sandbox.store.concepts.concepts.get(SEED_CONCEPT_IDS.beach);
	if (!beach) throw new Error('The sandbox has no seeded beach concept');
	return classifyUrl(sandbox.store.concepts, sandbox.store.assets, beach, url);
}

/** The ID of the dataset a package names (By Name, as the example gives it). */
function datasetIdOf(sandbox: Sandbox, name: unknown): string {
	const dataset = [...sandbox.store.datasets.values()].find((candidate) => candidate.name === name);
	if (!dataset) throw new Error(`The sandbox has no dataset named ${String(name)}`);
	return dataset.id;
}

/**
 * The videos a package selects right now, by the sandbox's own tag scores (Any Hit at the package's minimum
 * confidence, on the published version of its tag group): at least one inclusion tag and no exclusion tag.
 */
export function packageSelection(sandbox: Sandbox, pkg: Json): Set<string> {
	const group = sandbox.store.dynamicTags.groups.find((candidate) => candidate.name === pkg.tag_group);
	const version = group && [...group.versions].reverse().find((candidate) => candidate.status === 'published');
	if (!group || !version) throw new Error(`The sandbox has no published tag group ${String(pkg.tag_group)}`);
	const carries = (video: Parameters<typeof videoScore>[0], tag: unknown) => {
		const name = String(tag);
		const ref = { group, name, tagId: tagIdOf(group, name), version, tagVersionId: tagVersionIdOf(version, name) };
		return videoScore(video, ref, { strategy: 'ANY_HIT', minConf: Number(pkg.min_confidence) })?.criteria_met === true;
	};
	const selected = videosOf(sandbox.store.assets, datasetIdOf(sandbox, pkg.dataset), []).filter(
		(video) =>
			(pkg.inclusion_tags as unknown[]).some((tag) => carries(video, tag)) &&
			!(pkg.exclusion_tags as unknown[]).some((tag) => carries(video, tag)),
	);
	return new Set(selected.map((video) => video.id));
}

/**
 * One entry per file in examples/ (a test fails when an example has none). Checks read the items n8n produced and
 * what the sandbox received.
 */
export const EXAMPLE_CHECKS: Record<string, ExampleCheck> = {
	// README's Quick start: four links ingested and waited for, the ready ones classified, a branch on any concept's score.
	'quick-start.json': (execution, sandbox) => {
		const example = loadExamples().find((candidate) => candidate.file === 'quick-start.json');
		const ingest = example?.workflow.nodes.find((node) => node.name === 'Ingest Images and Wait');
		const links = ((ingest?.parameters?.images as { image: Array<{ sourcePath: string }> }).image ?? []).map(
			(image) => image.sourcePath,
		);
		expect(links.length).toBeGreaterThan(1);
		// Every link went to the service once, in one request, into demo_images (By Name).
		const ingests = bodiesOf(sandbox, 'POST', '/api/v1/ingestion/images');
		expect(ingests).toHaveLength(1);
		expect(ingests[0].dataset_id).toBe(SEED_DATASET_IDS.demoImages);
		expect((ingests[0].images as Json[]).map((image) => image.source_path)).toEqual(links);
		// The ingest itself gives one item per link, in order, with its own outcome as the sandbox stored it (no Split Out).
		const images = nodeOutput(execution, 'Ingest Images and Wait');
		expect(images.map((image) => image.source_path)).toEqual(links);
		expect(images.every((image) => typeof image.asset_id === 'string' && image.assets === undefined)).toBe(true);
		for (const image of images) {
			const stored = sandbox.store.assets.get(String(image.asset_id));
			expect({ path: image.source_path, status: image.status, error_code: image.error_code }).toEqual({
				path: stored?.path,
				status: stored?.status,
				error_code: stored?.errorCode,
			});
		}
		const ready = images.filter((image) => image.status === 'completed');
		const failed = images.filter((image) => image.status !== 'completed');
		// The broken link is reported, with its error, on Ready?'s false branch; the others go on.
		expect(failed.map((image) => [image.source_path, image.error_code])).toEqual(
			links.filter((link) => link.includes('/broken-')).map((link) => [link, 'broken_url']),
		);
		for (const image of failed) expect(image.error_reason).toEqual(expect.any(String));
		expect(nodeOutput(execution, 'Ready?', 1)).toEqual(failed);
		expect(nodeOutput(execution, 'Ready?')).toEqual(ready);
		// Only the ready images were classified (side by side, so in any order), once each.
		const classifiedUrls = bodiesOf(sandbox, 'POST', '/api/v1/classify/image/url').map((body) => String(body.url));
		expect(classifiedUrls.sort()).toEqual(ready.map((image) => String(image.source_path)).sort());
		// Each classified image names its asset and has the sandbox's own score for every concept of demo_images.
		const concepts = [...sandbox.store.concepts.concepts.values()].filter(
			(concept) => concept.datasetId === SEED_DATASET_IDS.demoImages,
		);
		expect(concepts.length).toBeGreaterThan(0);
		const classified = nodeOutput(execution, 'Classify Image');
		expect(classified.map((item) => [item.asset_id, item.source_path])).toEqual(
			ready.map((image) => [image.asset_id, image.source_path]),
		);
		const above: string[] = [];
		const below: string[] = [];
		for (const item of classified) {
			const url = String(item.source_path);
			const scores = item.scores as Array<{ conceptName: string; score: number }>;
			expect(Object.fromEntries(scores.map((score) => [score.conceptName, score.score]))).toEqual(
				Object.fromEntries(
					concepts.map((concept) => [
						concept.name,
						classifyUrl(sandbox.store.concepts, sandbox.store.assets, concept, url),
					]),
				),
			);
			const positive = scores.filter((score) => score.score > 0.5).map((score) => score.conceptName);
			expect(item.positive_concepts).toEqual(positive);
			(positive.length > 0 ? above : below).push(url);
		}
		// The IF names no concept: any concept's score above 0.5. The beach image takes the true branch, the others not.
		expect(above).toEqual(
			ready.map((image) => String(image.source_path)).filter((url) => wordsOf(url).includes('beach')),
		);
		expect(above.length).toBeGreaterThan(0);
		expect(below.length).toBeGreaterThan(0);
		expect(nodeOutput(execution, 'Any Concept Above 0.5?').map((item) => item.source_path)).toEqual(above);
		expect(nodeOutput(execution, 'Any Concept Above 0.5?', 1).map((item) => item.source_path)).toEqual(below);
	},
	'ingest-and-search.json': (execution, sandbox) => {
		const [dataset] = nodeOutput(execution, 'Create Dataset');
		expect(dataset.name).toMatch(/^street_photos_\d{14}$/);
		const ingested = [
			'https://media.example.com/street/red-bicycle.jpg',
			'https://media.example.com/street/market-stall.jpg',
			'https://media.example.com/street/night-tram.png',
		];
		// One input item of three assets: one output item per asset, each ready, in the one job the node waited for.
		const assets = nodeOutput(execution, 'Ingest Images');
		expect(assets.map((asset) => [asset.source_path, asset.status])).toEqual(
			ingested.map((path) => [path, 'completed']),
		);
		const [row] = assets;
		for (const asset of assets) {
			expect(asset).toMatchObject({
				dataset_id: dataset.id,
				job_status: 'completed',
				ingest_job_id: row.ingest_job_id,
			});
			expect(sandbox.store.assets.get(String(asset.asset_id))?.path).toBe(asset.source_path);
		}
		// Waiting for completion polled the job until it finished.
		const jobReads = sandbox.requests.filter(
			(r) => r.method === 'GET' && r.path === `/api/v1/ingestion/jobs/${String(row.ingest_job_id)}`,
		);
		expect(jobReads.length).toBeGreaterThanOrEqual(1);
		// Summarize makes one item of the dataset's three (as the canvas shows): one search, not one per image.
		expect(nodeOutput(execution, 'One Item per Dataset')).toEqual([{ dataset_id: dataset.id, count_asset_id: 3 }]);
		expect(sandbox.requests.filter((r) => r.path === '/api/v1/search/text-to-image')).toHaveLength(1);
		const results = nodeOutput(execution, 'Search Images');
		expect(results).toHaveLength(2);
		for (const result of results) expect(ingested).toContain(result.path);
		const search = sandbox.requests.find((r) => r.path === '/api/v1/search/text-to-image');
		expect(search?.body).toMatchObject({ dataset_id: dataset.id, text_query: 'a bicycle in the street' });
	},
	'invite-users-from-a-list.json': (execution, sandbox) => {
		const rows = nodeOutput(execution, 'Parse Rows').map((row) => row.email);
		expect(rows).toEqual([
			'nora.lind@example.com',
			'omar.haddad@example.com',
			'priya.shah@example.com',
			'lena.fischer@example.com',
		]);
		// Lena Fischer is invited already (the sandbox's seed): she is left out, so nobody is invited twice.
		const invited = nodeOutput(execution, 'Invite');
		expect(invited.map((invitation) => [(invitation.invitee as Json).email, invitation.roles])).toEqual([
			['nora.lind@example.com', [{ role_id: 'member', resource: null, resource_instance: null }]],
			[
				'omar.haddad@example.com',
				[{ role_id: 'viewer', resource: 'dataset', resource_instance: SEED_DATASET_IDS.demoImages }],
			],
			[
				'priya.shah@example.com',
				[{ role_id: 'editor', resource: 'dataset', resource_instance: SEED_DATASET_IDS.demoVideos }],
			],
		]);
		expect(nodeOutput(execution, 'Invitation Sent')).toEqual(
			invited.map((invitation) => ({
				email: (invitation.invitee as Json).email,
				name: (invitation.invitee as Json).name,
				roles: expect.any(String),
				valid_until: invitation.expires_at,
				invitation_id: invitation.invitation_id,
			})),
		);
		expect(nodeOutput(execution, 'Invitation Sent')[1].roles).toBe(`viewer on dataset ${SEED_DATASET_IDS.demoImages}`);
		// The service holds each invitation once, Lena's seeded one still once.
		const pending = [...sandbox.store.administration.invitations.values()].map((invitation) => invitation.email);
		for (const email of [...rows])
			expect({ email, times: pending.filter((candidate) => candidate === email).length }).toEqual({ email, times: 1 });
	},
	'datasets-create-and-inspect.json': (execution, sandbox) => {
		const encoders = nodeOutput(execution, 'List Encoders').map((e) => e.name);
		expect(encoders).toContain('multimodal-tx-large3');
		expect(encoders).not.toContain('multimodal');

		const active = nodeOutput(execution, 'List Active Datasets').map((d) => d.name);
		expect(active.sort()).toEqual(
			[SEED_DATASET_NAMES.demoImages, SEED_DATASET_NAMES.demoMixed, SEED_DATASET_NAMES.demoVideos].sort(),
		);

		const [created] = nodeOutput(execution, 'Create Dataset');
		expect(created.name).toMatch(/^example_photos_\d{14}$/);
		expect(created.allowed_asset_types).toEqual(['image']);
		const [fetched] = nodeOutput(execution, 'Get Dataset');
		expect(fetched).toMatchObject({ id: created.id, name: created.name, status: created.status });
		const [config] = nodeOutput(execution, 'Get Dataset Config');
		expect(config).toMatchObject({
			dataset_id: created.id,
			encoder_name: { visual: 'multimodal-tx-large3' },
			metadata_fields_to_index: ['brand', 'campaign'],
		});

		// The dataset exists in the service, as created by n8n.
		const stored = sandbox.store.datasets.get(String(created.id));
		expect(stored?.name).toBe(created.name);
		expect(stored?.metadataFieldsToIndex).toEqual(['brand', 'campaign']);
		const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/datasets');
		expect(posts).toHaveLength(1);
	},
	'ingest-csv-classify-summary.json': (execution, sandbox, files) => {
		const rows = nodeOutput(execution, 'Parse CSV Rows');
		const paths = rows.map((row) => String(row.source_path));
		expect(rows.length).toBeGreaterThan(0);
		// Combine Items (on by default): the rows went to the service 100 per request, in their order, with their campaign.
		const ingests = bodiesOf(sandbox, 'POST', '/api/v1/ingestion/images');
		expect(ingests).toHaveLength(Math.ceil(rows.length / 100));
		const sent = ingests.flatMap((body) => body.images as Json[]);
		expect(sent.map((image) => image.source_path)).toEqual(paths);
		expect(sent.map((image) => (image.metadata as Json).campaign)).toEqual(rows.map((row) => row.campaign));
		// Every row comes out of the ingest once, in order, with its own asset's outcome as the sandbox stored it.
		const ingested = nodeOutput(execution, 'Ingest Images and Wait');
		expect(ingested.map((row) => row.source_path)).toEqual(paths);
		for (const row of ingested) {
			const stored = sandbox.store.assets.get(String(row.asset_id));
			expect({ path: row.source_path, status: row.status, error_code: row.error_code }).toEqual({
				path: stored?.path,
				status: stored?.status,
				error_code: stored?.errorCode,
			});
			expect(row.campaign).toEqual(expect.any(String)); // Include Input Fields
		}
		const ready = ingested.filter((row) => row.status === 'completed');
		const failed = ingested.filter((row) => row.status !== 'completed');
		// No Code node, no Execute Once: n8n's IF, Merge, Edit Fields, Aggregate and Summarize build the summary.
		const example = loadExamples().find((candidate) => candidate.file === 'ingest-csv-classify-summary.json');
		expect(
			example?.workflow.nodes.filter(
				(node) => node.type === 'n8n-nodes-base.code' || (node as { executeOnce?: boolean }).executeOnce,
			),
		).toEqual([]);
		// The ingest's own wait gave each row its outcome: one job per request, and no job's statuses read after the ingest.
		const jobs = new Set(ingested.map((row) => String(row.ingest_job_id)));
		expect(jobs.size).toBe(ingests.length);
		const firstClassify = sandbox.requests.findIndex((r) => r.path === '/api/v1/classify/image/url');
		const statusReads = sandbox.requests
			.map((r, index) => ({ index, r }))
			.filter(({ r }) => /^\/api\/v1\/ingestion\/jobs\/[0-9a-f]{24}\/status$/.test(r.path));
		expect(statusReads.length).toBeGreaterThanOrEqual(jobs.size);
		if (firstClassify >= 0) expect(statusReads.filter(({ index }) => index > firstClassify)).toEqual([]);
		// Only the ready images were classified (side by side, so in any order), once each.
		const classified = bodiesOf(sandbox, 'POST', '/api/v1/classify/image/url').map((body) => String(body.url));
		expect(classified.sort()).toEqual(ready.map((row) => String(row.source_path)).sort());

		// The summary: every CSV row once; the ready ones with the sandbox's own beach score, the failed ones with their error.
		const [summary] = nodeOutput(execution, 'Summary');
		const summaryRows = summary.rows as Json[];
		expect(summaryRows.map((row) => String(row.source_path)).sort()).toEqual([...paths].sort());
		const byPath = new Map(summaryRows.map((row) => [String(row.source_path), row]));
		for (const row of ready) {
			const score = beachScore(sandbox, String(row.source_path));
			expect(byPath.get(String(row.source_path))).toEqual({
				source_path: row.source_path,
				campaign: row.campaign,
				asset_id: row.asset_id,
				status: 'completed',
				error_code: null,
				beach_score: score,
				beach_positive: score > 0.5,
			});
			expect(score > 0.5).toBe(String(row.source_path).includes('/beach-'));
		}
		for (const row of failed) {
			expect(byPath.get(String(row.source_path))).toEqual({
				source_path: row.source_path,
				campaign: row.campaign,
				asset_id: row.asset_id,
				status: 'error',
				error_code: expect.stringMatching(/^(broken_url|permission_denied)$/),
				beach_score: null,
				beach_positive: null,
			});
			expect(byPath.get(String(row.source_path))?.error_code).toBe(row.error_code);
		}
		expect(summary.counts).toEqual([
			...(ready.length ? [{ status: 'completed', count_source_path: ready.length }] : []),
			...(failed.length ? [{ status: 'error', count_source_path: failed.length }] : []),
		]);

		const [written] = nodeOutput(execution, 'Write Summary File');
		expect(written.fileName).toMatch(/^\.n8n-files\/media-analysis-ingest-summary-\d{8}T\d{9}Z\.json$/);
		if (files) expect(JSON.parse(files.read(String(written.fileName)))).toEqual(summary);
	},

	// One execution of the published workflow (the trigger starts it; see n8n/trigger.ts).
	// Run by n8n/video-insights.ts when published: one video ingested into demo_videos.
	'video-ready-describe-and-tag.json': (execution, sandbox) => {
		const events = nodeOutput(execution, 'When a Video Is Ready to Search');
		expect(events.length).toBeGreaterThan(0);
		for (const event of events) {
			expect(event).toMatchObject({
				event: 'assetCompleted',
				status: 'completed',
				dataset_id: SEED_DATASET_IDS.demoVideos,
			});
		}
		const videos = events.map((event) => sandbox.store.assets.get(String(event.asset_id))!);
		const { vocabulary } = sandbox.store.videoInsights;
		// One item per video, naming it, with what each of the three nodes added (Include Input Fields).
		const described = videos.map((video) => ({
			dataset_id: SEED_DATASET_IDS.demoVideos,
			video_id: video.id,
			summary: summaryOf({ video }),
			genres: predictionsOf({ video }, 'genre', vocabulary),
			moods: predictionsOf({ video }, 'mood', vocabulary),
		}));
		expect(nodeOutput(execution, 'Predict Its Moods')).toEqual(described);
		expect(nodeOutput(execution, 'Write Them Onto the Video').map((item) => item.asset_id)).toEqual(
			videos.map((video) => video.id),
		);
		const updates = bodiesOf(sandbox, 'POST', '/api/v1/ingestion/metadata').flatMap(
			(body) => body.update_assets as Json[],
		);
		for (const { video_id, summary, genres, moods } of described) {
			expect(updates).toContainEqual({
				asset_id: video_id,
				asset_type: 'video',
				metadata: { summary, genres: genres.join(', '), moods: moods.join(', ') },
			});
		}
	},

	'asset-ready-classify-branch.json': (execution, sandbox) => {
		const events = nodeOutput(execution, 'When an Image Is Ready to Search');
		expect(events.length).toBeGreaterThan(0);
		for (const event of events) {
			expect(event).toMatchObject({
				event: 'assetCompleted',
				status: 'completed',
				dataset_id: SEED_DATASET_IDS.demoImages,
			});
		}
		// The trigger's items hold the asset's own fields, as Ingestion's do.
		const assets = events.filter((asset) => /^https?:\/\//.test(String(asset.source_path)));
		const classified = nodeOutput(execution, 'Classify Against Dataset Concepts');
		expect(classified).toHaveLength(assets.length);
		// Each item names its asset and has the sandbox's own score as flat fields; the IF reads beach_score.
		const beach: string[] = [];
		const other: string[] = [];
		assets.forEach((asset, index) => {
			const url = String(asset.source_path);
			const score = beachScore(sandbox, url);
			expect(classified[index]).toMatchObject({
				asset_id: asset.asset_id,
				source_path: url,
				dataset_id: SEED_DATASET_IDS.demoImages,
				beach_score: score,
				beach_positive: score > 0.5,
			});
			expect(score > 0.5).toBe(wordsOf(url).includes('beach'));
			(score > 0.5 ? beach : other).push(String(asset.asset_id));
		});
		expect(nodeOutput(execution, 'Beach Score Above 0.5?', 0)).toHaveLength(beach.length);
		expect(nodeOutput(execution, 'Beach Score Above 0.5?', 1)).toHaveLength(other.length);
		expect(ranNode(execution, 'Find Similar Images')).toBe(beach.length > 0);
		expect(ranNode(execution, 'Not a Beach Image')).toBe(other.length > 0);
		if (beach.length > 0) {
			const similar = nodeOutput(execution, 'Find Similar Images');
			expect(similar).toHaveLength(5 * beach.length);
			const queried = bodiesOf(sandbox, 'POST', '/api/v1/search/image-to-image').map((body) => body.coactive_image_id);
			for (const id of beach) expect(queried).toContain(id);
			for (const result of similar) expect(beach).not.toContain(result.coactive_image_id);
		}
		if (other.length > 0) {
			const records = nodeOutput(execution, 'Not a Beach Image');
			expect(records.map((item) => item.asset_id)).toEqual(other);
			for (const record of records) expect(record.beach_score).toBe(beachScore(sandbox, String(record.source_path)));
		}
	},

	// Published in the started n8n by n8n/ai-tools.ts: the last chat the agent answered.
	'ask-your-media-library-agent.json': (execution, sandbox) => {
		const [answer] = nodeOutput(execution, 'AI Agent');
		expect(typeof answer.output).toBe('string');
		expect(bodiesOf(sandbox, 'POST', '/model/v1/chat/completions').length).toBeGreaterThan(1);
		// Each search the agent asked for reached the service with its $fromAI arguments, and the answer names every
		// image it found (the model's final message is built from the tool results).
		const searches = bodiesOf(sandbox, 'POST', '/api/v1/search/text-to-image');
		const searchRuns = toolRuns(execution, 'Search Images');
		expect(searchRuns.length).toBeGreaterThan(0);
		for (const run of searchRuns) {
			expect(searches).toContainEqual(
				expect.objectContaining({ dataset_id: run.input.dataset_id, text_query: run.input.query }),
			);
			for (const image of run.output) expect(answer.output).toContain(String(image.path));
		}
	},

	// Published in the started n8n by n8n/ai-tools.ts: one execution per tool call of an MCP client, here the last one.
	'mcp-server-media-library.json': (execution) => {
		const [{ mcpToolCall }] = nodeOutput(execution, 'MCP Server Trigger') as Array<{ mcpToolCall: Json }>;
		const runs = toolRuns(execution, String(mcpToolCall.sourceNodeName));
		expect(runs).toHaveLength(1);
		expect(runs[0].input).toEqual(mcpToolCall.arguments);
		expect(runs[0].output.length).toBeGreaterThan(0);
	},

	// The export task of issue 50 in four nodes, no SQL: the CSV holds exactly the images beach scores above 0.8.
	'concept-scores-to-csv.json': (execution, sandbox, files) => {
		const example = loadExamples().find((candidate) => candidate.file === 'concept-scores-to-csv.json');
		const working = example?.workflow.nodes.filter(
			(node) => !['n8n-nodes-base.stickyNote', 'n8n-nodes-base.manualTrigger'].includes(node.type),
		);
		expect(working?.map((node) => node.type.split('.')[1])).toEqual([
			'scheduleTrigger',
			'mediaAnalysisQueries',
			'convertToFile',
			'readWriteFile',
		]);
		// Every image of demo_images whose beach score, the number Classify gives for its path, is above 0.8.
		const expected = assetsOf(sandbox.store.assets, SEED_DATASET_IDS.demoImages)
			.filter((asset) => asset.kind === 'image' && asset.status === 'completed')
			.map((asset) => ({ path: asset.path, score: beachScore(sandbox, asset.path), asset_id: asset.id }))
			.filter((image) => image.score > 0.8)
			.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
		expect(expected.length).toBeGreaterThan(0);
		const rows = nodeOutput(execution, 'Beach Images Above 0.8');
		expect(rows).toEqual(expected.map((image) => ({ ...image, concept: 'beach' })));
		// The node wrote the SQL: one query over demo_images, the threshold in it.
		const queries = bodiesOf(sandbox, 'POST', '/api/v1/queries');
		expect(queries).toEqual([
			expect.objectContaining({ dataset_id: SEED_DATASET_IDS.demoImages, query: expect.stringContaining('> 0.8') }),
		]);
		// The file: a header line, then the same rows in the same order.
		const [written] = nodeOutput(execution, 'Write CSV File');
		expect(written.fileName).toMatch(/^\.n8n-files\/beach-above-0\.8-\d{8}T\d{9}Z\.csv$/);
		if (files) {
			const csv = csvText(files, written.fileName);
			expect(csv.split(/\r?\n/)[0]).toBe('path,score,asset_id,concept');
			expect(parseCsv(csv)).toEqual(rows);
		}
	},

	// One run. Runs as the dataset grows, a new version, fixed mode and the bucket's files: n8n/package-export.ts.
	'package-export.json': (execution, sandbox) => {
		const [pkg] = nodeOutput(execution, 'Package');
		const tags = [...(pkg.inclusion_tags as string[]), ...(pkg.exclusion_tags as string[])];
		expect(tags.length).toBeLessThanOrEqual(10);
		// No Code node: n8n's IF, Stop and Error, Split Out, Merge, Summarize, Aggregate and Edit Fields select the videos.
		const example = loadExamples().find((candidate) => candidate.file === 'package-export.json');
		expect(example?.workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.code')).toEqual([]);
		const previews = sandbox.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/aggregations/-/result'));
		if (ranNode(execution, 'Fixed: Exported Once Already')) {
			// A fixed package of a version that has its file: nothing is scored, nothing written.
			expect(pkg.export_mode).toBe('fixed');
			expect(previews).toEqual([]);
			expect(ranNode(execution, 'Upload to Bucket')).toBe(false);
			return;
		}
		// Every tag's scores were asked for once, on the package's dataset (By Name), Any Hit at its minimum confidence.
		expect(previews).toHaveLength(tags.length);
		for (const request of previews) {
			expect(request.query).toMatchObject({
				dataset_id: datasetIdOf(sandbox, pkg.dataset),
				strategy: 'ANY_HIT',
				min_conf: String(pkg.min_confidence),
			});
		}
		const resolved = nodeOutput(execution, 'Resolve Tags');
		expect(resolved.map((tag) => tag.tag).sort()).toEqual([...tags].sort());

		const [selection] = nodeOutput(execution, 'Select Newly Qualifying Videos');
		const qualifying = packageSelection(sandbox, pkg);
		expect(selection).toMatchObject({
			root_package_id: pkg.root_package_id,
			package_version: pkg.version,
			export_mode: pkg.export_mode,
			dataset: pkg.dataset,
			qualifying_count: qualifying.size,
		});
		expect(String(selection.file_key)).toBe(`${String(pkg.folder)}${String(selection.file_name)}`);
		const assets = selection.assets as Json[];
		expect(selection.asset_count).toBe(assets.length);
		const ids = assets.map((asset) => String(asset.video_id));
		expect(new Set(ids).size).toBe(ids.length);
		for (const asset of assets) {
			expect(qualifying.has(String(asset.video_id))).toBe(true);
			const matched = asset.matched_tags as Array<{ tag: string; score: number }>;
			expect(matched.length).toBeGreaterThan(0);
			for (const { tag, score } of matched) {
				expect(pkg.inclusion_tags).toContain(tag);
				expect(score).toBeGreaterThanOrEqual(Number(pkg.min_confidence));
			}
		}
		if ((selection.earlier_exports as unknown[]).length === 0) {
			// The first export of a version holds everything that qualifies.
			expect(new Set(ids)).toEqual(qualifying);
		}
		expect(ranNode(execution, 'Upload to Bucket')).toBe(assets.length > 0);
		expect(ranNode(execution, 'Nothing New: No File')).toBe(assets.length === 0);
	},
};
