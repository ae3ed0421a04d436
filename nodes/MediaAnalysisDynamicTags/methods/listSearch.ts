import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { listEndpoint } from '../../shared/endpoints';
import { chosenUuid } from '../../shared/methods/listSearch';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';

/** "From list" for tag groups: one entry per group (its latest version), searched by name on the service. */
export const searchTagGroups = listSearchMethod<'dynamicTags.listGroups'>({
	list: listEndpoint('dynamicTags.listGroups', { qs: { sort_field: 'name', sort_direction: 'asc' } }),
	serverFilter: (text) => (text?.trim() ? { name_contains: text.trim() } : {}),
	toResults: (group) => ({
		name: group.name,
		value: group.group_id,
		description: `${group.version_name ?? ''} ${group.status}`.trim(),
	}),
});

const chosenGroup = (context: ILoadOptionsFunctions) =>
	chosenUuid(context, 'groupId', 'tag group', 'The list shows the tags of the group chosen above.');

/**
 * "From list" for the tags of the chosen group, as the groups list previews them (the service returns at most 10
 * tag names per group; give other tags By ID).
 */
export const searchGroupTags = listSearchMethod<'dynamicTags.listGroups'>((context) => ({
	list: listEndpoint('dynamicTags.listGroups', { qs: { group_ids: [chosenGroup(context)], include_tags: true } }),
	matches: () => true,
	toResults: (group) =>
		(group.tags_preview ?? []).map((tag) => ({
			name: tag.name,
			value: tag.tag_id,
			description: `${tag.status} in ${group.name}`,
		})),
}));

/** "From list" for the versions of the chosen tag: its latest draft and latest published version. */
export const searchTagVersions = listSearchMethod<'dynamicTags.listGroups'>((context) => {
	const groupId = chosenGroup(context);
	const tagId = String(context.getCurrentNodeParameter('tagId', { extractValue: true }) ?? '').trim();
	return {
		list: listEndpoint('dynamicTags.listGroups', {
			qs: { group_ids: [groupId], include_tags: true, include_versions: true },
		}),
		toResults: (group) =>
			(group.tags_preview ?? [])
				.filter((tag) => tag.tag_id === tagId)
				.map((tag) => ({
					name: `${tag.name} (${group.version_name ?? 'version'}, ${tag.status})`,
					value: tag.tag_version_id,
				})),
	};
});
