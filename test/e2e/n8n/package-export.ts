/*
 * The Packages example delivering to a bucket with n8n's own S3 node: an S3-compatible server (s3rver) on 127.0.0.1,
 * read back by the test. Recurring: each delta file appears once and earlier files never change, a second version
 * carries root_package_id; fixed: one file, once; more than 10 tags: refused. The only scenario that writes to the
 * bucket. The example has no Code node (its check says so).
 */
import { SEED_DATASET_IDS } from '../../../sandbox/server';
import { loadExamples } from '../../../scripts/n8n-runtime/examples';
import { type Execution, nodeOutput, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { EXAMPLE_CHECKS, packageSelection } from '../example-checks';
import { SandboxClient } from '../sandbox-client';
import { type Scenario, type SharedN8n, startNode } from './shared';

const FILE = 'package-export.json';
const SELECT = 'Select Newly Qualifying Videos';
const ROOT = '7d0a4c1e-3b5f-4e2a-9c6d-1f8e2a4b6c01';
const FIXED_ROOT = '2b9e6f10-8c4d-4a7e-b1f3-5d0c9a8e7f02';
const example = (() => {
	const found = loadExamples().find((candidate) => candidate.file === FILE);
	if (!found) throw new Error(`examples/${FILE} is gone`);
	return found;
})();

/** The example with another Package Definition (a new version, fixed mode, too many tags), under its own id. */
function packageVariant(id: string, change: (definition: Record<string, unknown>) => void): WorkflowJson {
	const workflow = JSON.parse(JSON.stringify(example.workflow)) as WorkflowJson;
	const node = workflow.nodes.find((n) => n.name === 'Package Definition');
	if (!node?.parameters) throw new Error(`examples/${FILE} has no Package Definition node`);
	const definition = JSON.parse(String(node.parameters.jsonOutput)) as Record<string, unknown>;
	change(definition);
	node.parameters.jsonOutput = JSON.stringify(definition, null, 2);
	return { ...workflow, id, name: `${workflow.name} (${id})` };
}
const VERSION_2 = packageVariant('maE2ePackageV200', (definition) => {
	// Version 2: the exclusion tag is dropped, root_package_id kept.
	definition.version = 2;
	definition.exclusion_tags = [];
});
const FIXED = packageVariant('maE2ePackageFix1', (definition) => {
	definition.root_package_id = FIXED_ROOT;
	definition.package_name = 'Crowds, one-time';
	definition.export_mode = 'fixed';
});
const ELEVEN_TAGS = packageVariant('maE2ePackage11Tg', (definition) => {
	definition.inclusion_tags = ['crowd', 'drone_shot', 'daylight', 'close_up', 'face', 'logo', 'music', 'dialogue'];
	definition.exclusion_tags = ['indoor', 'explosion', 'night'];
});

/** Every file in the bucket with its content, by key. */
async function bucketFiles(n8n: SharedN8n): Promise<Map<string, string>> {
	const keys = await n8n.bucket.keys();
	return new Map(await Promise.all(keys.map(async (key) => [key, await n8n.bucket.read(key)] as [string, string])));
}
const parse = (text: string | undefined) => JSON.parse(text ?? 'null') as Record<string, unknown>;
const videoIds = (doc: Record<string, unknown>) =>
	(doc.assets as Array<{ video_id: string }>).map((asset) => asset.video_id).sort();

export const packageExportScenario: Scenario = {
	workflows: () => [example.workflow, VERSION_2, FIXED, ELEVEN_TAGS],
	register(n8n) {
		async function run(workflow: WorkflowJson): Promise<Execution> {
			n8n.sandbox.clearRequestLog();
			const execution = await n8n.run(workflow);
			EXAMPLE_CHECKS[FILE](execution, n8n.sandbox);
			return execution;
		}
		const bucketFilesNow = () => bucketFiles(n8n);

		describe(`${FILE}: a recurring package delivered to the bucket as the dataset grows`, () => {
			beforeAll(() => n8n.fresh());

			const folder = `packages/${ROOT}/v1/`;
			let first: Record<string, unknown>;
			let afterSecond: Map<string, string>;
			let newVideos: Record<string, string>;

			test(
				'the first run drops delta-0001 with every qualifying video; after new videos, delta-0002 holds only the new qualifying one',
				async () => {
					const firstRun = await run(example.workflow);
					first = nodeOutput(firstRun, SELECT)[0];
					expect(first).toMatchObject({
						export_sequence: 1,
						package_version: 1,
						earlier_exports: [],
						file_key: `${folder}delta-0001.json`,
					});
					expect(first.asset_count).toBe(4);
					const afterFirst = await bucketFilesNow();
					expect([...afterFirst.keys()]).toEqual([`${folder}delta-0001.json`]);
					// What n8n uploaded is the selection, byte for byte as JSON.
					expect(parse(afterFirst.get(`${folder}delta-0001.json`))).toEqual(first);

					// New videos arrive (ingested by another client): one qualifies (a stadium crowd), one has the exclusion tag (an
					// indoor concert), one has no inclusion tag, one fails to ingest.
					const paths = {
						qualifies: 'https://media.example.com/package/stadium-sunset-final.mp4',
						excluded: 'https://media.example.com/package/concert-arena-encore.mp4',
						notIncluded: 'https://media.example.com/package/kitchen-pasta.mp4',
						failed: 'https://media.example.com/package/broken/stadium-party.mp4',
					};
					const ingested = await new SandboxClient(n8n.sandbox).ingest(
						'videos',
						SEED_DATASET_IDS.demoVideos,
						Object.values(paths),
					);
					expect(ingested.map((asset) => asset.status)).toEqual(['completed', 'completed', 'completed', 'error']);
					newVideos = Object.fromEntries(Object.keys(paths).map((key, index) => [key, ingested[index].asset_id]));

					const secondRun = await run(example.workflow);
					const second = nodeOutput(secondRun, SELECT)[0];
					expect(second).toMatchObject({
						root_package_id: ROOT,
						export_sequence: 2,
						earlier_exports: [`${folder}delta-0001.json`],
						qualifying_count: 5,
					});
					expect(videoIds(second)).toEqual([newVideos.qualifies]);
					afterSecond = await bucketFilesNow();
					expect([...afterSecond.keys()]).toEqual([`${folder}delta-0001.json`, `${folder}delta-0002.json`]);
					// The first delta never changes; every delta carries root_package_id; no video is in two deltas.
					expect(afterSecond.get(`${folder}delta-0001.json`)).toBe(afterFirst.get(`${folder}delta-0001.json`));
					const docs = [...afterSecond.values()].map(parse);
					expect(docs.map((doc) => doc.root_package_id)).toEqual([ROOT, ROOT]);
					const all = docs.flatMap(videoIds);
					expect(new Set(all).size).toBe(all.length);
					expect(new Set(all)).toEqual(packageSelection(n8n.sandbox, nodeOutput(secondRun, 'Package')[0]));
				},
				10 * 60_000,
			);

			test(
				'a run with nothing new writes no file and leaves the earlier ones as they were',
				async () => {
					const execution = await run(example.workflow);
					expect(nodeOutput(execution, SELECT)[0]).toMatchObject({ asset_count: 0, export_sequence: 3 });
					expect(nodeOutput(execution, 'Nothing New: No File')).toHaveLength(1);
					expect(await bucketFilesNow()).toEqual(afterSecond);
				},
				5 * 60_000,
			);

			test(
				'version 2 keeps root_package_id, scores all content again into its own folder, and leaves version 1 alone',
				async () => {
					const execution = await run(VERSION_2);
					const version2 = nodeOutput(execution, SELECT)[0];
					expect(version2).toMatchObject({
						root_package_id: ROOT,
						package_version: 2,
						export_sequence: 1,
						earlier_exports: [],
						exclusion_tags: [],
						file_key: `packages/${ROOT}/v2/delta-0001.json`,
					});
					// Everything version 1 exported, plus the concert only the dropped exclusion tag kept out.
					const version1 = [...afterSecond.values()].map(parse).flatMap(videoIds);
					expect(videoIds(version2)).toEqual([...version1, newVideos.excluded].sort());
					const files = await bucketFilesNow();
					expect(parse(files.get(`packages/${ROOT}/v2/delta-0001.json`))).toMatchObject({
						root_package_id: ROOT,
						package_version: 2,
					});
					for (const [key, content] of afterSecond) expect(files.get(key)).toBe(content);
					expect(files.size).toBe(3);
				},
				5 * 60_000,
			);
		});

		describe(`${FILE}: a fixed package`, () => {
			test(
				'exports everything that qualifies once, as fixed.json; a second run writes nothing',
				async () => {
					const firstRun = await run(FIXED);
					const selection = nodeOutput(firstRun, SELECT)[0];
					const key = `packages/${FIXED_ROOT}/v1/fixed.json`;
					expect(selection).toMatchObject({ export_mode: 'fixed', file_key: key, root_package_id: FIXED_ROOT });
					const files = await bucketFilesNow();
					expect(parse(files.get(key))).toEqual(selection);
					// The version has its fixed.json: the run stops before anything is scored, and writes nothing.
					n8n.sandbox.clearRequestLog();
					const again = await run(FIXED);
					expect(nodeOutput(again, 'Fixed: Exported Once Already')).toHaveLength(1);
					expect(nodeOutput(again, 'Earlier Exports')[0]).toMatchObject({ earlier_exports: [key] });
					expect(n8n.sandbox.requests.filter((r) => r.path.startsWith('/api/v0/video-scores'))).toEqual([]);
					expect(await bucketFilesNow()).toEqual(files);
				},
				5 * 60_000,
			);
		});

		test(
			`${FILE}: a package of more than 10 tags is refused before any score is asked for`,
			async () => {
				const before = await bucketFilesNow();
				n8n.sandbox.clearRequestLog();
				const execution = await n8n.server.runToEnd(ELEVEN_TAGS.id, startNode(ELEVEN_TAGS));
				expect(execution.ok).toBe(false);
				expect(execution.output).toContain(
					'Package Definition: the package has 11 tags (8 inclusion, 3 exclusion), but a package takes at most 10. Remove 1.',
				);
				expect(n8n.sandbox.requests.filter((r) => r.path.startsWith('/api/v0/video-scores'))).toEqual([]);
				expect(await bucketFilesNow()).toEqual(before);
			},
			5 * 60_000,
		);
	},
};
