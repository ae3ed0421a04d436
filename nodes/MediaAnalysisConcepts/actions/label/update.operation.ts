import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { ConceptLabelEnum, ConceptLabelRequest } from '../../../shared/schemas.generated';
import { type RequestOf } from '../../../shared/endpoints';
import { conceptLocator, conceptRequest } from '../fields';
import { collection, numberField, textField } from '../../../shared/descriptions';

export const toolDescription =
	'Labels images or video frames as showing a concept (positive) or not (negative), or removes labels. Needs the concept (its ID, a UUID, or its exact name) and, for each image, its ID or path and its label. Returns the labels as the service answers.';

export const option = {
	name: 'Update',
	description: 'Add, overwrite or remove labels of a concept',
	action: 'Update labels of a concept',
};

export const description: INodeProperties[] = [
	conceptLocator(),
	{
		displayName: 'Labels',
		name: 'labels',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Label',
		default: {},
		description: 'An image or keyframe that already has a label gets the new one instead',
		options: [
			{
				displayName: 'Label',
				name: 'label',
				values: [
					{
						displayName: 'Identify Image By',
						name: 'identifyBy',
						type: 'options',
						options: [
							{ name: 'Image ID', value: 'imageId', description: 'The platform ID of an image or a video keyframe' },
							{ name: 'Image Path', value: 'imagePath', description: 'The path the image was ingested from' },
						],
						default: 'imageId',
					},
					textField(
						'Image',
						'image',
						'e.g. 5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f or s3://bucket/images/beach-001.jpg',
						'The image ID or the image path, as chosen above',
					),
					{
						displayName: 'Label',
						name: 'value',
						type: 'options',
						options: [
							{ name: 'Negative', value: 'negative', description: 'The image does not show the concept' },
							{ name: 'Positive', value: 'positive', description: 'The image shows the concept' },
							{ name: 'Remove Label', value: 'remove', description: 'Delete the label this image has, if any' },
						],
						default: 'positive',
					},
				],
			},
		],
	},
	collection('Options', 'options', 'Add option', [
		numberField(
			'Autosampled Negative Labels',
			'autosampledNumNegativeLabels',
			0,
			'How many negative labels the service picks and adds by itself',
			{ minValue: 0 },
		),
	]),
];

interface LabelEntry {
	identifyBy?: 'imageId' | 'imagePath';
	image?: string;
	value?: ConceptLabelEnum | 'remove';
}

/** One entry of the Labels list as the service's `ConceptLabelRequest`; "Remove Label" sends an empty label. */
function toLabelRequest(item: Item, entry: LabelEntry, position: number): ConceptLabelRequest {
	const parameter = `Labels (entry ${position + 1})`;
	const request: ConceptLabelRequest =
		(entry.identifyBy ?? 'imageId') === 'imageId'
			? { coactiveImageId: item.uuid4(entry.image, `${parameter} Image ID`) }
			: { imagePath: item.notEmpty(entry.image, `${parameter} Image Path`) };
	request.label = !entry.value || entry.value === 'remove' ? null : entry.value;
	return request;
}

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await conceptRequest(item);
	const entries = (item.options('labels').label as LabelEntry[] | undefined) ?? [];
	const body: RequestOf<'concepts.updateLabels'> = {
		labels: entries.map((entry, position) => toLabelRequest(item, entry, position)),
	};
	const { autosampledNumNegativeLabels: autosampled } = item.options();
	if (autosampled !== undefined) {
		body.autosampledNumNegativeLabels = item.range(autosampled, 'Autosampled Negative Labels', { min: 0 });
	}
	if (body.labels.length === 0 && !body.autosampledNumNegativeLabels) {
		throw item.invalid('Labels', 'no label was added', 'Add at least one label (or autosampled negative labels).');
	}
	return await run.call('concepts.updateLabels', { ...request, body });
}
