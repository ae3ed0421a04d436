import { textField } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { splitList } from '../../../shared/validation';
import { moderationScoreTypeOption } from '../fields';
import { searchOperation } from '../searchOperation';

/** The document: "Provide 15–100 upload IDs of reference images". */
export const UPLOAD_IDS = { min: 15, max: 100 };

export const toolDescription = `Finds the video keyframes of one dataset that show the face of a set of reference images, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and ${UPLOAD_IDS.min} to ${UPLOAD_IDS.max} upload IDs of the reference images. Returns each keyframe with its keyframe_id, video_id, composite_slice_id and score.`;

function getUploadIds(item: Item): string[] {
	const ids = splitList(item.param('uploadIds', ''));
	if (ids.length < UPLOAD_IDS.min || ids.length > UPLOAD_IDS.max) {
		throw item.invalid(
			'Upload IDs',
			`${ids.length} upload ID${ids.length === 1 ? '' : 's'} given; the service takes ${UPLOAD_IDS.min} to ${UPLOAD_IDS.max}`,
			`Give ${UPLOAD_IDS.min} to ${UPLOAD_IDS.max} upload IDs of reference images of the face, separated by commas.`,
		);
	}
	return ids;
}

export const option = {
	name: 'Find Celebrity Matches',
	description: 'Find video frames that show the face of 15 to 100 reference images',
	action: 'Find celebrity matches in keyframes',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.celebrityMatches',
	fields: [
		textField(
			'Upload IDs',
			'uploadIds',
			'e.g. upl_01, upl_02, upl_03, …',
			`The upload IDs of ${UPLOAD_IDS.min} to ${UPLOAD_IDS.max} reference images of one face, separated by commas (or an array from an expression)`,
			{ typeOptions: { rows: 3 }, required: true },
		),
	],
	query: (item) => ({ upload_ids: getUploadIds(item) }),
	options: [moderationScoreTypeOption],
});
