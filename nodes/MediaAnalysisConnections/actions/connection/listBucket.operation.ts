import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { ListWithConnectionRequest } from '../../../shared/schemas.generated';
import { connectionLocator, returnAllOrLimit, textField } from '../../../shared/descriptions';
import { connectionParams } from './fields';

/** S3's largest page. */
const MAX_KEYS = 1000;

export const option = {
	name: 'Get Many Bucket Objects',
	description: "List the objects and folders under a prefix of a bucket, with the connection's access",
	action: 'Get many bucket objects with a connection',
};

export const description: INodeProperties[] = [
	connectionLocator({ description: 'An AWS IAM role connection with scope S3' }),
	{
		displayName: 'Bucket',
		name: 'bucket',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. product-media',
	},
	textField(
		'Prefix',
		'prefix',
		'e.g. images/2026/',
		'The folder to list; empty lists the top of the bucket. Objects one level below it are output, and deeper folders as prefixes.',
	),
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Lists the files and folders directly under a prefix of an S3 bucket, through an AWS IAM role connection, up to the Limit. Needs the connection (name or ID), the bucket and the prefix (empty: the top). Returns one item per file (type object, with its key) or folder (type prefix).';

/**
 * One item per object (`type: "object"`) or folder (`type: "prefix"`). This listing pages with S3's opaque
 * continuation token rather than an offset, so it walks the pages itself instead of using `paginate`.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const params = connectionParams(item);
	const bucket = item.notEmpty(item.param('bucket', ''), 'Bucket');
	const prefix = item.param('prefix', '').trim();
	const { returnAll, limit } = item.pageLimit();
	const wanted = returnAll ? Number.POSITIVE_INFINITY : limit;
	const entries: IDataObject[] = [];
	let token: string | null | undefined;
	do {
		const body: ListWithConnectionRequest = { bucket, prefix, max_keys: Math.min(MAX_KEYS, wanted - entries.length) };
		if (token) body.continuation_token = token;
		// Listing reads only, so the table lets a repeat after a lost answer be sent.
		const page = await run.call('connections.listWithConnection', { params, body, itemIndex });
		const before = entries.length;
		for (const key of page.common_prefixes) entries.push({ bucket, key, type: 'prefix' });
		for (const key of page.keys) entries.push({ bucket, key, type: 'object' });
		// An empty page that still carries a token would loop forever.
		token = entries.length > before ? page.continuation_token : undefined;
	} while (token && entries.length < wanted);
	return entries.slice(0, wanted);
}
