import { z } from 'zod';
import { check, fields, type Rules } from '../contract';

/** NOTES.md, "Dates that matter today": reference-image search in conversational search was removed on this date. */
export const REFERENCE_IMAGE_SEARCH_REMOVED = '2026-07-26';

/**
 * Assumed (the document makes every field optional): a request needs a non-blank `chat_request_text` (reference-image
 * search, the other way to ask, is gone), and a non-null `upload_id` is refused rather than ignored.
 */
const chat = {
	body: (body) =>
		fields(body, {
			chat_request_text: (field) =>
				field.superRefine((text, ctx) => {
					if (!text?.trim()) {
						ctx.addIssue({
							code: z.ZodIssueCode.custom,
							params: { type: 'value_error', msg: 'Value error, chat_request_text is required' },
						});
					}
				}),
			upload_id: [check(() => `reference-image search was removed on ${REFERENCE_IMAGE_SEARCH_REMOVED}`)],
		}),
} satisfies Rules<'chat'>;

export const chatWithOrganization = chat;
export const chatWithDataset = chat satisfies Rules<'chat-dataset'>;
