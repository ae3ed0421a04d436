import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { DatasetResponse, DatasetConfig } from '../../../shared/schemas.generated';
import { splitList, type Checks } from '../../../shared/validation';
import { booleanField, numberField, textField } from '../../../shared/descriptions';
import { DATASET_CONFIG_KEYS } from '../../../shared/enums.generated';

export const DATASET_CONFIG_EXAMPLE = '{"celebrity_detection_enabled": true, "asset_identifier_key": "content_id"}';

/** Every key of the service's DatasetConfig: a typo in the expert JSON is named before anything is sent. */
const CONFIG_KEYS: string[] = [...DATASET_CONFIG_KEYS].sort();

export const descriptionField = textField(
	'Description',
	'description',
	'e.g. Product photos of the spring campaign',
	'A short summary of what the dataset holds or is for',
);

export const metadataFieldsToEmbed = textField(
	'Metadata Fields to Embed',
	'metadataFieldsToEmbed',
	'e.g. title, caption',
	'Comma-separated metadata field names whose text is embedded for search',
);

export const metadataFieldsToIndex = textField(
	'Metadata Fields to Index',
	'metadataFieldsToIndex',
	'e.g. brand, campaign',
	'Comma-separated metadata field names that can be filtered on',
);

/** The settings people change, as plain fields; the expert JSON holds the rest of the service's DatasetConfig. */
export const configFields: INodeProperties[] = [
	booleanField(
		'Celebrity Detection',
		'celebrityDetection',
		'Whether to detect enrolled persons in the assets of this dataset',
	),
	booleanField(
		'Context Studio',
		'contextStudio',
		'Whether Context Studio (ad segments, video narrative metadata) is on for this dataset',
	),
	{
		displayName: 'Dataset Config (JSON)',
		name: 'datasetConfig',
		type: 'json',
		default: '{}',
		description: `For experts: any other setting of the service's dataset configuration, e.g. ${DATASET_CONFIG_EXAMPLE}. The node adds the dataset's embedding and encoder maps itself; the plain fields above win over the same keys here.`,
	},
	{
		displayName: 'Hybrid Search Weights',
		name: 'hybridSearchWeights',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Weight',
		default: {},
		description: 'How much each signal counts in hybrid search',
		options: [
			{
				displayName: 'Weight',
				name: 'weight',
				values: [
					textField(
						'Signal',
						'signal',
						'e.g. visual',
						'The signal the weight applies to, as the service names it (e.g. visual, metadata)',
					),
					numberField('Weight', 'value', 1, 'The weight of this signal, 0 or more', {
						minValue: 0,
						numberPrecision: 3,
					}),
				],
			},
		],
	},
];

/**
 * What the user set of the dataset configuration in this item, or undefined when nothing. `withMetadata`: the
 * metadata field lists go into the configuration (on Update; Create sends them as top-level fields).
 */
export function readConfigChanges(
	item: Checks,
	fields: IDataObject,
	withMetadata: boolean,
): Partial<DatasetConfig> | undefined {
	const given = (name: string) => fields[name] !== undefined;
	const changes: Partial<DatasetConfig> = {};
	if (given('datasetConfig')) {
		const json = item.jsonObject(fields.datasetConfig, 'Dataset Config (JSON)', DATASET_CONFIG_EXAMPLE);
		const unknown = Object.keys(json).filter((key) => !CONFIG_KEYS.includes(key));
		if (unknown.length > 0) {
			throw item.invalid(
				'Dataset Config (JSON)',
				`"${unknown[0]}" is not a setting of the dataset configuration`,
				`Use the service's names: ${CONFIG_KEYS.join(', ')}.`,
			);
		}
		Object.assign(changes, json);
	}
	if (given('celebrityDetection')) changes.celebrity_detection_enabled = fields.celebrityDetection === true;
	if (given('contextStudio')) changes.context_studio_enabled = fields.contextStudio === true;
	if (withMetadata && given('metadataFieldsToIndex'))
		changes.metadata_fields_to_index = splitList(fields.metadataFieldsToIndex);
	if (withMetadata && given('metadataFieldsToEmbed'))
		changes.metadata_fields_to_embed = splitList(fields.metadataFieldsToEmbed);
	if (given('hybridSearchWeights')) {
		const rows = ((fields.hybridSearchWeights as IDataObject).weight ?? []) as IDataObject[];
		// Built from entries: a signal typed as "__proto__" stays a key, not the map's prototype.
		const weights: Record<string, number> = Object.fromEntries(
			rows.map((row, index) => {
				const signal = String(row.signal ?? '').trim();
				if (!signal) {
					throw item.invalid(
						'Hybrid Search Weights',
						`weight ${index + 1} has no signal`,
						'Name the signal of each weight, e.g. visual.',
					);
				}
				return [signal, item.range(row.value, `Hybrid Search Weights (${signal})`, { min: 0, integer: false })];
			}),
		);
		changes.hybrid_search = Object.keys(weights).length > 0 ? { weights } : null;
	}
	// Every plain field given sets a key; the JSON, given as {}, changes nothing but is still a change.
	return Object.keys(changes).length > 0 || given('datasetConfig') ? changes : undefined;
}

const isFilledMap = (value: unknown): value is Record<string, string> =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;

/**
 * The dataset's whole configuration as the service holds it, with the required embedding and encoder maps: from its
 * `dataset_config`, or else from the embeddings the service made for the dataset's encoder (keyed by modality).
 */
function currentConfig(item: Checks, dataset: Partial<DatasetResponse>): DatasetConfig {
	const config = (dataset.dataset_config ?? {}) as Partial<DatasetConfig>;
	let embeddingId = config.embedding_id;
	let encoderName = config.encoder_name;
	if (!isFilledMap(embeddingId) || !isFilledMap(encoderName)) {
		const embeddings = (Array.isArray(dataset.embeddings) ? dataset.embeddings : []).filter(
			(embedding) => typeof embedding?.id === 'string' && typeof embedding.modality === 'string',
		);
		// Built from entries: a modality the service names "__proto__" stays a key, not the map's prototype.
		embeddingId = Object.fromEntries(embeddings.map((embedding) => [embedding.modality, embedding.id]));
		encoderName = Object.fromEntries(embeddings.map((embedding) => [embedding.modality, String(embedding.name)]));
	}
	if (!isFilledMap(embeddingId) || !isFilledMap(encoderName)) {
		throw new NodeApiError(
			item.node.getNode(),
			{},
			{
				message: `The service did not say which embedding dataset ${String(dataset.id)} uses, so its configuration cannot be changed`,
				description:
					'The dataset answer had neither dataset_config maps nor embeddings. Give embedding_id and encoder_name yourself in Dataset Config (JSON), or try again later.',
				itemIndex: item.index,
			},
		);
	}
	return { ...config, embedding_id: embeddingId, encoder_name: encoderName };
}

/** The configuration to send: the dataset's current one, the expert JSON over it, the plain fields over both. */
export function mergedConfig(
	item: Checks,
	dataset: Partial<DatasetResponse>,
	changes: Partial<DatasetConfig>,
): DatasetConfig {
	// Empty maps (as older workflows sent them) mean "fill them in": the node's maps are used.
	const given = { ...changes };
	for (const key of ['embedding_id', 'encoder_name'] as const) {
		const map = given[key];
		if (typeof map === 'object' && map !== null && !Array.isArray(map) && Object.keys(map).length === 0)
			delete given[key];
	}
	const base =
		isFilledMap(given.embedding_id) && isFilledMap(given.encoder_name)
			? dataset.dataset_config
			: currentConfig(item, dataset);
	return { ...base, ...given } as DatasetConfig;
}

/** A create that succeeded but whose configuration failed: say so, so that nobody creates the dataset twice. */
export function configAfterCreateFailed(item: Checks, dataset: Partial<DatasetResponse>, error: unknown) {
	const reason = error instanceof Error ? error.message : String(error);
	return new NodeOperationError(
		item.node.getNode(),
		`Dataset ${String(dataset.id)} was created, but its configuration was not set: ${reason}`,
		{
			description: `Set it with Dataset → Update on dataset ${String(dataset.id)} ("${String(dataset.name)}"). Running Create again would try to make a second dataset.`,
			itemIndex: item.index,
		},
	);
}
