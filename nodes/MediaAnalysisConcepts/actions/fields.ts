import type { INodeProperties } from 'n8n-workflow';

import { nameMode, numberField, uuidMode } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import type { NameLookup } from '../../shared/readers';
import { listLocator } from '../../shared/node';
import { type Failure } from '../../shared/transport';
import { ALL } from '../../shared/run';
import type { Bounds } from '../../shared/validation';

const UUID4_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}';

/** A concept picker: "From list" (searchable by name), "By ID" (a version-4 UUID) or "By Name". */
export function conceptLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return listLocator(
		{ displayName: 'Concept', name: 'conceptId', description: 'The concept to work with', ...overrides },
		'a concept',
		'searchConcepts',
		[
			uuidMode('concept', {
				placeholder: 'e.g. 9b2f6c1e-4d3a-4f8b-9c7d-1e2f3a4b5c6d',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^\\s*${UUID4_PATTERN}\\s*$`,
							errorMessage: 'Not a valid concept ID (a version-4 UUID)',
						},
					},
				],
			}),
			nameMode('beach', 'concept'),
		],
	);
}

const conceptsNamed: NameLookup = {
	kind: 'concept',
	idField: 'conceptId',
	// The service lists concepts without a name filter: every concept is read once per run, for every name.
	listsAll: true,
	records: async (run, _name, itemIndex) => await run.list('concepts.list', { itemIndex, limit: ALL }),
};

/**
 * What every request on the item's concept carries: the path naming it (the locator read, By Name looked up among
 * the concepts; concept IDs are version-4 UUIDs), the item, and what a 404 means (the concept is unknown or deleted).
 */
export async function conceptRequest(item: Item) {
	const id = item.byName('conceptId')
		? await item.idByName('conceptId', 'Concept', conceptsNamed)
		: item.param('conceptId', '', { extractValue: true });
	const conceptId = item.uuid4(id, 'Concept');
	const explain = (failure: Failure) =>
		failure.status === 404
			? {
					message: `Concept ${conceptId} not found`,
					description:
						'Check the concept ID: it may be mistyped or the concept was deleted. Choosing the concept "From list" shows the concepts that exist.',
				}
			: undefined;
	return { params: { concept_id: conceptId }, itemIndex: item.index, explain };
}

/** A 404 about one of several IDs given: `message`, and which one when the service says. */
export const oneNotFound = (message: string, description: string) => (failure: Failure, details: string[]) =>
	failure.status === 404 ? { message: `${message}${details[0] ? ` (${details[0]})` : ''}`, description } : undefined;

/** The bounds of a threshold or probability: between 0 and 1. */
export const UNIT: Bounds = { min: 0, max: 1, integer: false };

export const thresholdField = (description: string, defaultValue: number): INodeProperties =>
	numberField('Threshold', 'threshold', defaultValue, description, { minValue: 0, maxValue: 1, numberPrecision: 2 });
