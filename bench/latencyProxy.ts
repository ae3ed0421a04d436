/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import {
	Agent,
	createServer,
	request as forward,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A loopback HTTP proxy that holds each request `delayMs` before passing it on: the round trip of a service further
 * away than 127.0.0.1. It counts the requests in flight (from arrival to the last byte of the answer sent back) and
 * the most at once. Nothing is buffered or limited: bodies stream both ways as they come, every request is passed on
 * at once after its delay (the upstream agent opens as many connections as needed, keeping them alive), and the
 * listen queue is long enough (4,096, as far as the kernel allows) that the proxy is not where connections wait.
 * With `capacity`, it stands for a service that works that many requests at a time: each holds a place from its
 * delay to the end of its answer, and the others wait in its queue, first come first served; with `queueLimit`, a
 * request that finds that many waiting is answered 503 after the delay, without a place (an overloaded service shedding
 * load). With `delayOf`, the delay of each request is its own (given its number, from 1 in order of arrival): items
 * that take longer than others.
 */
export interface LatencyProxy {
	url: string;
	delayMs: number;
	/**
	 * Counts since the last `resetCounts()`. `inFlightMs`: requests in flight integrated over time (request × ms),
	 * so the average over an interval is its difference divided by the interval's length, whatever the moment a
	 * sample is taken (a point sample on a busy event loop lands between bursts and reads low).
	 */
	counts(): ProxyCounts;
	resetCounts(): void;
	close(): Promise<void>;
}

export interface ProxyCounts {
	requests: number;
	maxInFlight: number;
	inFlight: number;
	inFlightMs: number;
	upstreamErrors: number;
	connections: number;
	/** Requests answered 503 because the queue was full (`queueLimit`). */
	overloaded: number;
}

/** Headers that describe one connection, not the message: each side sets its own. */
const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'proxy-connection',
	'transfer-encoding',
	'upgrade',
	'te',
	'trailer',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
	const kept: IncomingHttpHeaders = {};
	for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
	return kept;
}

export async function startLatencyProxy(
	upstream: string,
	delayMs: number,
	capacity = Infinity,
	delayOf: (request: number) => number = () => delayMs,
	queueLimit = Infinity,
): Promise<LatencyProxy> {
	const target = new URL(upstream);
	let working = 0;
	const queue: Array<() => void> = [];
	const place = async () => {
		if (working < capacity) working++;
		else await new Promise<void>((resolve) => queue.push(resolve));
	};
	const freePlace = () => {
		const next = queue.shift();
		if (next) next();
		else working--;
	};
	const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
	let requests = 0;
	let inFlight = 0;
	let maxInFlight = 0;
	let inFlightMs = 0;
	let changedAt = performance.now();
	/** Every change of `inFlight` goes through here, so the integral is exact. */
	const move = (by: number) => {
		const now = performance.now();
		inFlightMs += inFlight * (now - changedAt);
		changedAt = now;
		inFlight += by;
	};
	/** Requests the proxy could not pass on (answered 502 or cut): a run with any is not a measurement of the client. */
	let upstreamErrors = 0;
	/** Connections clients opened to the proxy: one per request for a client that does not keep them alive. */
	let connections = 0;
	let overloaded = 0;

	let arrived = 0;
	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		requests++;
		const delay = delayOf(++arrived);
		move(1);
		maxInFlight = Math.max(maxInFlight, inFlight);
		let out: ReturnType<typeof forward> | undefined;
		let closed = false;
		let holding = false;
		res.on('close', () => {
			closed = true;
			move(-1);
			if (holding) freePlace();
			// The client went away before the whole answer: so does the request upstream.
			if (!res.writableFinished) out?.destroy();
		});
		if (working >= capacity && queue.length >= queueLimit) {
			overloaded++;
			setTimeout(
				() => res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"overloaded"}'),
				delay,
			);
			return;
		}
		void place().then(() => {
			holding = true;
			if (closed) {
				holding = false;
				freePlace();
				return;
			}
			setTimeout(() => pass(), delay);
		});
		const pass = () => {
			if (closed) return; // the client gave up while it was held
			out = forward(
				{
					host: target.hostname,
					port: target.port,
					method: req.method,
					path: req.url,
					headers: { ...endToEnd(req.headers), host: target.host },
					agent,
				},
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
					answer.pipe(res);
					answer.on('error', () => res.destroy());
				},
			);
			out.on('error', () => {
				upstreamErrors++;
				if (!res.headersSent)
					res.writeHead(502, { 'content-type': 'application/json' }).end('{"detail":"proxy: upstream failed"}');
				else res.destroy();
			});
			req.pipe(out);
		};
	});
	server.on('connection', () => connections++);
	await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		delayMs,
		counts: () => {
			move(0);
			return { requests, maxInFlight, inFlight, inFlightMs, upstreamErrors, connections, overloaded };
		},
		resetCounts() {
			requests = 0;
			upstreamErrors = 0;
			connections = 0;
			overloaded = 0;
			maxInFlight = inFlight;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => {
					agent.destroy();
					resolve();
				});
			}),
	};
}
