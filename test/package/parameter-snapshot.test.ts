/* Dev-only: the parameters saved workflows depend on stay as the committed snapshot has them. */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { n8n as packaged } from '../../package.json';

import {
	breakingChanges,
	committedSnapshot,
	currentSnapshot,
	formatSnapshot,
	type ParameterSnapshot,
} from '../../scripts/parameter-snapshot';

const now = currentSnapshot();

describe('parameter snapshot (test/package/parameters.snapshot.json)', () => {
	test('no change breaks a saved workflow in a version the snapshot holds', () => {
		const before = committedSnapshot();
		expect(before).toBeDefined();
		expect(breakingChanges(before!, now)).toEqual([]);
	});

	test('the snapshot is up to date (npm run snapshot:update)', () => {
		expect(formatSnapshot(committedSnapshot()!)).toBe(formatSnapshot(now));
	});

	test('every node and each of its versions is in it, from version 1 on', () => {
		for (const versions of Object.values(now)) expect(Object.keys(versions)[0]).toBe('1');
		expect(Object.keys(now)).toHaveLength(packaged.nodes.length);
	});
});

/** A node of one version whose parameters a test changes. */
function node(properties: INodeProperties[], version: number | number[] = 1): INodeType {
	return { description: { name: 'example', version, properties } } as unknown as INodeType;
}

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	displayOptions: { show: { resource: ['asset'] } },
	options: [
		{ name: 'Get', value: 'get' },
		{ name: 'Delete', value: 'delete' },
	],
	default: 'get',
};
const limit: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	displayOptions: { show: { operation: ['get', 'delete'] } },
	default: 50,
};
const options: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	default: {},
	options: [{ displayName: 'Threshold', name: 'threshold', type: 'number', default: 0.5 }],
};
const base: ParameterSnapshot = currentSnapshot([node([operation, limit, options])]);
const against = (properties: INodeProperties[], version?: number | number[]) =>
	breakingChanges(base, currentSnapshot([node(properties, version)]));

describe('what counts as breaking', () => {
	test('nothing changed, or only added (a parameter, an option value, a wider display rule)', () => {
		expect(against([operation, limit, options])).toEqual([]);
		const added = { ...operation, options: [...operation.options!, { name: 'Update', value: 'update' }] };
		const wider = { ...limit, displayOptions: { show: { operation: ['get', 'delete', 'update'] } } };
		expect(against([added, wider, options, { ...limit, name: 'extra' }])).toEqual([]);
		expect(against([operation, { ...limit, displayOptions: undefined }, options])).toEqual([]);
	});

	test('a removed or renamed parameter, also inside a collection', () => {
		expect(against([operation, options])).toEqual([expect.stringMatching(/limit .*removed or renamed/)]);
		const renamed: INodeProperties = {
			...options,
			options: [{ displayName: 'Threshold', name: 'minScore', type: 'number', default: 0.5 }],
		};
		expect(against([operation, limit, renamed])).toEqual([
			expect.stringMatching(/options\.threshold: removed or renamed/),
		]);
	});

	test('a changed type or default, a removed option value', () => {
		expect(against([operation, { ...limit, type: 'string', default: '50' }, options])).toEqual([
			expect.stringMatching(/limit .*type number → string; default 50 → "50"/),
		]);
		const fewer = { ...operation, options: [{ name: 'Get', value: 'get' }] };
		expect(against([fewer, limit, options])).toEqual([
			expect.stringMatching(/operation .*option values removed: \["delete"\]/),
		]);
	});

	test("a collection option's default is not breaking: n8n saves an added option with its value", () => {
		const changed: INodeProperties = {
			...options,
			options: [{ displayName: 'Threshold', name: 'threshold', type: 'number', default: 0.9 }],
		};
		expect(against([operation, limit, changed])).toEqual([]);
		const retyped: INodeProperties = {
			...options,
			options: [{ displayName: 'Threshold', name: 'threshold', type: 'string', default: '0.5' }],
		};
		expect(against([operation, limit, retyped])).toEqual([
			expect.stringMatching(/options\.threshold: .*type number → string/),
		]);
	});

	test('narrowed display rules', () => {
		const narrower = { ...limit, displayOptions: { show: { operation: ['get'] } } };
		expect(against([operation, narrower, options])).toEqual([
			expect.stringMatching(/no longer shown when operation is \["delete"\]/),
		]);
		const hidden = { ...options, displayOptions: { hide: { operation: ['delete'] } } };
		expect(against([operation, limit, hidden])).toEqual([
			expect.stringMatching(/options: now hidden when operation is \["delete"\]/),
			expect.stringMatching(/options\.threshold: now hidden when operation is \["delete"\]/),
		]);
		const conditioned = { ...options, displayOptions: { show: { resource: ['asset'] } } };
		expect(against([operation, limit, conditioned])).toEqual([
			expect.stringMatching(/options: now shown only when resource/),
			expect.stringMatching(/options\.threshold: now shown only when resource/),
		]);
	});

	test('a breaking change is allowed in a new version that keeps the old one', () => {
		const v1 = { ...limit, displayOptions: { show: { ...limit.displayOptions!.show, '@version': [1] } } };
		const v2 = {
			...limit,
			default: 100,
			displayOptions: { show: { ...limit.displayOptions!.show, '@version': [{ _cnd: { gte: 2 } }] } },
		};
		expect(against([operation, v1, v2, options], [1, 2])).toEqual([]);
		expect(against([operation, v2, options], [1, 2])).toEqual([expect.stringMatching(/v1 limit .*removed or renamed/)]);
		expect(against([operation, { ...limit, default: 100 }, options], 2)).toEqual([
			'example v1: the version is gone (a new version must keep the old one)',
		]);
	});
});
