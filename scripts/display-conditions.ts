/* Dev-only: whether a `@version` display condition (n8n's `_cnd`) holds for a node version; the parameter snapshot
	and the node docs generator read versions alike. */
import type { DisplayCondition } from 'n8n-workflow';

export function conditionHolds(condition: unknown, version: number): boolean {
	if (typeof condition !== 'object' || condition === null || !('_cnd' in condition)) return condition === version;
	const [[operator, operand]] = Object.entries((condition as DisplayCondition)._cnd) as Array<[string, unknown]>;
	const n = operand as number;
	const range = operand as { from: number; to: number };
	const tests: Record<string, () => boolean> = {
		eq: () => version === n,
		not: () => version !== n,
		gte: () => version >= n,
		lte: () => version <= n,
		gt: () => version > n,
		lt: () => version < n,
		between: () => version >= range.from && version <= range.to,
	};
	if (!tests[operator])
		throw new Error(
			`@version condition "${operator}" is not understood by the scripts (scripts/display-conditions.ts)`,
		);
	return tests[operator]();
}
