import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidParameter } from '../../../shared/validation';

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
			'Give the full address of an image, e.g. https://example.com/photo.jpg.',
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
