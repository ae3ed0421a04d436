/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Dev-only: loopback servers that misbehave on purpose (redirects, silence, trickles, cut-off and malformed answers). */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface Seen {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
	at: number;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

export interface HostileServer {
	url: string;
	host: string;
	/** Every request that arrived, logins included. */
	seen: Seen[];
	/** What the server does with a login (POST /api/v0/login). Default: a normal access token. */
	login: Behaviour;
	/**
	 * What the server does with a dataset read without a query (GET /api/v1/datasets/{id}), which Ingestion's creates
	 * send first to check the asset type; Datasets › Get asks with a query and reaches `handle`. Default: a dataset that
	 * accepts images and videos.
	 */
	dataset: Behaviour;
	/** What the server does with every other request. Default: 404. */
	handle: Behaviour;
	/** Repeats `tick` every `ms` until the server closes (trickled answers). */
	every(ms: number, tick: () => void): void;
	close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
	res.end(text);
}

export function raw(res: ServerResponse, status: number, text: string, contentType: string): void {
	res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
	res.end(text);
}

/** A gzip body that unpacks to `megabytes` MB of spaces, made of repeated gzip members (as a bomb is built). */
export function gzipBomb(megabytes: number): Buffer {
	const member = gzipSync(Buffer.alloc(1024 * 1024, 0x20));
	return Buffer.concat(Array.from({ length: megabytes }, () => member));
}

/** Answers gzip-encoded: a text is compressed here, a Buffer is sent as it is (already gzip). */
export function gzipped(res: ServerResponse, status: number, content: Buffer | string): void {
	const body = typeof content === 'string' ? gzipSync(content) : content;
	res.writeHead(status, {
		'content-type': 'application/json',
		'content-encoding': 'gzip',
		'content-length': body.length,
	});
	res.end(body);
}

const DATASET_READ = /^\/api\/v1\/datasets\/[0-9a-f-]{36}$/;

/** Starts a server; `hostile`, when given, is the object it fills (a bed keeps one object across its tests' servers). */
export async function startHostile(accessToken: string, hostile = {} as HostileServer): Promise<HostileServer> {
	const timers = new Set<ReturnType<typeof setInterval>>();
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const seen: Seen = {
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
				at: Date.now(),
			};
			hostile.seen.push(seen);
			const behave =
				req.method === 'POST' && seen.path === '/api/v0/login'
					? hostile.login
					: req.method === 'GET' && DATASET_READ.test(seen.path)
						? hostile.dataset
						: hostile.handle;
			behave(req, res, seen);
		});
	});
	// A backlog for thousands of connections at once (executions side by side): a refused connection is the test's own.
	await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
	const { port } = server.address() as AddressInfo;
	return Object.assign(hostile, {
		url: `http://127.0.0.1:${port}`,
		host: `127.0.0.1:${port}`,
		seen: [],
		login: (_req, res) => json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 }),
		dataset: (_req, res, seen) =>
			json(res, 200, { id: seen.path.split('/')[4], name: 'hostile', allowed_asset_types: ['image', 'video'] }),
		handle: (_req, res) => json(res, 404, { detail: 'Not Found' }),
		every(ms, tick) {
			timers.add(setInterval(tick, ms));
		},
		async close() {
			for (const timer of timers) clearInterval(timer);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	} satisfies HostileServer);
}
