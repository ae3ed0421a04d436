const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
const JFIF = Buffer.from([
	0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]);
/** Text bytes one JPEG comment segment can hold. */
const SEGMENT_TEXT = 65_533;

function commentSegments(text: Buffer, count: number): Buffer[] {
	const segments: Buffer[] = [];
	for (let i = 0; i < count; i++) {
		const part = text.subarray(i * SEGMENT_TEXT, (i + 1) * SEGMENT_TEXT);
		segments.push(Buffer.from([0xff, 0xfe, (part.length + 2) >> 8, (part.length + 2) & 0xff]), part);
	}
	return segments;
}

/**
 * Test images for identify: a minimal JPEG (SOI, JFIF header, comment segments, EOI) whose comment carries
 * `celebrity:<name or alias>;` markers, so a test decides who the sandbox finds in it.
 */
export function jpegWithMarkers(names: string[], extraComment = ''): Buffer {
	const text = Buffer.from(`${names.map((name) => `celebrity:${name};`).join('')}${extraComment}`, 'latin1');
	const count = Math.max(1, Math.ceil(text.length / SEGMENT_TEXT));
	return Buffer.concat([SOI, JFIF, ...commentSegments(text, count), EOI]);
}

/** A JPEG of exactly `size` bytes (comment padding), naming the given persons. */
export function jpegOfSize(size: number, names: string[] = []): Buffer {
	const markers = Buffer.from(names.map((name) => `celebrity:${name};`).join(''), 'latin1');
	// Bytes = SOI + JFIF + EOI (22) + per segment 4 + text; trailing segments may be empty.
	const count = Math.max(1, Math.ceil((size - 22) / (SEGMENT_TEXT + 4)));
	const padding = size - 22 - 4 * count - markers.length;
	if (padding < 0) throw new Error(`jpegOfSize: ${size} bytes is too small`);
	const text = Buffer.concat([markers, Buffer.alloc(padding, 0x20)]);
	return Buffer.concat([SOI, JFIF, ...commentSegments(text, count), EOI]);
}
