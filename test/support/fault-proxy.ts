/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Dev-only: a loopback HTTP proxy that injects scripted faults in front of the sandbox. */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
	| {
			kind: 'status';
			status: number;
			retryAfter?: string;
			/** JSON answered instead of `{detail: "injected <status>"}` */ body?: unknown;
			/** The service handles the request first (a gateway that times out after passing it on). */ processed?: boolean;
	  }
	/** The connection closes before anything reaches the service. */
	| { kind: 'drop-before' }
	/** The service handles the request, then the connection closes before its answer arrives. */
	| { kind: 'drop-after' };

interface Rule {
	match: (method: string, path: string) => boolean;
	faults: Fault[];
}

export interface FaultProxy {
	url: string;
	/** Each matching request takes the next fault; once they are used up, requests pass through. */
	inject(match: (method: string, path: string) => boolean, ...faults: Fault[]): void;
	/** Every request that reached the proxy, with the time it arrived. */
	seen: Array<{ method: string; path: string; at: number }>;
	close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
	const target = new URL(upstream);
	const rules: Rule[] = [];
	const seen: FaultProxy['seen'] = [];

	function pass(
		req: IncomingMessage,
		body: Buffer,
		onAnswer: (status: number, headers: IncomingMessage['headers'], data: Buffer) => void,
	) {
		const out = forward(
			{ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
			(answer) => {
				const chunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => chunks.push(chunk));
				answer.on('end', () => onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
			},
		);
		out.end(body);
	}

	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const method = req.method ?? 'GET';
			const path = (req.url ?? '/').split('?')[0];
			seen.push({ method, path, at: Date.now() });
			const fault = rules.find((rule) => rule.match(method, path) && rule.faults.length)?.faults.shift();
			const body = Buffer.concat(chunks);
			if (fault?.kind === 'status') {
				const headers: Record<string, string> = { 'content-type': 'application/json' };
				if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
				const answer = () =>
					res
						.writeHead(fault.status, headers)
						.end(JSON.stringify(fault.body ?? { detail: `injected ${fault.status}` }));
				if (fault.processed) pass(req, body, answer);
				else answer();
			} else if (fault?.kind === 'drop-before') {
				req.socket.destroy();
			} else if (fault?.kind === 'drop-after') {
				pass(req, body, () => req.socket.destroy());
			} else {
				pass(req, body, (status, headers, data) => res.writeHead(status, headers).end(data));
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		inject: (match, ...faults) => rules.push({ match, faults }),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
