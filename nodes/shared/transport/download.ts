import { discardBody } from '../http/answers';
import { beforeDeadline, TIMED_OUT } from '../http/deadline';
import { untrustedCertificate } from '../http/failures';
import { explainedError, readFailure } from './errors';
import { percentDecoded } from './address';
import type { Run } from './run';

/** Bounds of one file download: the whole exchange, the wait for the next bytes, and the size read. */
export const DOWNLOAD = { timeoutMs: 5 * 60_000, idleMs: 60_000, maxBytes: 128 * 1024 * 1024 };

export interface DownloadedFile {
	contentType: string;
	fileName: string | undefined;
	/** The file's text as it arrives; leaving the loop early ends the download. */
	chunks: AsyncIterable<string>;
	/** Instead of `chunks`: the whole file. */
	bytes(): Promise<Buffer>;
}

/**
 * Fetches a file behind a presigned link and hands it to `read` as it arrives. No credential is sent (an
 * Authorization header would break the link's signature); errors name the host only, never the signed link.
 */
export async function downloadFile<T>(
	run: Run,
	url: string,
	{ itemIndex, what }: { itemIndex: number; what: string },
	read: (file: DownloadedFile) => Promise<T>,
): Promise<T> {
	// An unparseable link fails in the request below.
	const host = URL.canParse(url) ? new URL(url).host : 'the storage host';
	const fail = (message: string, description: string, status?: number) =>
		explainedError(run.context.getNode(), { message, description, httpCode: status?.toString(), itemIndex });

	const started = Date.now();
	const readLess = (rows: boolean) =>
		`${rows ? 'Use a Limit to read fewer rows, or set' : 'Set'} Output to "Download Link" and fetch the file with a node made for large files.`;
	// Status and headers within the idle time of real time: a host trickling its headers never trips n8n's timer.
	// Aborted only when the answer came too late (the deadline's own signal also ends once the answer is in).
	const tooLate = new AbortController();
	const response = await beforeDeadline(DOWNLOAD.idleMs, async () => {
		const answer = (await run.context.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			abortSignal: tooLate.signal,
			timeout: DOWNLOAD.idleMs,
		})) as { body: unknown; headers: Record<string, unknown> };
		if (tooLate.signal.aborted) discardBody(answer.body);
		return answer;
	}).catch((error: unknown) => {
		const { status, code } = readFailure(error);
		const untrusted = untrustedCertificate(code);
		if (untrusted) {
			throw fail(
				`n8n did not trust ${host} to download the ${what}: ${untrusted}`,
				'The storage host of the link needs a certificate n8n trusts ("Ignore SSL Issues" of the Media Analysis credential never applies to it): ask whoever runs the service, or trust its authority on the n8n host (NODE_EXTRA_CA_CERTS).',
			);
		}
		if (status === 403) {
			throw fail(
				`The ${what} link was refused by ${host} (status 403): it has expired or is not valid`,
				'Run the node again to get a fresh link; links stay valid only for a limited time.',
				status,
			);
		}
		if (status === undefined && ['ETIMEDOUT', 'ECONNABORTED'].includes(code ?? '')) throw idle();
		throw fail(
			status === undefined
				? `Could not download the ${what} from ${host}`
				: `Downloading the ${what} from ${host} failed with status ${status}`,
			'Check that n8n can reach the storage host, then run the node again.',
			status,
		);
	});
	if (response === TIMED_OUT) {
		tooLate.abort();
		throw fail(
			`${host} did not finish starting its answer (status and headers) within ${DOWNLOAD.idleMs / 1000} s for the ${what}`,
			'The storage host is sending very slowly or not at all. Run the node again; if it keeps happening, set Output to "Download Link" and fetch the file another way.',
		);
	}
	const body = response.body as AsyncIterable<Uint8Array> & { destroy?: () => void };
	try {
		const contentType = String(response.headers?.['content-type'] ?? '');
		if (/html/i.test(contentType)) {
			throw fail(
				`${host} answered with a web page (${contentType}) instead of the ${what}`,
				'The link may have expired, or a proxy or sign-in page answered in its place. Run the node again for a fresh link, or set Output to "Download Link" and open it.',
			);
		}
		return await read({
			contentType,
			fileName: fileNameOf(String(response.headers?.['content-disposition'] ?? ''), url),
			chunks: decoded(arriving(true)),
			bytes: async () => await whole(arriving(false), Number(response.headers?.['content-length'])),
		});
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

	/** The file's bytes as they arrive, within the bounds; `rows`: read as rows (a Limit reads less). */
	async function* arriving(rows: boolean): AsyncGenerator<Uint8Array> {
		let bytes = 0;
		let lastChunk = Date.now();
		const chunks = body[Symbol.asyncIterator]();
		for (;;) {
			const next = await chunks.next().catch(() => {
				// n8n's idle timer runs on the socket, which saw the last bytes a little before this loop did.
				if (Date.now() - lastChunk >= DOWNLOAD.idleMs * 0.9) throw idle();
				throw fail(
					`The download of the ${what} from ${host} broke off before the end of the file`,
					'Run the node again.',
				);
			});
			if (next.done) break;
			lastChunk = Date.now();
			if (Date.now() - started > DOWNLOAD.timeoutMs)
				throw fail(
					`Downloading the ${what} from ${host} took longer than ${DOWNLOAD.timeoutMs / 1000} s`,
					readLess(rows),
				);
			bytes += next.value.byteLength;
			if (bytes > DOWNLOAD.maxBytes) {
				throw fail(
					`The ${what} file on ${host} is larger than ${DOWNLOAD.maxBytes / 1024 / 1024} MB, the most this node reads`,
					readLess(rows),
				);
			}
			yield next.value;
		}
	}
}

async function* decoded(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
	const decoder = new TextDecoder('utf-8');
	for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
	const rest = decoder.decode();
	if (rest) yield rest;
}

/** The file in one Buffer, allocated once at the announced length (a compressed file grows past it). */
async function whole(chunks: AsyncIterable<Uint8Array>, announced: number): Promise<Buffer> {
	const fits = Number.isSafeInteger(announced) && announced >= 0 && announced <= DOWNLOAD.maxBytes;
	const first = Buffer.allocUnsafe(fits ? announced : 0);
	let filled = 0;
	const rest: Uint8Array[] = [];
	for await (const chunk of chunks) {
		if (rest.length === 0 && filled + chunk.byteLength <= first.length) {
			first.set(chunk, filled);
			filled += chunk.byteLength;
		} else {
			rest.push(chunk);
		}
	}
	const head = first.subarray(0, filled);
	return rest.length === 0 ? head : Buffer.concat([head, ...rest]);
}

/** A file name from Content-Disposition (`filename*=UTF-8''…` or `filename="…"`), else from the link's path. */
function fileNameOf(disposition: string, url: string): string | undefined {
	const encoded = /filename\*\s*=\s*(?:utf-8|iso-8859-1)?'[^']*'([^;\s]+)/i.exec(disposition)?.[1];
	const quoted = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
	const plain = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? quoted?.[2];
	// The extended form and a link's path are percent-encoded; a plain filename is not.
	const fromLink = URL.canParse(url) ? new URL(url).pathname.split('/').pop() : undefined;
	const name = encoded !== undefined ? percentDecoded(encoded) : (plain ?? (fromLink && percentDecoded(fromLink)));
	// A name, never a path: the part after the last slash, without control characters.
	const base = name?.replace(/^[\s\S]*[\\/]|\p{Cc}/gu, '').trim() ?? '';
	return base === '' || base === '.' || base === '..' ? undefined : base.slice(0, 200);
}
