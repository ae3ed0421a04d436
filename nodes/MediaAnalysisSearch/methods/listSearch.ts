import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../shared/transport';
import { UUID_PATTERN } from '../../shared/validation';

const PAGE = 50;
const UUID = new RegExp(UUID_PATTERN, 'i');

interface VideoSearchPage {
	results?: Array<{ video_id: string; source_path: string; video_score?: number | null }>;
}

/**
 * "From list" for a video of the chosen dataset. The service has no video listing, so the list is the dataset's
 * video search: the words typed rank the videos, and the offset pages on.
 */
export async function searchVideos(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const datasetId = String(this.getCurrentNodeParameter('datasetId', { extractValue: true }) ?? '').trim();
	if (!UUID.test(datasetId)) {
		throw new NodeOperationError(this.getNode(), 'Choose the dataset first', {
			description: 'The list shows the videos of the dataset chosen above.',
		});
	}
	const offset = Number(paginationToken ?? 0) || 0;
	const response = (await apiRequest.call(this, {
		method: 'POST',
		path: '/api/v1/search/video',
		body: { dataset_id: datasetId, text_query: filter?.trim() ?? '', offset, limit: PAGE, ignore_keyframes: true },
		idempotent: true,
	})) as VideoSearchPage;
	const results = response.results ?? [];
	return {
		results: results.map((video) => ({
			name: video.source_path.split('/').pop() || video.source_path,
			value: video.video_id,
			description: video.source_path,
		})),
		paginationToken: results.length === PAGE ? String(offset + PAGE) : undefined,
	};
}
