/* Dev-only: the item runner every action node and batch operation goes through. */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ItemRunner, POOL } from '../../nodes/shared/router';
import { Run } from '../../nodes/shared/run';

const node: INode = {
	id: 'n',
	name: 'Connections',
	type: 'n8n-nodes-media-analysis.mediaAnalysisConnections',
	typeVersion: 1,
	position: [0, 0],
	parameters: { password: 'hunter2', name: 'warehouse' },
};

/** Just what the runner asks of n8n: the node, whether Continue On Fail is on, and the items (for its error). */
const context = (continueOnFail: boolean, items = 0) =>
	({
		getNode: () => node,
		continueOnFail: () => continueOnFail,
		getInputData: () => Array.from({ length: items }, () => ({ json: {} })),
	}) as unknown as IExecuteFunctions;

describe('ItemRunner', () => {
	test('output in input order, each paired; a step serving several items fails each of them', async () => {
		const run = new ItemRunner(context(true), new Run(context(true)));
		await run.attempt([2], async () => run.emit(2, { n: 2 }));
		await run.attempt([0, 1], async () => {
			throw new Error('service down');
		});
		run.emit(0, [{ n: 0 }, { n: 0.5 }]);
		run.emit(1, { shared: true }, [{ item: 1 }, { item: 2 }]);
		expect(run.output()).toEqual([
			{ json: { error: 'service down' }, pairedItem: { item: 0 } },
			{ json: { n: 0 }, pairedItem: { item: 0 } },
			{ json: { n: 0.5 }, pairedItem: { item: 0 } },
			{ json: { error: 'service down' }, pairedItem: { item: 1 } },
			{ json: { shared: true }, pairedItem: [{ item: 1 }, { item: 2 }] },
			{ json: { n: 2 }, pairedItem: { item: 2 } },
		]);
	});

	test('without Continue On Fail: the error names the first item, says how to fix it, and carries no secret', async () => {
		const run = new ItemRunner(context(false), new Run(context(false)), ['password']);
		const failure = new NodeApiError(node, {}, { message: 'Connection not found', description: 'Check the name.' });
		const thrown = await run
			.attempt(
				[3, 4],
				async () => {
					throw failure;
				},
				(error) => {
					error.description = `${error.description} (more)`;
					return error;
				},
			)
			.catch((error: unknown) => error);
		expect(thrown).toBe(failure);
		expect(failure.context.itemIndex).toBe(3);
		expect(failure.description).toBe('Check the name. (more)');
		expect(failure.node.parameters).toEqual({ password: '[redacted]', name: 'warehouse' });
		expect(node.parameters.password).toBe('hunter2');
	});

	test('a plain error becomes a node error of its item', async () => {
		const run = new ItemRunner(context(false), new Run(context(false)));
		const thrown = await run
			.attempt([1], async () => {
				throw new Error('boom');
			})
			.catch((error: unknown) => error);
		expect(thrown).toBeInstanceOf(NodeOperationError);
		expect((thrown as NodeOperationError).context.itemIndex).toBe(1);
		expect(() => run.fail(new Error('late'), [5])).toThrow('late');
	});
});

describe('the item pool', () => {
	const limitOf = (runner: ItemRunner) => runner.run.pace.limiter.limit;

	test('100,000 items: at most the limit plus the look-ahead are under way at once, and every item runs once', async () => {
		const runner = new ItemRunner(context(true), new Run(context(true)));
		let alive = 0;
		let most = 0;
		const ran = new Uint8Array(100_000);
		await runner.sideBySide(100_000, async (index) => {
			alive++;
			most = Math.max(most, alive);
			await Promise.resolve();
			ran[index]++;
			alive--;
		});
		expect(most).toBeLessThanOrEqual(limitOf(runner) + POOL.lookAhead);
		expect(ran.every((count) => count === 1)).toBe(true);
	});

	test('items resting between status reads make room for others, up to the most alive at once', async () => {
		const runner = new ItemRunner(context(true), new Run(context(true)));
		let alive = 0;
		let most = 0;
		await runner.sideBySide(3 * POOL.alive, async () => {
			alive++;
			most = Math.max(most, alive);
			await runner.run.rest(5);
			alive--;
		});
		// Resting items do not count as busy, so more than the limit's worth start; never more than POOL.alive.
		expect(most).toBeGreaterThan(limitOf(runner) + POOL.lookAhead);
		expect(most).toBeLessThanOrEqual(POOL.alive);
	});

	test('after a failure that stops the run, no item starts', async () => {
		// Requests in Parallel 8: the pool keeps 16 items busy at most, far fewer than the 1,000.
		const runner = new ItemRunner(context(false, 1_000), new Run(context(false, 1_000), 8));
		const started: number[] = [];
		let startedBeforeStop = -1;
		const done = runner.sideBySide(1_000, async (index) => {
			started.push(index);
			await Promise.resolve();
			if (index === 3)
				await runner
					.attempt([index], async () => Promise.reject(new Error('refused')))
					.finally(() => {
						startedBeforeStop = started.length;
					});
		});
		await expect(done).rejects.toThrow('refused');
		expect(runner.run.pace.stopped).toBe(true);
		expect(started).toHaveLength(startedBeforeStop);
		expect(started.length).toBeLessThan(100);
	});
});
