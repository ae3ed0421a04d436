/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Dev-only: a loopback service answering compressed answers that unpack large, at once for many items. */
/* Memory bounded per run, not only per answer (issue 30, item 4): the answers one node run reads at once draw from
 * one budget (ANSWER_LIMITS.runBytes), through n8n's engine against a loopback service that answers every item of a
 * run with a gzip answer unpacking to megabytes. The budget's own counter (`peak`) is what is asserted. */
import { gzipSync } from 'node:zlib';

import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { ANSWER_LIMITS, AnswerBudget } from '../../nodes/shared/http/answers';
import { TYPES } from '../nodes/setup';
import { idOf, useHostileBed, useLimits, uuid } from './hostile/bed';
import { gzipBomb, gzipped } from './hostile/server';

const MB = 1024 * 1024;
const { harness, api } = useHostileBed({
	nodes: { datasets: new MediaAnalysisDatasets() },
	access: 'budget-access-token-Lr7Wc2Xe',
	personalToken: 'budget-personal-token',
});
useLimits(ANSWER_LIMITS, { apiBytes: 2 * MB, runBytes: 5 * MB });

let budgets: AnswerBudget[] = [];
beforeEach(() => {
	// Each run's budget, to read its counter afterwards (the budget itself is untouched).
	budgets = [];
	const share = AnswerBudget.prototype.share;
	jest.spyOn(AnswerBudget.prototype, 'share').mockImplementation(function (this: AnswerBudget) {
		if (!budgets.includes(this)) budgets.push(this);
		return share.call(this);
	});
});
afterEach(() => jest.restoreAllMocks());

const getMany = (count: number, parallel: number) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: {
			resource: 'dataset',
			operation: 'get',
			datasetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			requestOptions: { parallelRequests: parallel },
		},
		inputItems: Array.from({ length: count }, (_, i) => ({ id: uuid(i) })),
		continueOnFail: true,
	});

describe('the answers of one run are read within the run budget', () => {
	test.each([50, 8])(
		'50 gzip answers unpacking past the cap, Requests in Parallel %i: each refused at the cap, at most the budget held at once',
		async (parallel) => {
			const bomb = gzipBomb(4);
			api.handle = (_req, res) => gzipped(res, 200, bomb);
			const { error, items } = await getMany(50, parallel);
			expect(error).toBeUndefined();
			expect(items).toHaveLength(50);
			for (const item of items) expect(String(item.json.error)).toMatch(/with more than 2 MB; n8n stopped reading it$/);
			expect(budgets).toHaveLength(1);
			const [budget] = budgets;
			expect(budget.peak).toBeLessThanOrEqual(ANSWER_LIMITS.runBytes);
			// More than one answer was read at once: the budget is shared, not a queue of one.
			expect(budget.peak).toBeGreaterThan(ANSWER_LIMITS.apiBytes);
			expect(budget.held).toBe(0);
		},
	);

	test.each([50, 8, 1])(
		'50 answers of 1.5 MB each (within the cap), Requests in Parallel %i: all read, none stuck, within the budget',
		async (parallel) => {
			api.handle = (_req, res, seen) => {
				const id = idOf(seen.path);
				gzipped(res, 200, gzipSync(JSON.stringify({ id, name: 'padded', description: ' '.repeat(1.5 * MB) })));
			};
			const { error, items } = await getMany(50, parallel);
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual(Array.from({ length: 50 }, (_, i) => uuid(i)));
			const [budget] = budgets;
			expect(budget.peak).toBeLessThanOrEqual(ANSWER_LIMITS.runBytes);
			expect(budget.peak).toBeGreaterThan(1.5 * MB);
			expect(budget.held).toBe(0);
		},
	);
});

describe('AnswerBudget', () => {
	const budgetOf = (runBytes: number, apiBytes: number) => {
		Object.assign(ANSWER_LIMITS, { runBytes, apiBytes });
		return new AnswerBudget();
	};
	/** Whether `take` still waits once everything ready to run has run. */
	const stillWaits = async (take: Promise<void>) => {
		let done = false;
		void take.then(() => (done = true));
		await new Promise((resolve) => setImmediate(resolve));
		return !done;
	};

	test('the oldest answer being read always reads up to its cap; the others share what is left and wait for it', async () => {
		const budget = budgetOf(100, 60);
		// One opened first and never answered (a silent request): it holds nothing, so it holds nobody back.
		const silent = budget.share();
		const [oldest, second, third] = [budget.share(), budget.share(), budget.share()];
		await budget.take(oldest, 1);
		await budget.take(second, 30);
		const waiting = budget.take(third, 20);
		await budget.take(oldest, 59);
		expect(await stillWaits(waiting)).toBe(true);
		expect(budget.held).toBe(90);
		budget.close(oldest);
		// The second is now the oldest being read; the third fits in what the others may share (40).
		await waiting;
		expect(budget.held).toBe(50);
		expect(budget.peak).toBe(90);
		budget.close(second);
		budget.close(third);
		budget.close(third);
		budget.close(silent);
		expect(budget.held).toBe(0);
	});

	test('an older request whose answer begins later does not take the place of the one reading longest', async () => {
		const budget = budgetOf(100, 60);
		const [older, reading] = [budget.share(), budget.share()];
		await budget.take(reading, 60);
		// The older request's answer begins now: it shares what is left beside the one reading (40), and waits for more.
		await budget.take(older, 40);
		const waiting = budget.take(older, 1);
		expect(await stillWaits(waiting)).toBe(true);
		expect(budget.peak).toBe(100);
		budget.close(reading);
		await waiting;
		expect(budget.held).toBe(41);
	});

	test('a wait ends with an error when its signal is aborted', async () => {
		const budget = budgetOf(10, 10);
		await budget.take(budget.share(), 1);
		const late = budget.share();
		const abort = new AbortController();
		const waiting = budget.take(late, 1, abort.signal);
		abort.abort();
		await expect(waiting).rejects.toThrow(/abandoned while waiting for the run's answer budget/);
	});
});
