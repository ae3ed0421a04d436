/**
 * n8n's clock (`Date.now`, which the trigger reads as the poll's time) moved forward on demand, as real time passes
 * between polls, so tests drive poll times without sleeping. The sandbox's clock is apart (`sandbox.clock`).
 */
export function usePollClock(): { advance(ms: number): void } {
	const realNow = Date.now.bind(Date);
	let offset = 0;
	let spy: jest.SpyInstance<number, []> | undefined;
	beforeEach(() => {
		offset = 0;
		spy = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
	});
	afterEach(() => spy?.mockRestore());
	return {
		advance(ms: number) {
			offset += ms;
		},
	};
}
