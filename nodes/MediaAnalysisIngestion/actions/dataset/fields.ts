import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { paginateForItem, resolveDatasetId } from '../../../shared/readers';
import { listEndpoint } from '../../../shared/endpoints';
import { statusQuery } from '../../helpers/statusFilters';

/** One item per asset: status, type, source path and when it became ready to search. */
export async function getAssetSummaries(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const list = listEndpoint('ingestion.getDatasetAssetsStatusSummary', {
		params: { dataset_id: datasetId },
		qs: statusQuery(filters),
	});
	return await paginateForItem.call(this, itemIndex, ...list);
}
