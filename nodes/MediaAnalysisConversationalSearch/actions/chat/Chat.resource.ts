import { resourceDescription } from '../../../shared/resourceOperations';
import * as sendMessage from './sendMessage.operation';

export const operations = { sendMessage };

export const description = resourceDescription('chat', operations, {
	options: [
		{
			name: 'Send Message',
			value: 'sendMessage',
			description:
				"Ask a question; the answer comes with the videos found, follow-up suggestions and this turn's messages (the whole chat history with Include History)",
			action: 'Send a chat message',
		},
	],
	default: 'sendMessage',
});
