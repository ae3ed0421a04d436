/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox, tests and scripts), never published: the n8n Cloud rules for node code do not apply. */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface HttpResult {
	status: number;
	headers: IncomingHttpHeaders;
	text: string;
	/** Parsed JSON (or the text when it is not JSON). */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON answers
	body: any;
}

export interface RequestOptions {
	headers?: Record<string, string>;
	/** Sent as JSON with Content-Type application/json. */
	json?: unknown;
	/** Sent verbatim; combine with a content-type header when needed. */
	rawBody?: string;
	token?: string;
	/**
	 * On a connection of its own, closed after the answer (no keep-alive pool): a server whose event loop is busy lets
	 * the keep-alive timers of idle connections fall due unseen and resets a request sent on one of them.
	 */
	newConnection?: boolean;
	/**
	 * Ends the exchange with an error (code TIMEOUT) when nothing moved on the socket for this long; 60 s by default
	 * (without one, Node's global agent ends an idle socket after its own 5 s, which a loaded machine reaches).
	 */
	idleTimeoutMs?: number;
}

/** Plain node:http, so that a GET can carry a body and the query string goes out exactly as written. */
export function send(
	baseUrl: string,
	method: string,
	pathAndQuery: string,
	options: RequestOptions = {},
): Promise<HttpResult> {
	const headers: Record<string, string> = { ...options.headers };
	let payload: string | undefined = options.rawBody;
	if (options.json !== undefined) {
		payload = JSON.stringify(options.json);
		headers['content-type'] ??= 'application/json';
	}
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
	if (options.newConnection) headers.connection = 'close';
	// Without it node sends a GET body unframed (no chunked encoding for GET).
	if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			`${baseUrl}${pathAndQuery}`,
			{ method, headers, ...(options.newConnection ? { agent: false } : {}), timeout: idleTimeoutMs },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('error', reject);
				res.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					let body: unknown = undefined;
					try {
						body = text ? JSON.parse(text) : undefined;
					} catch {
						body = text;
					}
					resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
				});
			},
		);
		req.on('timeout', () =>
			req.destroy(Object.assign(new Error(`nothing moved for ${idleTimeoutMs} ms`), { code: 'TIMEOUT' })),
		);
		req.on('error', reject);
		if (payload !== undefined) req.write(payload);
		req.end();
	});
}
