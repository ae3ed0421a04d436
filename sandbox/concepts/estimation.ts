import { round4 } from '../search/media';

const BIN_WIDTH = 0.1;

/**
 * Prediction estimation, deterministically: the range above `threshold` is cut into bins 0.1 wide (the last one
 * ends at 1); each bin counts the scores s with low < s <= high, so a score equal to the threshold is not counted
 * ("above the threshold"). Intervals widen with the confidence level and narrow with the estimation fidelity.
 */
export function estimatePredictions(
	scores: number[],
	threshold: number,
	confidenceLevel: number,
	fidelity: number,
): { probabilityRanges: number[][]; estimates: number[]; confidenceIntervals: number[][] } {
	const probabilityRanges: number[][] = [];
	for (let low = threshold; low < 1; low = round4(low + BIN_WIDTH)) {
		probabilityRanges.push([round4(low), round4(Math.min(1, low + BIN_WIDTH))]);
	}
	const estimates = probabilityRanges.map(([low, high]) => scores.filter((s) => s > low && s <= high).length);
	const z = inverseNormal((1 + confidenceLevel) / 2);
	const confidenceIntervals = estimates.map((estimate) => {
		const margin = Math.ceil(z * Math.sqrt(estimate) * Math.sqrt(1000 / fidelity));
		return [Math.max(0, estimate - margin), estimate + margin];
	});
	return { probabilityRanges, estimates, confidenceIntervals };
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error below 1.2e-9). */
export function inverseNormal(p: number): number {
	const a = [
		-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
	];
	const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
	const c = [
		-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
		2.938163982698783,
	];
	const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
	const low = 0.02425;
	if (p < low) {
		const q = Math.sqrt(-2 * Math.log(p));
		return (
			(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
			((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
		);
	}
	if (p > 1 - low) {
		const q = Math.sqrt(-2 * Math.log(1 - p));
		return (
			-(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
			((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
		);
	}
	const q = p - 0.5;
	const r = q * q;
	return (
		((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
		(((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
	);
}
