import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { SUNSET_ENCODER } from '../fields';

export const option = {
	name: 'Get Many',
	description: 'List the encoders a dataset can use',
	action: 'Get many encoders',
};

export const description: INodeProperties[] = [...returnAllOrLimit(undefined, { toolLimit: true })];

export const toolDescription =
	'Lists the encoders a new dataset can use, up to the Limit: each with its name, modality and description, and whether it is deprecated. Needs nothing.';

/**
 * The service answers the whole list at once; Limit trims it here. Each encoder says whether it is deprecated: the
 * retired `multimodal`, if the service still lists it, carries its sunset date and replacements so nobody picks it.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const page = item.pageLimit();
	// Anything but a list of records is refused or dropped by the table's check, never made into items.
	const encoders = await run.call('datasets.listEncoders', { itemIndex });
	if (encoders.some((encoder) => typeof encoder.name !== 'string')) {
		throw new NodeApiError(
			item.node.getNode(),
			{},
			{
				message: 'The service answered the encoders request with entries that are not encoders',
				description:
					'Each encoder should have a name. Try again; if it persists, report it to the Media Analysis team.',
				itemIndex,
			},
		);
	}
	const list: IDataObject[] = encoders.map((encoder) =>
		encoder.name === SUNSET_ENCODER.name
			? { ...encoder, deprecated: true, sunset_date: SUNSET_ENCODER.sunset, replaced_by: SUNSET_ENCODER.replacedBy }
			: { ...encoder, deprecated: false },
	);
	return withinLimit(list, page);
}
