/* Dev-only: the local checks every node runs before sending anything. */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { Checks, splitList } from '../../nodes/shared/validation';

const node = {
	name: 'Media Analysis',
	type: 'test',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as unknown as INode;
const context = { getNode: () => node } as unknown as IExecuteFunctions;
const failure = (check: () => unknown) => {
	try {
		check();
	} catch (error) {
		const {
			message,
			description,
			context: where,
		} = error as { message: string; description: string; context: { itemIndex?: number } };
		return { message, description, itemIndex: where.itemIndex };
	}
	throw new Error('expected the check to fail');
};

test('UUIDs: trimmed and lower-cased when valid; otherwise the parameter and item are named', () => {
	expect(new Checks(context, 0).uuid(' 3F1C2A4E-9B7D-4C1E-8A2F-5D6E7F8A9B0C ', 'Dataset')).toBe(
		'3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
	);
	expect(failure(() => new Checks(context, 4).uuid('abc', 'Dataset'))).toEqual({
		message: 'Invalid Dataset in item 4: "abc" is not a UUID',
		description: expect.stringContaining('choose it from the list'),
		itemIndex: 4,
	});
	expect(failure(() => new Checks(context, 0).uuid(undefined, 'Dataset')).message).toBe(
		'Invalid Dataset in item 0: nothing is not a UUID',
	);
});

test('concept IDs must be version-4 UUIDs', () => {
	expect(new Checks(context, 0).uuid4('3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c', 'Concept')).toBe(
		'3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c',
	);
	expect(failure(() => new Checks(context, 2).uuid4('3f1c2a4e-9b7d-1c1e-8a2f-5d6e7f8a9b0c', 'Concept')).message).toBe(
		'Invalid Concept in item 2: "3f1c2a4e-9b7d-1c1e-8a2f-5d6e7f8a9b0c" is not a version-4 UUID',
	);
});

test('ingestion job IDs are exactly 24 lowercase hex characters', () => {
	expect(new Checks(context, 0).jobId('65f1a2b3c4d5e6f708192a3b', 'Job ID')).toBe('65f1a2b3c4d5e6f708192a3b');
	for (const bad of ['65F1A2B3C4D5E6F708192A3B', '65f1a2b3c4d5e6f708192a3', '65f1a2b3c4d5e6f708192a3bz', '']) {
		expect(failure(() => new Checks(context, 1).jobId(bad, 'Job ID')).message).toMatch(
			/^Invalid Job ID in item 1: (.* is not an ingestion job ID|it is empty)$/,
		);
	}
});

test('ranges: bounds inclusive, whole numbers unless told otherwise', () => {
	expect(new Checks(context, 0).range(20, 'Limit', { min: 1, max: 20 })).toBe(20);
	expect(new Checks(context, 0).range('7', 'Limit', { min: 1, max: 20 })).toBe(7);
	expect(new Checks(context, 0).range(0.5, 'Threshold', { min: 0, max: 1, integer: false })).toBe(0.5);
	expect(failure(() => new Checks(context, 3).range(21, 'Limit', { min: 1, max: 20 }))).toEqual({
		message: 'Invalid Limit in item 3: "21" is out of range',
		description: 'Limit must be a whole number from 1 to 20.',
		itemIndex: 3,
	});
	expect(failure(() => new Checks(context, 0).range(1.5, 'Limit', { min: 1 })).description).toBe(
		'Limit must be a whole number at least 1.',
	);
	expect(new Checks(context, 0).range(-1, 'Offset', { max: 10 })).toBe(-1);
	expect(failure(() => new Checks(context, 0).range(11, 'Max Depth', { min: 0, max: 10 })).message).toBe(
		'Invalid Max Depth in item 0: "11" is out of range',
	);
});

test('empty strings, JSON and lists', () => {
	expect(failure(() => new Checks(context, 0).notEmpty('  ', 'Query')).message).toBe(
		'Invalid Query in item 0: it is empty',
	);
	expect(new Checks(context, 0).json('{"a": 1}', 'Body')).toEqual({ a: 1 });
	expect(new Checks(context, 0).json({ a: 1 }, 'Body')).toEqual({ a: 1 });
	expect(failure(() => new Checks(context, 2).json('{"a": ', 'Body')).message).toMatch(
		/^Invalid Body in item 2: it is not valid JSON/,
	);
	expect(splitList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
	expect(splitList(['x', ' y '])).toEqual(['x', 'y']);
});
