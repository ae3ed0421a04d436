import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Generate Synopsis',
	description: 'Write a synopsis of how a video unfolds (the synopsis field)',
	action: 'Generate the synopsis of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoSynopsis',
	does: 'Writes a synopsis of one video: how it opens and how it ends.',
	returns: 'the synopsis (text)',
});
