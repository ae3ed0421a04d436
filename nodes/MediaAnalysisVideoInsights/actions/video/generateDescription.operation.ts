import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoDescription',
	does: 'Writes a description of one video: its setting and length.',
	returns: 'the description (text)',
});
