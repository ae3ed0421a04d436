import type { IExecuteFunctions } from 'n8n-workflow';

import type { Run } from '../../shared/run';
import { type CheckedResponseOf } from '../../shared/endpoints';
import type { IngestJobAsset } from '../../shared/schemas.generated';
import { invalidParameter } from '../../shared/validation';
import type { ListKind } from './assets';

type Dataset = CheckedResponseOf<'datasets.get'>;

/** Each dataset a run ingests into, read once (a run of 10,000 rows into one dataset costs one read). */
export async function readDataset(run: Run, datasetId: string, itemIndex: number): Promise<Dataset> {
	return await run.lookup(JSON.stringify(['dataset', datasetId]), async () =>
		run.call('datasets.get', { params: { dataset_id: datasetId }, itemIndex }),
	);
}

/** The asset types a list holds: its kind's, or (Create From Assets) each asset's declared one. */
function typesOf(kind: ListKind, assets: IngestJobAsset[]): string[] {
	if (kind === 'images') return ['image'];
	if (kind === 'videos') return ['video'];
	const declared = assets.map((asset) => asset.asset_type).filter((type) => type === 'image' || type === 'video');
	return [...new Set(declared)];
}

const plural = (type: string) => `${type}s`;

/**
 * Refuses a list whose asset type the dataset does not accept, before anything is sent: the service would take the
 * job and fail every such asset with `unsupported_source_type`.
 */
export function assertDatasetAccepts(
	this: IExecuteFunctions,
	dataset: Dataset,
	kind: ListKind,
	assets: IngestJobAsset[],
	itemIndex: number,
): void {
	const accepted: string[] = dataset.allowed_asset_types ?? [];
	const refused = typesOf(kind, assets).filter((type) => !accepted.includes(type));
	if (refused.length === 0) return;
	const other = accepted.length === 1 ? accepted[0] : undefined;
	const fix =
		kind === 'assets'
			? `set the Asset Type of each asset to ${accepted.join(' or ') || 'a type it accepts'}`
			: other
				? `use Create From ${plural(other[0].toUpperCase() + other.slice(1))} for ${plural(other)}`
				: undefined;
	throw invalidParameter.call(
		this,
		'Dataset',
		itemIndex,
		`dataset "${dataset.name}" accepts ${accepted.length ? `only ${accepted.map(plural).join(' and ')}` : 'no asset type'}, not ${refused.map(plural).join(' or ')}`,
		`Choose a dataset whose asset types include ${refused.join(' and ')} (Media Analysis Datasets › Get shows them as allowed_asset_types)${fix ? `, or ${fix}` : ''}. Nothing was sent.`,
	);
}
