import { z } from 'zod';
import { uuidString, valueError } from '../validation';

/** Path of every ad-segment route. */
export const adSegmentsPath = z.object({
	dataset_id: uuidString(),
	asset_identifier_value: z.string(),
});

/** `context-studio:VideoAdSegmentMetadataRequest` */
const segmentMetadata = z.object({
	segment_type: z.string(),
	segment_number: z.number().int(),
	incode: z.string(),
	outcode: z.string(),
});

/**
 * `context-studio:VideoAdSegmentCreateRequest`. Assumed, as the service does not publish its checks: times and frame
 * numbers are not negative, and a segment does not end before it starts (in time and in frames).
 */
const segment = z
	.object({
		segment_start_time_ms: z.number().min(0),
		segment_end_time_ms: z.number().min(0),
		segment_start_frame_number: z.number().int().min(0),
		segment_end_frame_number: z.number().int().min(0),
		metadata: segmentMetadata.nullable().optional(),
	})
	.superRefine((value, ctx) => {
		if (value.segment_end_time_ms < value.segment_start_time_ms) {
			valueError(ctx, 'segment_end_time_ms must not be less than segment_start_time_ms');
		}
		if (value.segment_end_frame_number < value.segment_start_frame_number) {
			valueError(ctx, 'segment_end_frame_number must not be less than segment_start_frame_number');
		}
	});

/** `context-studio:VideoAdSegmentsCreateRequest` */
export const adSegmentsCreateBody = z.object({
	ad_segments: z.array(segment).min(1),
});
