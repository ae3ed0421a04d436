import { createClock } from '../../sandbox/clock';
import { send, useSandbox } from './helpers';

describe('sandbox clock', () => {
	it('follows real time until moved', () => {
		const clock = createClock();

		expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
	});

	it('advances by an offset and resets to real time', () => {
		const clock = createClock();
		clock.advance(3_600_000);

		expect(clock.now() - Date.now()).toBeGreaterThan(3_599_000);
		clock.reset();
		expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
	});

	it('stands still while frozen, but still advances', () => {
		const clock = createClock();
		clock.freeze(Date.parse('2026-01-01T00:00:00Z'));
		clock.advance(1500);

		expect(clock.nowIso()).toBe('2026-01-01T00:00:01.500Z');
		clock.reset();
		expect(clock.now()).toBeGreaterThan(Date.parse('2026-06-01T00:00:00Z'));
	});

	it('refuses to advance by a non-number', () => {
		expect(() => createClock().advance(Number.NaN)).toThrow(RangeError);
	});
});

describe('sandbox answers', () => {
	const { sandbox } = useSandbox();

	it('are dated by the sandbox clock, moved or frozen', async () => {
		sandbox.clock.advance(-3_600_000);
		const behind = await send(sandbox.url, 'GET', '/api/v1/datasets');
		expect(Date.parse(String(behind.headers.date))).toBeLessThan(Date.now() - 3_590_000);
		sandbox.clock.freeze(Date.parse('2026-01-01T00:00:00Z'));
		const frozen = await send(sandbox.url, 'GET', '/api/v1/datasets');
		expect(frozen.headers.date).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
	});
});
