/**
 * The answers guard's pure half: for every entry of the endpoint table and every wrong answer a misbehaving service or
 * gateway sends (answer-cases.ts), what the one check (`checkAnswer`) decides, run on its own as the transport runs
 * it: a clear refusal naming the endpoint wherever the operation could not read the answer, never a refusal in other
 * words; "any JSON" answers are accepted as they came. answers.test.ts runs what the check lets through, and one
 * refusal of every kind of entry, through n8n's engine.
 */
import { ENDPOINTS } from '../../nodes/shared/endpoints';
import { CALLERS, called, checked, entryOf, mustFail, whatOf, WRONG } from './answer-cases';

test('every entry has a caller in answer-cases.ts, or no node calls it', () => {
	expect(Object.keys(CALLERS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
	expect(called.length).toBeGreaterThan(70);
});

describe.each(called)('%s', (id) => {
	test.each(WRONG)(
		'%s: a clear error naming the endpoint, or an answer the operation can read',
		async (_case, answer) => {
			const what = whatOf(id);
			const verdict = await checked(id, answer);
			if (mustFail(id, answer))
				expect(verdict).toEqual({ refused: expect.stringMatching(new RegExp(`answered ${what} `)) });
			if (entryOf(id).answer === 'any') expect(verdict).toEqual({ passed: JSON.parse(answer.text) });
			if ('refused' in verdict)
				expect(verdict.refused).toMatch(new RegExp(`^The Media Analysis Service answered ${what} `));
		},
	);
});
