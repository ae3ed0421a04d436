import type { Checks } from '../../../shared/validation';

/** Parses an http(s) URL the user gave; refuses anything else before any request. */
export function imageUrl(item: Checks, value: unknown): URL {
	const text = typeof value === 'string' ? value.trim() : '';
	const url = URL.canParse(text) ? new URL(text) : undefined;
	if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
	throw item.invalid(
		'Image URL',
		text ? `"${shownUrl(text)}" is not an http or https URL` : 'it is empty',
		'Give the full address of an image, e.g. https://example.com/photo.jpg.',
	);
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
