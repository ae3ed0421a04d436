import { z } from 'zod';
import { uuidString } from '../validation';

export const chatDatasetPath = z.object({ dataset_id: uuidString() });

/** Reference-image search (`upload_id`) was removed from the service on this date. */
export const REFERENCE_IMAGE_SEARCH_REMOVED = '2026-07-26';

const valueErrorAt = (ctx: z.RefinementCtx, field: string, message: string) =>
	ctx.addIssue({
		code: z.ZodIssueCode.custom,
		path: [field],
		params: { type: 'value_error', msg: `Value error, ${message}` },
	});

/**
 * `agentic-search:ChatRequest`. Assumed: a request needs a non-blank `chat_request_text` (reference-image search,
 * the other way to ask, is gone), and a non-null `upload_id` is refused rather than ignored.
 */
export const chatBody = z
	.object({
		chat_request_text: z.string().nullable().optional(),
		upload_id: z.string().nullable().optional(),
		history_chat_messages: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
	})
	.superRefine((body, ctx) => {
		if (!body.chat_request_text?.trim()) valueErrorAt(ctx, 'chat_request_text', 'chat_request_text is required');
		if (body.upload_id != null) {
			valueErrorAt(ctx, 'upload_id', `reference-image search was removed on ${REFERENCE_IMAGE_SEARCH_REMOVED}`);
		}
	});

export type ChatBody = z.output<typeof chatBody>;
