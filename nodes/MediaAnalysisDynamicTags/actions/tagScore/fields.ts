import type { INodeProperties } from 'n8n-workflow';

import { VIDEO_SCORE_FIELDS } from '../../../shared/enums.generated';
import { numberField, uuidMode } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/node';
import { recordFields } from '../../../shared/output';
import type { ApiRequest } from '../../../shared/transport';
import type { Item } from '../../../shared/item';
import type { Bounds } from '../../../shared/validation';

/**
 * A video's score for a tag (15 fields), and what Output › Simplified keeps: which video, which tag, the score and
 * whether it counts, and the video's own metadata (title, series, genre …); not the video's storage record.
 */
export const VIDEO_SCORE = recordFields('video score', VIDEO_SCORE_FIELDS, [
	'coactive_video_id',
	'tag_id',
	'tag_name',
	'score',
	'criteria_met',
	'accepted',
	'video_metadata',
	'computed_dt',
]);

/** A locator From List (`searchListMethod`) or By ID. */
const locator = (displayName: string, name: string, thing: string, description: string, searchListMethod: string) =>
	listLocator({ displayName, name, description }, `a ${thing}`, searchListMethod, [uuidMode(thing)]);

export const groupLocator = locator(
	'Tag Group',
	'groupId',
	'tag group',
	'The dynamic tag group the tag belongs to',
	'searchTagGroups',
);
export const tagLocator = locator(
	'Tag',
	'tagId',
	'tag',
	'The tag to read scores of. The list shows up to 10 tags of the group (what the service previews); give others By ID.',
	'searchGroupTags',
);
export const tagVersionLocator = locator(
	'Tag Version',
	'tagVersionId',
	'tag version',
	"The version of the tag (tag_version_id in the group's tags)",
	'searchTagVersions',
);

/** By ID only: the API has no list of a tag's aggregations. */
export const aggregationLocator: INodeProperties = {
	displayName: 'Aggregation',
	name: 'aggregationId',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The saved aggregation of the tag whose results to read, by its ID as the Coactive app shows it',
	modes: [uuidMode('aggregation')],
};

/** A share from 0 to 1 (two decimals in the editor), and its check. */
export const FRACTION = { minValue: 0, maxValue: 1, numberPrecision: 2 };
export const UNIT: Bounds = { min: 0, max: 1, integer: false };

export const minConfidenceField = (defaultValue: number, description: string): INodeProperties =>
	numberField('Minimum Confidence', 'minConfidence', defaultValue, description, FRACTION);

/** The UUID one of the locators above (or another UUID locator) gives, checked before anything is sent. */
export function getId(item: Item, locator: INodeProperties): string {
	return item.locatorUuid(locator.name, locator.displayName);
}

export function getMinConfidence(item: Item, min: number, exclusiveMin = false): number {
	const value = item.range(item.param('minConfidence'), 'Minimum Confidence', { min, max: 1, integer: false });
	if (exclusiveMin && value <= min) {
		throw item.invalid(
			'Minimum Confidence',
			`"${value}" is out of range`,
			`Minimum Confidence must be greater than ${min} and at most 1.`,
		);
	}
	return value;
}

/** 404 on the score endpoints: which of the ids was not found, and where to find the right one. */
export function scoresNotFound(what: string): ApiRequest['explain'] {
	return ({ status }, details) =>
		status === 404
			? {
					message: `Not found: ${details[0] ?? what}`,
					description: `Check the ${what}: choose the tag group, tag and version From List (Tag Group → Get Many with Include Tags shows their IDs), and a dataset the group has scored.`,
				}
			: undefined;
}
