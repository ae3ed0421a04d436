import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../shared/item';
import { ALL } from '../../shared/run';

import { type RecordOf } from '../../shared/endpoints';
import type { ItemRunner } from '../../shared/router';
import { failOnce } from './batching';
import { outcomeOf, type AssetOutcome } from '../../shared/ingestJobs';
import type { IngestJobAsset } from '../../shared/schemas.generated';

/**
 * Already in Dataset: what a create does with an asset the dataset already lists under the same source path. Version
 * 1 ingested everything again (its default stays `ingest`, so saved workflows keep running as they did); from 1.1 the
 * default is `skip`: a pipeline run again costs nothing for what it already ingested.
 */
export type ExistingAssets = 'skip' | 'skipUnlessFailed' | 'ingest';

const options = [
	{
		name: 'Skip',
		value: 'skip',
		description:
			'Do not send an asset the dataset already lists under the same source path, whether completed, in progress or failed: it comes out with ingestion "skipped" and its status there',
	},
	{
		name: 'Skip Unless Failed',
		value: 'skipUnlessFailed',
		description: 'Skip assets the dataset holds completed or in progress; send again those whose ingestion failed',
	},
	{
		name: 'Ingest Again',
		value: 'ingest',
		description: 'Send every asset: the service ingests (and bills) it again',
	},
];

const field = (defaultValue: ExistingAssets, version: number | { _cnd: { gte: number } }): INodeProperties => ({
	displayName: 'Already in Dataset',
	name: 'existingAssets',
	type: 'options',
	noDataExpression: true,
	options,
	default: defaultValue,
	description:
		'What to do with an asset whose source path the dataset already holds (looked up before sending, one request per source path)',
	displayOptions: { show: { '@version': [version] } },
});

/** Version 1 keeps ingesting everything by default; 1.1 skips what the dataset holds. */
export const existingAssetsFields: INodeProperties[] = [field('ingest', 1), field('skip', { _cnd: { gte: 1.1 } })];

/** Already in Dataset, and whether items say what became of their asset (`ingestion`): from 1.1, or when skipping. */
export function readExistingAssets(first: Item): { mode: ExistingAssets; says: boolean } {
	const value = first.param<string>('existingAssets', 'ingest');
	const mode = value === 'skip' || value === 'skipUnlessFailed' ? value : 'ingest';
	return { mode, says: mode !== 'ingest' || first.context.getNode().typeVersion >= 1.1 };
}

type Listed = RecordOf<'ingestion.getDatasetAssetsStatus'>;

/** Of several records of one source path, the one that says most: completed, then in progress, then failed. */
const RANK: Record<string, number> = { completed: 3, error: 1 };
const rankOf = (record: Listed) => RANK[String(record.status)] ?? 2;

/** An input item's assets, and per asset what the dataset holds under its source path, or undefined (it is sent). */
export interface HeldRow {
	itemIndex: number;
	datasetId: string;
	assets: IngestJobAsset[];
	held: Array<AssetOutcome | undefined>;
}

/**
 * Sets each item's `held` (what `mode` would not skip is left out) and returns the items whose lookups went well (an
 * item whose lookup failed has its error item). Each distinct source path is looked up once, side by side through
 * the run like every request: the service filters by prefix, so only a record of exactly that path counts.
 */
export async function heldAssets<R extends HeldRow>(runner: ItemRunner, rows: R[], mode: ExistingAssets): Promise<R[]> {
	const keyOf = (datasetId: string, sourcePath: string) => JSON.stringify([datasetId, sourcePath]);
	const lookups = new Map<string, { datasetId: string; sourcePath: string; itemIndexes: number[] }>();
	for (const { itemIndex, datasetId, assets } of mode === 'ingest' ? [] : rows) {
		for (const { source_path: sourcePath } of assets) {
			const key = keyOf(datasetId, sourcePath);
			const lookup = lookups.get(key) ?? { datasetId, sourcePath, itemIndexes: [] };
			if (!lookup.itemIndexes.includes(itemIndex)) lookup.itemIndexes.push(itemIndex);
			lookups.set(key, lookup);
		}
	}
	const found = new Map<string, AssetOutcome>();
	const failed = new Set<number>();
	const all = [...lookups.entries()];
	await runner.sideBySide(all.length, async (index) => {
		const [key, { datasetId, sourcePath, itemIndexes }] = all[index];
		if (itemIndexes.every((itemIndex) => failed.has(itemIndex))) return;
		try {
			const records = await runner.run.list('ingestion.getDatasetAssetsStatus', {
				params: { dataset_id: datasetId },
				body: { source_path: sourcePath },
				itemIndex: itemIndexes[0],
				limit: ALL,
			});
			const best = records
				.filter((record) => record.source_path === sourcePath)
				.sort((a, b) => rankOf(b) - rankOf(a))[0];
			if (best && !(mode === 'skipUnlessFailed' && best.status === 'error')) found.set(key, outcomeOf(best));
		} catch (error) {
			failOnce(runner, failed, error, itemIndexes);
		}
	});
	const live = rows.filter(({ itemIndex }) => !failed.has(itemIndex));
	for (const row of live) row.held = row.assets.map((asset) => found.get(keyOf(row.datasetId, asset.source_path)));
	return live;
}
