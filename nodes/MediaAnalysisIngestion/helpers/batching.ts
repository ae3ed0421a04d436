import type { ItemRunner } from '../../shared/router';

export interface Entry {
	itemIndex: number;
	start: number;
	end: number;
}

export interface Chunk<T> {
	key: string;
	values: T[];
	entries: Entry[];
}

/**
 * Requests of at most `max` values; with `combine`, the items of one key (same dataset, same connection: they may
 * share a request) packed in input order.
 */
export function chunkItems<T>(
	lists: Array<{ itemIndex: number; key: string; values: T[] }>,
	combine: boolean,
	max: number,
): Array<Chunk<T>> {
	const chunks: Array<Chunk<T>> = [];
	const open = new Map<string, Chunk<T>>();
	for (const list of lists) {
		const group = combine ? list.key : `item ${list.itemIndex}`;
		for (const value of list.values) {
			let chunk = open.get(group);
			if (!chunk || chunk.values.length >= max) {
				chunk = { key: list.key, values: [], entries: [] };
				open.set(group, chunk);
				chunks.push(chunk);
			}
			const last = chunk.entries[chunk.entries.length - 1];
			if (last?.itemIndex === list.itemIndex) last.end += 1;
			else chunk.entries.push({ itemIndex: list.itemIndex, start: chunk.values.length, end: chunk.values.length + 1 });
			chunk.values.push(value);
		}
	}
	return chunks;
}

/** Item numbers as a user reads them: "items 0–99", "item 4", "items 1, 5". */
export function describeItems(itemIndexes: number[]): string {
	const unique = [...new Set(itemIndexes)].sort((a, b) => a - b);
	if (unique.length === 1) return `item ${unique[0]}`;
	const contiguous = unique[unique.length - 1] - unique[0] === unique.length - 1;
	return contiguous ? `items ${unique[0]}–${unique[unique.length - 1]}` : `items ${unique.join(', ')}`;
}

/** Fails the items of a step, but not twice: an item whose other step failed too already has its error item. */
export function failOnce(runner: ItemRunner, failed: Set<number>, error: unknown, itemIndexes: number[]): void {
	const fresh = itemIndexes.filter((itemIndex) => !failed.has(itemIndex));
	for (const itemIndex of itemIndexes) failed.add(itemIndex);
	if (fresh.length > 0) runner.fail(error, fresh);
}
