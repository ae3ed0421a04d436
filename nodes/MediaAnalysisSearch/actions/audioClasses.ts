import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { SearchAudioClass, SearchMetadataFilterAudioClass } from '../../shared/schemas.generated';
import { AUDIO_CLASSES } from '../../shared/enums.generated';
import { nameMode } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import { listLocator } from '../../shared/node';

/** A sound class of audio-sound search (the 527 AudioSet classes), as both search endpoints spell them. */
export type AudioClass = SearchAudioClass & SearchMetadataFilterAudioClass;

/** Each class by its lower-case name; typed so that a class one of the two endpoints lacks fails to compile. */
const CANONICAL = new Map(AUDIO_CLASSES.map((name): [string, AudioClass] => [name.toLowerCase(), name]));

export const audioClassLocator = listLocator(
	{
		displayName: 'Sound',
		name: 'audioClass',
		description: 'The sound class to find, one of the 527 AudioSet classes (e.g. Dog, Music, Applause)',
	},
	'a sound',
	'searchAudioClasses',
	[nameMode('Dog')],
);

export function getAudioClass(item: Item): AudioClass {
	const name = item.notEmpty(item.param('audioClass', '', { extractValue: true }), 'Sound');
	const found = CANONICAL.get(name.toLowerCase());
	if (found) return found;
	const near = AUDIO_CLASSES.filter((entry) => entry.toLowerCase().includes(name.toLowerCase())).slice(0, 5);
	throw item.invalid(
		'Sound',
		`"${name}" is not one of the service's sound classes`,
		near.length
			? `Did you mean ${near.map((entry) => `"${entry}"`).join(', ')}? Choose the sound From list to see every class.`
			: 'Choose the sound From list to see every class (e.g. Dog, Music, Applause, Speech).',
	);
}

export async function searchAudioClasses(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim().toLowerCase();
	return {
		results: AUDIO_CLASSES.filter((name) => !text || name.toLowerCase().includes(text)).map((name) => ({
			name,
			value: name,
		})),
	};
}
