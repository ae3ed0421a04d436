import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * Writes remembered per execution: n8n's Retry On Fail runs a node's `execute` again, with all items, in the same
 * execution and run of the node. A write an earlier try made (same item, same request) is not sent again; its
 * recorded answer is returned. A write whose answer an earlier try lost is not sent blindly either (`request.ts`).
 * Bounded: so many node runs, writes each and bytes in all, each forgotten a while after its last use.
 */
export const WRITTEN = { runs: 100, entries: 20_000, bytes: 32 * 1024 * 1024, keepMs: 30 * 60_000 };

/** Bytes the memories of every node run hold together (`WRITTEN.bytes` at most). */
let heldBytes = 0;

/** What a try learnt of a write: its answer, or that no answer came (it may or may not have been carried out). */
export type WriteOutcome = { answer: IDataObject } | { lost: true };

interface Entry {
	outcome: WriteOutcome;
	/** The try (its run) that made it. */
	madeBy: object;
	bytes: number;
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

/** The writes of one node run of one execution, across its tries. */
export class WrittenMemory {
	private readonly entries = new Map<string, Entry>();
	bytes = 0;
	usedAt = Date.now();
	/** Within one try, the n-th time an item sends the same write is its own write (`ordinal`). */
	private counted = { by: {} as object, counts: new Map<string, number>() };

	/** The key of the next write of `request` for `itemIndex` in the try `run`. */
	keyOf(
		run: object,
		itemIndex: number | undefined,
		request: { method: string; path: string; qs?: unknown; body?: unknown },
	): string {
		if (this.counted.by !== run) this.counted = { by: run, counts: new Map() };
		const base = `${itemIndex ?? '-'} ${request.method} ${request.path} ${hash(JSON.stringify([request.qs ?? null, request.body ?? null]))}`;
		const ordinal = (this.counted.counts.get(base) ?? 0) + 1;
		this.counted.counts.set(base, ordinal);
		return `${base} #${ordinal}`;
	}

	/** What an earlier try than `run` learnt of this write. */
	earlier(key: string, run: object): WriteOutcome | undefined {
		this.usedAt = Date.now();
		const entry = this.entries.get(key);
		return entry && entry.madeBy !== run ? entry.outcome : undefined;
	}

	/** Keeps what `run` learnt of a write, while the bounds allow (beyond them a retry sends it again). */
	record(key: string, run: object, outcome: WriteOutcome): void {
		this.usedAt = Date.now();
		const bytes = key.length + ('answer' in outcome ? (JSON.stringify(outcome.answer)?.length ?? 0) : 0);
		const before = this.entries.get(key);
		if (before) {
			this.entries.delete(key);
			this.bytes -= before.bytes;
			heldBytes -= before.bytes;
		}
		if (this.entries.size >= WRITTEN.entries || heldBytes + bytes > WRITTEN.bytes) return;
		this.entries.set(key, { outcome, madeBy: run, bytes });
		this.bytes += bytes;
		heldBytes += bytes;
	}
}

const memories = new Map<string, WrittenMemory>();

function forget(key: string): void {
	heldBytes -= memories.get(key)?.bytes ?? 0;
	memories.delete(key);
}

/** The memory of the execution's current node run (by execution ID, node and run index), or none without an ID. */
export function writtenFor(context: IExecuteFunctions): WrittenMemory | undefined {
	let key: string;
	try {
		const executionId = context.getExecutionId();
		if (!executionId) return undefined;
		key = `${executionId}\u0000${context.getNode().name}\u0000${context.getWorkflowDataProxy(0).$runIndex}`;
	} catch {
		return undefined;
	}
	const now = Date.now();
	for (const [old, memory] of memories) if (now - memory.usedAt > WRITTEN.keepMs) forget(old);
	let memory = memories.get(key);
	if (!memory) {
		// Oldest first (insertion order, refreshed on use below): the least recently used goes.
		while (memories.size >= WRITTEN.runs) forget(memories.keys().next().value as string);
		memory = new WrittenMemory();
	}
	memories.delete(key);
	memories.set(key, memory);
	memory.usedAt = now;
	return memory;
}
