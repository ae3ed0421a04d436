import type { IExecuteFunctions } from 'n8n-workflow';

import { explainedError, readFailure } from './errors';

/**
 * Bounds of one file download: the whole exchange (checked as each piece arrives, so at most `timeoutMs` plus one
 * idle wait), the wait for the next bytes, and the size read, past which the file is refused (a Download Link
 * serves larger files).
 */
export const DOWNLOAD = { timeoutMs: 5 * 60_000, idleMs: 60_000, maxBytes: 128 * 1024 * 1024 };

export interface DownloadedFile {
	contentType: string;
	/** The file's text as it arrives; leaving the loop early ends the download. */
	chunks: AsyncIterable<string>;
}

type Body = AsyncIterable<Uint8Array> & { destroy?: () => void };

/**
 * Fetches a file behind a presigned link the service handed out (query results) and hands it to `read` as it
 * arrives, so a reader that needs only the first rows never holds the rest. No Media Analysis credential is sent:
 * the link carries its own authorization, and an Authorization header would break its signature. Errors name the
 * host only, never the link, whose query string is a signature.
 */
export async function downloadFile<T>(
	this: IExecuteFunctions,
	url: string,
	{ itemIndex, what }: { itemIndex: number; what: string },
	read: (file: DownloadedFile) => Promise<T>,
): Promise<T> {
	let host = 'the storage host';
	try {
		host = new URL(url).host;
	} catch {
		// An unparseable link fails in the request below and is reported by host placeholder.
	}
	const fail = (message: string, description: string, status?: number) =>
		explainedError(this.getNode(), { message, description, httpCode: status === undefined ? undefined : String(status), itemIndex });

	const started = Date.now();
	const tooLong = () =>
		fail(
			`Downloading the ${what} from ${host} took longer than ${DOWNLOAD.timeoutMs / 1000} s`,
			'Use a Limit to read fewer rows, or set Output to "Download Link" and fetch the file with a node made for large files.',
		);
	let response: { body: unknown; headers: Record<string, unknown> };
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			// n8n's timeout is an idle timer: it also ends a body that stops arriving.
			timeout: DOWNLOAD.idleMs,
		})) as typeof response;
	} catch (error) {
		const { status } = readFailure(error);
		if (status === 403) {
			throw fail(
				`The ${what} link was refused by ${host} (status 403): it has expired or is not valid`,
				'Run the node again to get a fresh link; links stay valid only for a limited time.',
				status,
			);
		}
		if (status === undefined && Date.now() - started >= DOWNLOAD.idleMs) throw idle();
		throw fail(
			status === undefined ? `Could not download the ${what} from ${host}` : `Downloading the ${what} from ${host} failed with status ${status}`,
			'Check that n8n can reach the storage host, then run the node again.',
			status,
		);
	}
	const body = response.body as Body;
	try {
		const contentType = String(response.headers?.['content-type'] ?? '');
		if (/html/i.test(contentType)) {
			throw fail(
				`${host} answered with a web page (${contentType}) instead of the ${what}`,
				'The link may have expired, or a proxy or sign-in page answered in its place. Run the node again for a fresh link, or set Output to "Download Link" and open it.',
			);
		}
		return await read({ contentType, chunks: decoded(body) });
	} finally {
		body.destroy?.();
	}

	// n8n replaces a message that names a network error code with its own words, so codes stay out of messages.
	function idle() {
		return fail(
			`${host} sent nothing for ${DOWNLOAD.idleMs / 1000} s while the ${what} was downloading`,
			'Run the node again; if it keeps happening, set Output to "Download Link" and fetch the file another way.',
		);
	}

	async function* decoded(body: Body): AsyncGenerator<string> {
		const decoder = new TextDecoder('utf-8');
		let bytes = 0;
		let lastChunk = Date.now();
		const chunks = body[Symbol.asyncIterator]();
		for (;;) {
			let next: IteratorResult<Uint8Array>;
			try {
				next = await chunks.next();
			} catch {
				if (Date.now() - lastChunk >= DOWNLOAD.idleMs) throw idle();
				throw fail(`The download of the ${what} from ${host} broke off before the end of the file`, 'Run the node again.');
			}
			if (next.done) break;
			lastChunk = Date.now();
			const chunk = next.value;
			if (Date.now() - started > DOWNLOAD.timeoutMs) throw tooLong();
			bytes += chunk.byteLength;
			if (bytes > DOWNLOAD.maxBytes) {
				throw fail(
					`The ${what} file on ${host} is larger than ${DOWNLOAD.maxBytes / 1024 / 1024} MB, the most this node reads`,
					'Use a Limit to read fewer rows, or set Output to "Download Link" and fetch the file with a node made for large files.',
				);
			}
			yield decoder.decode(chunk, { stream: true });
		}
		const rest = decoder.decode();
		if (rest) yield rest;
	}
}
