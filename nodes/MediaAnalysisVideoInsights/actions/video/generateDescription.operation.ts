import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Generate Description',
	description: 'Write a description of a video (the description field)',
	action: 'Generate the description of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoDescription',
	does: 'Writes a description of one video: its setting and length.',
	returns: 'the description (text)',
});
