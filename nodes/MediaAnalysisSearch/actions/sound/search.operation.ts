import { audioClassLocator, getAudioClass } from '../audioClasses';
import { moderationScoreTypeOption, skipModerationOption } from '../fields';
import { searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the moments in the videos of one dataset where a sound is heard (e.g. Dog, Music, Applause, Speech: one of the 527 AudioSet sound classes), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the sound class. Returns each moment with its video (coactive_video_id, path), start_time_ms, end_time_ms and score.';

export const option = {
	name: 'Search',
	description: 'Find the moments in videos where a sound is heard (e.g. a dog barking, music, applause)',
	action: 'Search videos for a sound',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.audioSoundSearch',
	fields: [audioClassLocator],
	query: (item) => ({ audio_class: getAudioClass(item) }),
	options: [moderationScoreTypeOption, skipModerationOption],
	output: (result, body) => ({ audio_class: body.audio_class, ...result }),
});
