import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';
import { videoFields, videoRequest } from './video';

export const option = {
	name: 'Delete',
	description: 'Soft-delete all ad segments of a video',
	action: 'Delete the ad segments of a video',
};

export const description: INodeProperties[] = [
	notice(
		'deleteNotice',
		'Deletes every ad segment stored for the video (soft: hidden, not erased), for everyone in your organization',
	),
	...videoFields,
];

export const toolDescription =
	"Deletes every ad segment stored for one video (soft: hidden, not erased). Needs the dataset (its ID, a UUID, or its exact name) and the video's own identifier (the asset identifier value of the dataset). Returns deleted: true and the identifier.";

/**
 * Soft delete. The service documents 204 No Content while its OpenAPI listing declares 200 with no body; both
 * are success, and so is a video without ad segments.
 */
export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await videoRequest(item, 'delete');
	// Safe to repeat after a lost answer (the table's policy): deleting again succeeds even when nothing is left.
	const response = await run.call('adSegments.deleteAdSegments', request);
	// The id is the customer's identifier of the video whose segments were deleted.
	return deletedResult(request.params.asset_identifier_value, response, { dataset_id: request.params.dataset_id });
}
