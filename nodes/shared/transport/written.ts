import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * Writes remembered across n8n's tries of one node run: Retry On Fail calls `execute` again, with all items, in the
 * same execution and run of the node. A write an earlier try made (same item, same request) is not sent again; its
 * recorded answer is returned. A write whose answer an earlier try lost is not sent blindly either (`request.ts`).
 *
 * A node run's memory belongs to it alone and lives exactly as long as n8n can still retry it (n8n-core's
 * `WorkflowExecute`: only with Retry On Fail, at most 5 tries, at most 5 s apart, a retry only after a try that threw
 * or whose first item is an error): made by the first write it keeps, gone when a try ends that no retry can follow
 * (it succeeded, it was the last, the execution was cancelled). Other executions, reads and finished runs never push
 * it out. `keepMs` is a backstop for a retry that never comes unnoticed; past a bound nothing is forgotten silently:
 * the memory says it is full, and a retry refuses to send again what it may hold (`forgotten`).
 */
export const WRITTEN = {
	/** Writes one node run keeps (one or more per item: 100,000 items of creates fit). */
	entriesPerRun: 200_000,
	/** Bytes (answers and keys) one node run keeps. */
	bytesPerRun: 64 * 1024 * 1024,
	/** Bytes every node run of the process keeps together. */
	bytesPerProcess: 256 * 1024 * 1024,
	/** How long a memory waits for the retry n8n owes it (n8n waits 5 s at most; this covers a process that stalls). */
	keepMs: 30 * 60_000,
};

/**
 * What a try learnt of a write: its answer, or that no answer came (it may or may not have been carried out), with
 * when it was first sent: a later try's `recover` lookup judges what it finds from then, not from its own start.
 */
export type WriteOutcome = { answer: IDataObject } | { lost: true; sentAt?: number };
/** What a later try finds of a write: what was learnt, or why the memory cannot tell (it was full). */
export type EarlierWrite = WriteOutcome | { forgotten: string };

interface Entry {
	outcome: WriteOutcome;
	bytes: number;
}

/** A node run's memory, between its tries. */
interface Memory {
	readonly entries: Map<string, Entry>;
	bytes: number;
	/** Tries of the node run that ended so far. */
	tried: number;
	/** Why writes were not kept, once a bound was reached. */
	full?: string;
	/** When a retry no longer comes (set while the memory waits for one). */
	until: number;
	/** The execution's cancel: once it aborted, no retry comes. */
	cancel?: AbortSignal;
}

/** Every node run's memory, by execution ID, node and run index. */
const memories = new Map<string, Memory>();
let heldBytes = 0;

/** Memories and bytes the process keeps now (for tests and the bench). */
export function writtenHeld(): { runs: number; bytes: number } {
	sweep(Date.now());
	return { runs: memories.size, bytes: heldBytes };
}

function forget(key: string): void {
	heldBytes -= memories.get(key)?.bytes ?? 0;
	memories.delete(key);
}

let sweptAt = 0;
/**
 * Drops memories whose retry will not come (cancelled) or never came, at most once a second: a memory normally ends
 * with its node run's last try (`ended`).
 */
function sweep(now: number): void {
	if (now - sweptAt < 1000) return;
	sweptAt = now;
	for (const [key, memory] of memories) if (memory.until < now || memory.cancel?.aborted) forget(key);
}

/** A 53-bit hash of a text (cyrb53): keys stay short however long the text is. */
export function hash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * One try's view of its node run's memory. It costs nothing until the try writes: the memory is made by the first
 * write kept, and found again by the next try.
 */
export class WrittenMemory {
	/** Within the try, the n-th time an item sends the same write is its own write (`keyOf`). */
	private readonly counts = new Map<string, number>();

	private constructor(
		private readonly key: string,
		private readonly retry: { maxTries: number; waitMs: number },
		private readonly cancel: AbortSignal | undefined,
	) {
		const memory = memories.get(key);
		// In use again: no backstop while a try runs.
		if (memory) memory.until = Number.POSITIVE_INFINITY;
	}

	/** The memory of the execution's current node run, or none: no Retry On Fail, or no execution ID. */
	static of(context: IExecuteFunctions): WrittenMemory | undefined {
		try {
			const node = context.getNode();
			const executionId = context.getExecutionId();
			if (node.retryOnFail !== true || !executionId) return undefined;
			// n8n-core's own reading of the node's retry settings (`WorkflowExecute.getRetryParams`).
			const retry = {
				maxTries: Math.min(5, Math.max(2, node.maxTries || 3)),
				waitMs: Math.min(5000, Math.max(0, node.waitBetweenTries || 1000)),
			};
			const key = `${executionId}\u0000${node.name}\u0000${context.getWorkflowDataProxy(0).$runIndex}`;
			return new WrittenMemory(key, retry, context.getExecutionCancelSignal?.());
		} catch {
			return undefined;
		}
	}

	/** The key of the next write of `request` for `itemIndex` in this try. */
	keyOf(
		itemIndex: number | undefined,
		request: { method: string; path: string; qs?: unknown; body?: unknown },
	): string {
		const base = `${itemIndex ?? '-'} ${request.method} ${request.path} ${hash(JSON.stringify([request.qs ?? null, request.body ?? null]))}`;
		const ordinal = (this.counts.get(base) ?? 0) + 1;
		this.counts.set(base, ordinal);
		return `${base} #${ordinal}`;
	}

	/** What an earlier try learnt of this write; `forgotten` when the memory was full and cannot tell. */
	earlier(key: string): EarlierWrite | undefined {
		const memory = memories.get(this.key);
		// Each key of a try is new (`keyOf`): an entry found is an earlier try's.
		const found = memory?.entries.get(key)?.outcome;
		return found ?? (memory?.full !== undefined && memory.tried > 0 ? { forgotten: memory.full } : undefined);
	}

	/** Keeps what this try learnt of a write; beyond a bound the memory says it is full (`earlier`). */
	record(key: string, outcome: WriteOutcome): void {
		sweep(Date.now());
		let memory = memories.get(this.key);
		if (!memory) {
			memory = { entries: new Map(), bytes: 0, tried: 0, until: Number.POSITIVE_INFINITY, cancel: this.cancel };
			memories.set(this.key, memory);
		}
		const bytes = key.length + ('answer' in outcome ? (JSON.stringify(outcome.answer)?.length ?? 0) : 0);
		const before = memory.entries.get(key)?.bytes ?? 0;
		memory.entries.delete(key);
		memory.bytes -= before;
		heldBytes -= before;
		const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
		if (memory.entries.size >= WRITTEN.entriesPerRun) memory.full = `${WRITTEN.entriesPerRun} writes of this node run`;
		else if (memory.bytes + bytes > WRITTEN.bytesPerRun) memory.full = `${mb(WRITTEN.bytesPerRun)} for this node run`;
		else if (heldBytes + bytes > WRITTEN.bytesPerProcess)
			memory.full = `${mb(WRITTEN.bytesPerProcess)} for all executions of this n8n process`;
		else {
			memory.entries.set(key, { outcome, bytes });
			memory.bytes += bytes;
			heldBytes += bytes;
		}
	}

	/**
	 * The try ended. `retryMayFollow`: it threw, or its first item is an error (n8n retries only then). Without a
	 * retry to come the memory goes now; else it waits for the retry (at most `keepMs`, or until a cancel).
	 */
	ended(retryMayFollow: boolean): void {
		const memory = memories.get(this.key);
		const tried = (memory?.tried ?? 0) + 1;
		if (!retryMayFollow || tried >= this.retry.maxTries || this.cancel?.aborted) return forget(this.key);
		// A try that wrote nothing leaves only its count, so that a later try knows whether it is the last.
		const until = Date.now() + this.retry.waitMs + WRITTEN.keepMs;
		memories.set(this.key, { entries: new Map(), bytes: 0, ...memory, tried, until, cancel: this.cancel });
	}
}
