import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoSynopsis',
	does: 'Writes a synopsis of one video: how it opens and how it ends.',
	returns: 'the synopsis (text)',
});
