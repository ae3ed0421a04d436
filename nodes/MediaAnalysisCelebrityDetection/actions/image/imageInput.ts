import type { IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readFailure } from '../../../shared/transport';
import { invalidParameter } from '../../../shared/validation';

/** "Images up to 15 MB" (the service's limit), read as 15 MiB. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

const MEGABYTE = 1024 * 1024;
/** "16.2 MB"; in bytes when rounding would hide that it is over the limit ("15.0 MB"). */
function megabytes(bytes: number): string {
	const rounded = (bytes / MEGABYTE).toFixed(1);
	return Number(rounded) * MEGABYTE > MAX_IMAGE_BYTES ? `${rounded} MB` : `${bytes.toLocaleString('en-US')} bytes`;
}

/** The image format of some bytes, from their first bytes (file names and MIME types can lie). */
export function sniffImageFormat(bytes: Buffer): string | undefined {
	const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'JPEG';
	if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'PNG';
	if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'GIF';
	if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'WebP';
	if (ascii(0, 2) === 'BM') return 'BMP';
	if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'TIFF';
	if (ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|avif)$/.test(ascii(8, 12))) return 'HEIC/AVIF';
	return undefined;
}

function tooLarge(this: IExecuteFunctions, parameter: string, itemIndex: number, what: string, size: string) {
	return invalidParameter.call(
		this,
		parameter,
		itemIndex,
		`${what} is ${size}, more than the 15 MB the service accepts`,
		'Make the image smaller first, e.g. with the Edit Image node (Resize), then run again.',
	);
}

/**
 * Refuses what the service cannot read before anything is sent: more than 15 MB, or not a JPEG (the request field
 * is a base64 JPEG). `what` names the image in the message, `parameter` the field to fix.
 */
function assertJpeg(
	this: IExecuteFunctions,
	bytes: Buffer,
	{ parameter, what, itemIndex, mimeType }: { parameter: string; what: string; itemIndex: number; mimeType?: string },
): Buffer {
	if (bytes.length === 0) {
		throw invalidParameter.call(this, parameter, itemIndex, `${what} is empty`, 'Give a JPEG image of at most 15 MB.');
	}
	if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge.call(this, parameter, itemIndex, what, megabytes(bytes.length));
	const format = sniffImageFormat(bytes);
	if (format === 'JPEG') return bytes;
	if (format) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`${what} is a ${format} image; the service identifies persons in JPEG images only`,
			'Convert the image to JPEG first, e.g. with the Edit Image node and its Format option, then run again.',
		);
	}
	throw invalidParameter.call(
		this,
		parameter,
		itemIndex,
		`${what} is not an image${mimeType ? ` (its MIME type is ${mimeType})` : ''}`,
		'Give a JPEG image of at most 15 MB.',
	);
}

/** The image in an input binary field, read through n8n's binary data service (memory, filesystem or S3 mode). */
export async function readBinaryImage(this: IExecuteFunctions, itemIndex: number, property: string): Promise<Buffer> {
	const parameter = 'Input Binary Field';
	const binaries = this.getInputData()[itemIndex]?.binary ?? {};
	const binary = binaries[property];
	if (!binary) {
		const present = Object.keys(binaries);
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`the item has no binary field "${property}"`,
			present.length > 0
				? `Set Input Binary Field to one of the item's binary fields: ${present.join(', ')}.`
				: 'The item carries no file. Add a node before this one that reads or downloads the image, or choose Image Source: URL.',
		);
	}
	const what = binary.fileName ? `"${binary.fileName}"` : `binary field "${property}"`;
	const context = { parameter, what, itemIndex, mimeType: binary.mimeType };
	// Known sizes are checked before loading the file into memory.
	if (typeof binary.bytes === 'number' && binary.bytes > MAX_IMAGE_BYTES) {
		throw tooLarge.call(this, parameter, itemIndex, what, megabytes(binary.bytes));
	}
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	return assertJpeg.call(this, bytes, context);
}

/** Parses an http(s) URL the user gave; refuses anything else before any request. */
export function assertImageUrl(this: IExecuteFunctions, value: unknown, itemIndex: number): URL {
	const text = typeof value === 'string' ? value.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw invalidParameter.call(
			this,
			'Image URL',
			itemIndex,
			text ? `"${shownUrl(text)}" is not an http or https URL` : 'it is empty',
			'Give the full address of a JPEG image, e.g. https://example.com/photo.jpg.',
		);
	}
	return url;
}

/** A URL as it may appear in a message: no user info, query or fragment (signed URLs carry secrets there). */
export function shownUrl(value: string | URL): string {
	try {
		const url = typeof value === 'string' ? new URL(value) : value;
		return `${url.protocol}//${url.host}${url.pathname}`;
	} catch {
		const text = String(value).split(/[?#]/)[0];
		return text.length > 80 ? `${text.slice(0, 77)}...` : text;
	}
}

type ByteStream = AsyncIterable<Buffer | Uint8Array> & { destroy?: () => void };

/**
 * Downloads an image with n8n's HTTP helper (so n8n's proxy and SSRF settings apply) as a stream, stopping as soon
 * as it passes 15 MB, then applies the same checks as a binary input.
 */
export async function downloadImage(this: IExecuteFunctions, url: URL, itemIndex: number): Promise<Buffer> {
	const where = shownUrl(url);
	const failed = (problem: string, description: string) =>
		new NodeOperationError(this.getNode(), `Could not download the image from ${where}: ${problem}`, {
			description,
			itemIndex,
		});
	const overLimit = (size: string) => tooLarge.call(this, 'Image URL', itemIndex, `the image at ${where}`, size);

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url: url.href,
			encoding: 'stream',
			returnFullResponse: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// Only the status or network code is kept: the raw error holds the full URL and request options.
		const failure = readFailure(error);
		throw failed(
			failure.status !== undefined ? `the server answered with status ${failure.status}` : `no answer (${failure.code})`,
			'Check that the URL points to a JPEG image that n8n can reach without signing in.',
		);
	}

	const stream = response.body as ByteStream;
	const declared = Number(response.headers['content-length']);
	if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
		stream.destroy?.();
		throw overLimit(megabytes(declared));
	}
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of stream) {
			size += chunk.length;
			if (size > MAX_IMAGE_BYTES) break;
			chunks.push(Buffer.from(chunk));
		}
	} catch {
		throw failed('the connection broke off', 'Try again; if it keeps failing, check that the server delivers the whole file.');
	}
	if (size > MAX_IMAGE_BYTES) {
		stream.destroy?.();
		throw overLimit('more than 15 MB');
	}
	const contentType = response.headers['content-type'];
	return assertJpeg.call(this, Buffer.concat(chunks), {
		parameter: 'Image URL',
		what: `the file at ${where}`,
		itemIndex,
		mimeType: typeof contentType === 'string' ? contentType.split(';')[0] : undefined,
	});
}
