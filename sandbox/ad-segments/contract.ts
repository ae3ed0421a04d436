import { each, fields, ge, minItems, refine, type Rules, whole } from '../contract';

/**
 * Assumed, as the service does not publish its checks: a create names at least one segment; times and frame numbers
 * are not negative, and a segment does not end before it starts (in time and in frames).
 */
export const createAdSegments = {
	body: (body) =>
		fields(body, {
			ad_segments: (field) =>
				refine(
					each(field, (segment) =>
						whole(
							fields(segment, {
								segment_start_time_ms: [ge(0)],
								segment_end_time_ms: [ge(0)],
								segment_start_frame_number: [ge(0)],
								segment_end_frame_number: [ge(0)],
							}),
							(value) => [
								...(value.segment_end_time_ms < value.segment_start_time_ms
									? ['segment_end_time_ms must not be less than segment_start_time_ms']
									: []),
								...(value.segment_end_frame_number < value.segment_start_frame_number
									? ['segment_end_frame_number must not be less than segment_start_frame_number']
									: []),
							],
						),
					),
					minItems(1),
				),
		}),
} satisfies Rules<'create-ad-segments'>;

/**
 * service-spec.md, Endpoints › Ad segments: a delete succeeds with 204 No Content per the operation's description and
 * release notes, while the document declares 200 (`store.adSegments.deleteSuccessStatus` picks one).
 */
export const deleteAdSegments = { alsoAnswers: [204] } satisfies Rules<'delete-ad-segments'>;
