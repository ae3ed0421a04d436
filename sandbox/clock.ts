export interface Clock {
	/** Milliseconds since the epoch, as the sandbox sees it. */
	now(): number;
	nowIso(): string;
	advance(ms: number): void;
	/** Stops time at the current instant (or at `at`); `advance` still moves it. For exact boundary tests. */
	freeze(at?: number): void;
	/** Back to real time, unfrozen. */
	reset(): void;
}

/** Real time plus an offset, or a fixed instant while frozen. */
export function createClock(): Clock {
	let offsetMs = 0;
	let frozenAt: number | undefined;
	const now = () => frozenAt ?? Date.now() + offsetMs;
	return {
		now,
		nowIso: () => new Date(now()).toISOString(),
		advance(ms: number) {
			if (!Number.isFinite(ms)) throw new RangeError(`Cannot advance the clock by ${ms} ms`);
			if (frozenAt !== undefined) frozenAt += ms;
			else offsetMs += ms;
		},
		freeze(at?: number) {
			frozenAt = at ?? now();
		},
		reset() {
			offsetMs = 0;
			frozenAt = undefined;
		},
	};
}
