/*
 * The Search and Queries operations of issue 27 in the shared n8n, in one workflow against the sandbox: Sound ›
 * Search, Image › Search by Person and Hybrid Search, Keyframe › Find Celebrity Matches, Filtered Search › Start (each
 * of its six targets, waiting for the run; once without waiting), Get Status and Get Result, Table › Get Many and Get,
 * and Query › Run Query (SQL, sent as written; and at version 2, its rows in one node). Each node's output is checked against the sandbox: the searches against
 * the answer the sandbox gives the same request again, the runs against the results it ranked for them.
 */
import { DEMO_PERSONAL_TOKEN, type Sandbox, SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../../sandbox/server';
import { sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import { nodeOutput, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../../scripts/n8n-runtime/package';
import type { Scenario } from './shared';
import { byId, byName, fromList } from '../../support/locators';

const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const credentials = { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } };
const images = { datasetId: byName(SEED_DATASET_NAMES.demoImages) };
const videos = { datasetId: byName(SEED_DATASET_NAMES.demoVideos) };
const UPLOAD_IDS = Array.from({ length: 15 }, (_, i) => `upl_e2e_${String(i).padStart(2, '0')}`).join(', ');
const waiting = { waitForCompletion: true, pollInterval: 0.1, limit: 3 };
const imageRun = "={{ $('Filtered Images').first().json.run_id }}";
const ROWS_SQL = 'SELECT path FROM images ORDER BY path LIMIT 3';

/** The filtered-search targets, each started and waited for; the node name and its parameters. */
const RUNS: Array<[string, Record<string, unknown>]> = [
	[
		'Filtered Images',
		{
			...images,
			searchIn: 'image',
			textQuery: 'beach',
			filters: { filter: [{ key: 'topic', op: 'equals', value: 'beach' }] },
		},
	],
	['Filtered Keyframes', { ...videos, searchIn: 'keyframe', textQuery: 'goal' }],
	['Filtered Shots', { ...videos, searchIn: 'shot', textQuery: 'kitchen' }],
	['Filtered Transcripts', { ...videos, searchIn: 'transcript', textQuery: 'welcome', matchMode: 'semantic' }],
	['Filtered Videos', { ...videos, searchIn: 'video', textQuery: 'crowd' }],
	['Filtered Sounds', { ...videos, searchIn: 'sound', audioClass: byId('Speech') }],
];

type Step = [
	name: string,
	node: 'search' | 'queries',
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
];
/** Every operation, in a chain; each node runs once (Execute Once), whatever the node before gave. */
const STEPS: Step[] = [
	['Sound Search', 'search', 'sound', 'search', { ...videos, audioClass: byName('music'), limit: 5 }],
	[
		'Search by Person',
		'search',
		'image',
		'searchByPerson',
		{ ...images, textQuery: 'beach', person: byName('Kai'), assetType: 'image', limit: 5 },
	],
	['Hybrid Search', 'search', 'image', 'hybridSearch', { ...images, textQuery: 'beach', limit: 4 }],
	['Celebrity Matches', 'search', 'keyframe', 'findCelebrityMatches', { ...videos, uploadIds: UPLOAD_IDS, limit: 5 }],
	...RUNS.map(([name, parameters]): Step => [name, 'search', 'filteredSearch', 'start', { ...parameters, ...waiting }]),
	['Start Without Waiting', 'search', 'filteredSearch', 'start', { ...videos, searchIn: 'video', textQuery: 'goal' }],
	['Run Status', 'search', 'filteredSearch', 'getStatus', { ...images, runId: imageRun }],
	['Run Result', 'search', 'filteredSearch', 'getResult', { ...images, runId: imageRun, limit: 2 }],
	['Get Tables', 'queries', 'table', 'getMany', { ...videos, returnAll: true }],
	['Get Table', 'queries', 'table', 'get', { ...images, tableName: fromList('images') }],
	[
		'Create Query',
		'queries',
		'query',
		'create',
		{ ...images, queryType: 'SQL', query: 'SELECT * FROM images LIMIT 5' },
	],
	// Version 2: Run Query waits and outputs the rows themselves, in one node.
	['Run Query Rows', 'queries', 'query', 'create', { ...images, queryType: 'SQL', query: ROWS_SQL, pollInterval: 0.1 }],
];

/** Node versions other than 1, by node name. */
const VERSIONS: Record<string, number> = { 'Run Query Rows': 2 };

const TYPES = { search: `${PACKAGE_NAME}.mediaAnalysisSearch`, queries: `${PACKAGE_NAME}.mediaAnalysisQueries` };

const OPERATIONS_WORKFLOW: WorkflowJson = {
	id: 'maE2eSearchQuery',
	name: 'e2e: the Search and Queries operations of issue 27',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'sq-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...STEPS.map(([name, node, resource, operation, parameters], index) => ({
			id: `sq-${index}`,
			name,
			type: TYPES[node],
			typeVersion: VERSIONS[name] ?? 1,
			position: [220 * (index + 1), 0] as [number, number],
			executeOnce: true,
			parameters: { resource, operation, ...parameters },
			credentials,
		})),
	],
	connections: Object.fromEntries(
		['Start', ...STEPS.map(([name]) => name)]
			.slice(0, -1)
			.map((name, index) => [name, { main: [[{ node: STEPS[index][0], type: 'main', index: 0 }]] }]),
	),
};

/** The sandbox's answer to a request as n8n sent it, asked again as any client would (its answers are deterministic). */
async function askAgain(
	sandbox: Sandbox,
	method: string,
	path: string,
	body: unknown,
): Promise<Record<string, unknown>> {
	const login = await fetch(`${sandbox.url}/api/v0/login`, {
		method: 'POST',
		headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
		body: JSON.stringify({ grant_type: 'refresh_token' }),
	});
	const { access_token: token } = (await login.json()) as { access_token: string };
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		body: body === null || body === undefined ? undefined : JSON.stringify(body),
	});
	expect({ path, status: response.status }).toEqual({ path, status: 200 });
	return (await response.json()) as Record<string, unknown>;
}

export const searchQueriesScenario: Scenario = {
	workflows: () => [OPERATIONS_WORKFLOW],
	register(n8n) {
		describe('Search and Queries (issue 27) in n8n', () => {
			beforeAll(() => n8n.fresh());

			test(
				'every new Search and Queries operation runs in n8n against the sandbox',
				async () => {
					const { sandbox } = n8n;
					sandbox.clearRequestLog();
					// Runs settle in 60 ms of the sandbox's (real) clock, so waiting takes a poll or two.
					sandbox.store.search.timings = { pendingMs: 20, runningMs: 40 };
					const execution = await n8n.run(OPERATIONS_WORKFLOW);
					const requests = [...sandbox.requests];
					const sent = (path: string) => {
						const matching = requests.filter((request) => request.path === path);
						expect({ path, sent: matching.length }).toEqual({ path, sent: 1 });
						return matching[0];
					};
					const again = async (path: string) => {
						const request = sent(path);
						return await askAgain(sandbox, request.method, path, request.body);
					};

					// The synchronous searches: the items are the service's answer, one each (with what the node adds).
					const sound = await again('/api/v1/search/audio-sound');
					expect(sent('/api/v1/search/audio-sound').body).toMatchObject({
						dataset_id: VIDEOS,
						audio_class: 'Music',
						limit: 5,
					});
					expect(nodeOutput(execution, 'Sound Search')).toEqual(
						(sound.data as object[]).map((result) => ({ audio_class: 'Music', ...result })),
					);
					expect(nodeOutput(execution, 'Sound Search').length).toBeGreaterThan(0);

					const byPerson = await again('/api/v1/search/text-to-image/by-person');
					expect(sent('/api/v1/search/text-to-image/by-person').body).toMatchObject({
						person_names_or_aliases: ['Kai'],
						asset_type: 'image',
					});
					expect(nodeOutput(execution, 'Search by Person')).toEqual(
						(byPerson.data as object[]).map((result) => ({ ...result, person: 'Kai' })),
					);
					expect(nodeOutput(execution, 'Search by Person').length).toBeGreaterThan(0);

					const hybrid = await again('/api/v1/search/text-to-hybrid-search');
					expect(nodeOutput(execution, 'Hybrid Search')).toEqual(hybrid.data);
					expect(nodeOutput(execution, 'Hybrid Search')).toHaveLength(4);

					const matches = await again('/api/v1/search/celebrity/matches');
					expect((sent('/api/v1/search/celebrity/matches').body as { upload_ids: string[] }).upload_ids).toHaveLength(
						15,
					);
					expect(nodeOutput(execution, 'Celebrity Matches')).toEqual(matches.data);
					expect(nodeOutput(execution, 'Celebrity Matches').length).toBeGreaterThan(0);

					// The runs: each waited for, its first 3 results (each naming the run) as the sandbox ranked them.
					const { runs } = sandbox.store.search;
					for (const [name, parameters] of RUNS) {
						const items = nodeOutput(execution, name);
						expect({ name, items: items.length > 0 }).toEqual({ name, items: true });
						const run = runs.get(Number(items[0].run_id));
						expect({ name, target: run?.target }).toEqual({ name, target: parameters.searchIn });
						expect(items).toEqual(
							(run?.results ?? [])
								.slice(0, 3)
								.map((result) => ({ run_id: run?.id, search_target: run?.target, ...result })),
						);
					}
					const imageRunId = Number(nodeOutput(execution, 'Filtered Images')[0].run_id);
					const unwaited = nodeOutput(execution, 'Start Without Waiting');
					expect(unwaited).toEqual([{ run_id: expect.any(Number), dataset_id: VIDEOS, search_in: 'video' }]);
					expect(runs.get(Number(unwaited[0].run_id))?.target).toBe('video');
					expect(nodeOutput(execution, 'Run Status')).toEqual([
						{
							run_id: imageRunId,
							dataset_id: IMAGES,
							state: 'TERMINATED',
							termination_type: 'SUCCESS',
							termination_message: null,
							finished: true,
							succeeded: true,
						},
					]);
					expect(nodeOutput(execution, 'Run Result')).toEqual(
						(runs.get(imageRunId)?.results ?? [])
							.slice(0, 2)
							.map((result) => ({ run_id: imageRunId, search_target: 'image', ...result })),
					);
					for (const item of nodeOutput(execution, 'Run Result'))
						expect(item).toMatchObject({ metadata: { topic: 'beach' } });

					// Tables: as the service lists them, each naming its dataset; Query › Run Query sends the query as written.
					const tables = await again(`/api/v1/datasets/${VIDEOS}/tables`);
					expect(nodeOutput(execution, 'Get Tables')).toEqual(
						(tables.tables as object[]).map((table) => ({ dataset_id: VIDEOS, ...table })),
					);
					expect(nodeOutput(execution, 'Get Tables').map((table) => table.name)).toEqual([
						'assets',
						'videos',
						'keyframes',
						'shots',
						'transcripts',
					]);
					const table = await again(`/api/v1/datasets/${IMAGES}/tables/images`);
					expect(nodeOutput(execution, 'Get Table')).toEqual([{ dataset_id: IMAGES, ...table }]);
					const created = requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/queries');
					expect(created).toHaveLength(2);
					expect(created[0].body).toMatchObject({ dataset_id: IMAGES, query: 'SELECT * FROM images LIMIT 5' });
					expect(nodeOutput(execution, 'Create Query')).toHaveLength(1);
					// Run Query (version 2) in one node: the rows of the SQL, ordered and limited as SQL does, of the dataset.
					expect(created[1].body).toMatchObject({ dataset_id: IMAGES, query: ROWS_SQL });
					const rows = nodeOutput(execution, 'Run Query Rows');
					const paths = new Set(
						[...sandbox.store.assets.values()]
							.filter((a) => a.datasetId === IMAGES && a.status === 'completed' && a.kind === 'image')
							.map((a) => a.path),
					);
					expect(rows).toHaveLength(3);
					for (const row of rows) expect(Object.keys(row)).toEqual(['path']);
					const listed = rows.map((row) => String(row.path));
					expect(listed.every((path) => paths.has(path))).toBe(true);
					expect(listed).toEqual([...listed].sort());
					expect(listed[0]).toBe([...paths].sort()[0]);

					// Each new endpoint answered 2xx; none refused.
					const calls = requests.filter((request) =>
						/^\/api\/v[01]\/(search|datasets\/[^/]+\/tables)/.test(request.path),
					);
					expect(
						calls
							.filter((request) => request.status >= 300)
							.map((request) => `${request.method} ${request.path} ${request.status}`),
					).toEqual([]);
				},
				5 * 60_000,
			);
		});
	},
};
