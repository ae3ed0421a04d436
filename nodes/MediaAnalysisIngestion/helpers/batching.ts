/** The values of one input item that go to the service, and what may share a request with them. */
export interface ItemValues<T> {
	itemIndex: number;
	/** Items with the same key may share a request (same dataset, same connection). */
	key: string;
	values: T[];
}

/** Which positions of a request's list came from which input item. */
export interface Entry {
	itemIndex: number;
	start: number;
	end: number;
}

/** One request: at most `max` values, and the input items they came from. */
export interface Chunk<T> {
	key: string;
	values: T[];
	entries: Entry[];
}

/**
 * Splits the items' values into requests of at most `max`. Without `combine`, each item gets its own requests;
 * with it, the values of all items with the same key are packed in input order into as few requests as the cap
 * allows (an item's values may straddle two requests), so n single-asset items take exactly ceil(n / max) requests.
 */
export function chunkItems<T>(lists: Array<ItemValues<T>>, combine: boolean, max: number): Array<Chunk<T>> {
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
