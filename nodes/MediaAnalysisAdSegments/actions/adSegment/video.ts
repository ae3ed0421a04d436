import type { INodeProperties } from 'n8n-workflow';

import { datasetLocator, textField } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import type { ApiRequest } from '../../../shared/transport';
import { HINTS } from '../../../shared/http/failures';

/** Which video: the dataset, and the customer's own identifier of the video in it. */
export const videoFields: INodeProperties[] = [
	datasetLocator({ description: 'The dataset that holds the video' }),
	textField(
		'Asset Identifier',
		'assetIdentifier',
		'e.g. EP-2041-S01E03',
		"Your own identifier of the video (not the platform's video ID), exactly as it was stored with the video in the dataset",
		{ required: true },
	),
];

/** The video as the ad-segments paths name it: its dataset, and the customer's own identifier of it. */
type VideoRef = { dataset_id: string; asset_identifier_value: string };

/** What every request on the item's video carries: the path naming it (checked), the item, what a failure means. */
export async function videoRequest(item: Item, action: 'create' | 'get' | 'delete') {
	const params: VideoRef = {
		dataset_id: await item.datasetId(),
		asset_identifier_value: item.notEmpty(item.param('assetIdentifier', ''), 'Asset Identifier'),
	};
	return { params, itemIndex: item.index, explain: explainVideoFailure(params, action) };
}

// A 422 about asset_identifier_value alone may just be an invalid path value; only words of a count mean several videos.
const MULTIPLE_MATCHES = /multiple|several|more than one|\d+ videos match/i;
const GATEWAY_HEADERS = /gateway|identity header/i;

/** What 403, 404 and 422 mean for the ad segments of a video, in words that say how to fix them. */
function explainVideoFailure(video: VideoRef, action: 'create' | 'get' | 'delete'): ApiRequest['explain'] {
	return ({ status }, details) => {
		if (status === 403) {
			return {
				message:
					action === 'delete'
						? 'You are not allowed to delete assets in this dataset, so its ad segments cannot be deleted'
						: `You are not allowed to ${action} ad segments in this dataset`,
				description: `Ask a Media Analysis administrator for a role on dataset ${video.dataset_id} that allows ${action === 'delete' ? 'deleting assets' : 'this'}, or use a credential that has it.`,
			};
		}
		if (status === 404) {
			return {
				message: `No video with the asset identifier "${video.asset_identifier_value}" in dataset ${video.dataset_id}, or no such dataset`,
				description:
					'Check the Asset Identifier: it must match the identifier stored with the video exactly (case and spaces included), and the video must be in the chosen dataset. Choose the dataset "From list" to see the ones that exist.',
			};
		}
		if (status === 422 && details.some((detail) => MULTIPLE_MATCHES.test(detail))) {
			return {
				message: `Several videos in dataset ${video.dataset_id} have the asset identifier "${video.asset_identifier_value}"`,
				description:
					'Ad segments belong to exactly one video, so the identifier must match one video only. Give each video its own identifier (or remove the duplicate video) and run again.',
			};
		}
		if (status === 422 && details.some((detail) => GATEWAY_HEADERS.test(detail))) {
			return {
				message: 'The service refused the request: it arrived without the identity headers its gateway adds',
				description: `This is not about your parameters: the request reached the ad-segments service without passing through the service's gateway. ${HINTS.baseUrl}`,
			};
		}
		return undefined;
	};
}
