import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { conceptLocator, conceptRequest } from '../fields';
import { numberField } from '../../../shared/descriptions';

export const toolDescription =
	'Finds the images and video frames whose labels would improve a concept most. Needs the concept (its ID, a UUID, or its exact name). Returns each candidate image or keyframe, to label with Update Labels.';

const MAX_CANDIDATES = 20;

export const option = {
	name: 'Get Many Candidates',
	description: 'Get the images and keyframes whose labels would improve the concept most',
	action: 'Get many candidates to label for a concept',
};

export const description: INodeProperties[] = [
	conceptLocator(),
	numberField(
		'Number of Candidates',
		'numberOfCandidates',
		1,
		"How many images and keyframes to return, 1 to 20 (the service's default is 1)",
		{ minValue: 1, maxValue: MAX_CANDIDATES },
	),
];

/** Images and keyframes whose labels would improve the concept most; one output item each. */
export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const request = await conceptRequest(item);
	const limit = item.range(item.param('numberOfCandidates', 1), 'Number of Candidates', {
		min: 1,
		max: MAX_CANDIDATES,
	});
	const response = await run.call('concepts.getLabelCandidates', { ...request, qs: { limit } });
	return response.data as IDataObject[];
}
