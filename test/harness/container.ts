/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Test-only code that runs in Node under jest; it is never built into dist. */
import { harnessUserFolder, perWorker } from './env';
import { installHarnessRegexEngine } from './regex';

import { dirname } from 'node:path';
import { BinaryDataConfig, BinaryDataService, InstanceSettings } from 'n8n-core';
import type { LogMetadata, Logger as WorkflowLogger } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Token<T> = abstract new (...args: any[]) => T;

interface DiContainer {
	get<T>(token: Token<T>): T;
	set<T>(token: Token<T>, instance: T): void;
}

// n8n-core ships its own copies of @n8n/di, @n8n/backend-common and @n8n/config under
// node_modules/n8n-core/node_modules, which differ from the hoisted ones. Only the copies
// n8n-core itself loads hold its container and DI tokens, so resolve them from there (with
// jest's require, so they share jest's module registry with n8n-core).
const coreDir = dirname(require.resolve('n8n-core/package.json'));

function requireFromCore<T>(id: string): T {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(require.resolve(id, { paths: [coreDir] })) as T;
}

export const Container = requireFromCore<{ Container: DiContainer }>('@n8n/di').Container;
const { Logger: LoggerToken } = requireFromCore<{ Logger: Token<unknown> }>('@n8n/backend-common');
const { SsrfProtectionConfig } = requireFromCore<{
	SsrfProtectionConfig: Token<{ enabled: boolean }>;
}>('@n8n/config');

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

type LogSink = (line: string) => void;

function stringifyMetadata(metadata: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(metadata, (_key, value: unknown) => {
		if (typeof value === 'bigint') return value.toString();
		if (typeof value !== 'object' || value === null) return value;
		if (seen.has(value)) return '[Circular]';
		seen.add(value);
		if (value instanceof Error) {
			// Own enumerable fields too: n8n errors carry request options and responses there.
			return { ...value, name: value.name, message: value.message, stack: value.stack };
		}
		return value;
	});
}

/** Stands in for n8n's winston Logger: keeps every line as text so tests can search it. */
export class RecordingLogger implements WorkflowLogger {
	constructor(
		private readonly sinks: Set<LogSink>,
		private readonly scopes: string[] = [],
	) {}

	private record(level: LogLevel, message: string, metadata?: LogMetadata) {
		const scope = this.scopes.length > 0 ? ` [${this.scopes.join(',')}]` : '';
		const meta = metadata === undefined || Object.keys(metadata).length === 0 ? '' : ` ${stringifyMetadata(metadata)}`;
		const line = `${level}${scope}: ${String(message)}${meta}`;
		for (const sink of this.sinks) sink(line);
	}

	error(message: string, metadata?: LogMetadata) {
		this.record('error', message, metadata);
	}

	warn(message: string, metadata?: LogMetadata) {
		this.record('warn', message, metadata);
	}

	info(message: string, metadata?: LogMetadata) {
		this.record('info', message, metadata);
	}

	debug(message: string, metadata?: LogMetadata) {
		this.record('debug', message, metadata);
	}

	scoped(scopes: string | string[]): RecordingLogger {
		return new RecordingLogger(this.sinks, [...this.scopes, ...([] as string[]).concat(scopes)]);
	}
}

// One set per jest worker: n8n's services, built once per worker, keep the logger the first file gave them.
export const logSinks = perWorker('logSinks', () => new Set<LogSink>());

const recordingLogger = new RecordingLogger(logSinks);

// Before anything asks the container for a Logger, so every n8n service gets this one.
Container.set(LoggerToken, recordingLogger);
LoggerProxy.init(recordingLogger);

/** Whether n8n's outbound HTTP applies its SSRF block list (127.0.0.0/8 is on it). */
export function setSsrfProtection(enabled: boolean): void {
	Container.get(SsrfProtectionConfig).enabled = enabled;
}

// Off unless N8N_SSRF_PROTECTION_ENABLED says otherwise (as in n8n 2.41); forced off here
// so a developer's environment cannot make the loopback test server unreachable.
setSsrfProtection(false);

let ready: Promise<void> | undefined;

/** Services n8n's CLI initialises at start-up and the engine expects ready. */
export async function ensureEngineReady(): Promise<void> {
	ready ??= (async () => {
		const instanceSettings = Container.get(InstanceSettings);
		if (!instanceSettings.n8nFolder.startsWith(harnessUserFolder)) {
			throw new Error(`n8n-core chose ${instanceSettings.n8nFolder} instead of the harness folder`);
		}
		// A file before this one in the worker may have left another mode.
		Container.get(BinaryDataConfig).mode = binaryDataMode;
		await Container.get(BinaryDataService).init();
		installHarnessRegexEngine();
	})();
	await ready;
}

export type BinaryDataMode = 'default' | 'filesystem';

let binaryDataMode: BinaryDataMode = 'filesystem';

/**
 * Where `prepareBinaryData` keeps files from now on: 'filesystem' (the harness default, as in n8n 2.x) or 'default'
 * (in memory, base64 inside the item, as with N8N_DEFAULT_BINARY_DATA_MODE=default). Returns the previous mode.
 */
export async function setBinaryDataMode(mode: BinaryDataMode): Promise<BinaryDataMode> {
	await ensureEngineReady();
	const previous = binaryDataMode;
	Container.get(BinaryDataConfig).mode = mode;
	// What n8n does at start-up: init() reads the configured mode.
	await Container.get(BinaryDataService).init();
	binaryDataMode = mode;
	return previous;
}
