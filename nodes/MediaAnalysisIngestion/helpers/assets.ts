import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textField } from '../../shared/descriptions';
import type { IngestJobAsset } from '../../shared/schemas.generated';
import { assertHttpUrl, invalidParameter, splitList } from '../../shared/validation';
import {
	describeValue,
	fieldOf,
	itemFields,
	jsonEntry,
	jsonList,
	metadataEntryFields,
	missingField,
	readEntryMetadata,
	readMetadata,
} from './metadata';

export type ListKind = 'assets' | 'images' | 'videos';

const SINGULAR: Record<ListKind, string> = { assets: 'asset', images: 'image', videos: 'video' };
const LABEL: Record<ListKind, string> = { assets: 'Assets', images: 'Images', videos: 'Videos' };
const ASSET_TYPES = ['image', 'video', 'unspecified'];
const ASSET_TYPE_OPTIONS = [
	{ name: 'Detect From Extension', value: 'unspecified' },
	{ name: 'Image', value: 'image' },
	{ name: 'Video', value: 'video' },
];

export function assetListFields(kind: ListKind): INodeProperties[] {
	const singular = SINGULAR[kind];
	const values: INodeProperties[] = [
		textField(
			'Source Path',
			'sourcePath',
			`e.g. https://cdn.example.com/${kind === 'videos' ? 'clip.mp4' : 'photo.jpg'}`,
			`URL of the ${singular}, or its path in the connection's bucket (e.g. s3://my-bucket/media/file)`,
			{ required: true },
		),
	];
	if (kind === 'assets') {
		values.push({
			displayName: 'Asset Type',
			name: 'assetType',
			type: 'options',
			options: ASSET_TYPE_OPTIONS,
			default: 'unspecified',
		});
	}
	const example =
		kind === 'assets'
			? '[{"source_path": "https://cdn.example.com/a.jpg", "asset_type": "image", "metadata": {"campaign": "spring"}}]'
			: `[{"source_path": "https://cdn.example.com/${kind === 'videos' ? 'a.mp4' : 'a.jpg'}", "metadata": {"campaign": "spring"}}]`;
	return [
		inputModeField(kind),
		{
			displayName: LABEL[kind],
			name: kind,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: `Add ${LABEL[kind].slice(0, -1)}`,
			default: { [singular]: [{ sourcePath: '' }] },
			displayOptions: { show: { inputMode: ['fields'] } },
			options: [{ displayName: LABEL[kind].slice(0, -1), name: singular, values: [...values, ...metadataEntryFields] }],
		},
		{
			displayName: `${LABEL[kind]} (JSON)`,
			name: `${kind}Json`,
			type: 'json',
			default: '[]',
			required: true,
			displayOptions: { show: { inputMode: ['json'] } },
			description: `A JSON array of ${kind}, e.g. ${example}`,
		},
		...itemFieldsProperties(kind),
	];
}

/** Using Item Fields: field names, read once; each item gives one asset from its own JSON, with no expression. */
function itemFieldsProperties(kind: ListKind): INodeProperties[] {
	const show = { show: { inputMode: ['itemFields'] } };
	const properties: INodeProperties[] = [
		{
			displayName: 'Source Path Field',
			name: 'sourcePathField',
			type: 'string',
			default: 'url',
			required: true,
			noDataExpression: true,
			requiresDataPath: 'single',
			placeholder: 'e.g. url',
			description: `The item field holding the URL of the ${SINGULAR[kind]} (or its bucket path when a Connection is set). Dots reach into objects, e.g. file.link.`,
			displayOptions: show,
		},
		{
			displayName: 'Metadata Fields',
			name: 'metadataFields',
			type: 'string',
			default: '',
			noDataExpression: true,
			requiresDataPath: 'multiple',
			placeholder: 'e.g. campaign, year',
			description:
				"Comma-separated item fields copied into the asset's metadata under their own names; values are text, numbers or booleans",
			displayOptions: show,
		},
	];
	if (kind === 'assets') {
		properties.push({
			displayName: 'Asset Type',
			name: 'itemAssetType',
			type: 'options',
			noDataExpression: true,
			options: ASSET_TYPE_OPTIONS,
			default: 'unspecified',
			description: 'The type of every asset',
			displayOptions: show,
		});
	}
	return properties;
}

/** Without a Connection the service downloads the path, and fails anything but an http(s) URL as broken_url later. */
function checkSourcePath(
	this: IExecuteFunctions,
	value: unknown,
	kind: ListKind,
	hasConnection: boolean,
	parameter: string,
	itemIndex: number,
): string {
	if (typeof value !== 'string') {
		const wanted = hasConnection ? 'a path' : 'a URL';
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`it holds ${describeValue(value)}, not ${wanted}`,
			`Give the URL (or, with a Connection, the bucket path) of each ${SINGULAR[kind]} as text.`,
		);
	}
	const sourcePath = value.trim();
	if (hasConnection) {
		if (!sourcePath)
			throw invalidParameter.call(
				this,
				parameter,
				itemIndex,
				'it is empty',
				`Give the bucket path of each ${SINGULAR[kind]}.`,
			);
		return sourcePath;
	}
	assertHttpUrl.call(this, sourcePath, parameter, itemIndex);
	if (/\s/.test(sourcePath)) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`${JSON.stringify(sourcePath)} has a space in it`,
			'Write each space in a URL as %20, e.g. https://cdn.example.com/my%20photo.jpg; the service cannot download an address with spaces.',
		);
	}
	return sourcePath;
}

/** Using Item Fields: reads the field names once and returns what turns one item's JSON into its asset. */
export function itemFieldsReader(
	this: IExecuteFunctions,
	kind: ListKind,
): (json: IDataObject, itemIndex: number, hasConnection: boolean) => IngestJobAsset[] {
	const pathField = String(this.getNodeParameter('sourcePathField', 0, 'url')).trim();
	if (!pathField) {
		throw invalidParameter.call(
			this,
			'Source Path Field',
			0,
			'it is empty',
			`Enter the name of the item field that holds each ${SINGULAR[kind]}'s URL, e.g. url.`,
		);
	}
	const metadataNames = splitList(this.getNodeParameter('metadataFields', 0, ''));
	const type = kind === 'assets' ? this.getNodeParameter('itemAssetType', 0, 'unspecified') : 'unspecified';
	const assetType = type === 'unspecified' ? undefined : type;
	const pathParameter = `Source Path Field ("${pathField}")`;
	return (json, itemIndex, hasConnection) => {
		const value = fieldOf(json, pathField);
		if (value === undefined) throw missingField.call(this, 'Source Path Field', pathField, itemIndex);
		const sourcePath = checkSourcePath.call(this, value, kind, hasConnection, pathParameter, itemIndex);
		const fields = itemFields.call(this, json, metadataNames, 'Metadata Fields', itemIndex);
		return [assetOf(sourcePath, readMetadata.call(this, fields, 'Metadata Fields', itemIndex), assetType)];
	};
}

/** An asset as the service takes it; "Detect From Extension" (`unspecified`) is sent only where the user wrote it. */
function assetOf(source_path: string, metadata: IDataObject | undefined, assetType: unknown): IngestJobAsset {
	const asset: IDataObject = { source_path };
	if (metadata) asset.metadata = metadata;
	if (assetType !== undefined) asset.asset_type = assetType as IngestJobAsset['asset_type'];
	return asset as IngestJobAsset;
}

function assetFromFields(
	this: IExecuteFunctions,
	kind: ListKind,
	entry: IDataObject,
	itemIndex: number,
	hasConnection: boolean,
): IngestJobAsset {
	const sourcePath = checkSourcePath.call(this, entry.sourcePath ?? '', kind, hasConnection, 'Source Path', itemIndex);
	const type = kind === 'assets' && entry.assetType !== 'unspecified' ? entry.assetType || undefined : undefined;
	return assetOf(sourcePath, readEntryMetadata.call(this, entry, itemIndex), type);
}

function assetFromJson(
	this: IExecuteFunctions,
	kind: ListKind,
	entry: unknown,
	position: number,
	itemIndex: number,
	hasConnection: boolean,
): IngestJobAsset {
	const parameter = `${LABEL[kind]} (JSON)`;
	const allowed = kind === 'assets' ? ['source_path', 'asset_type', 'metadata'] : ['source_path', 'metadata'];
	const fix = `Each entry is an object with ${allowed.join(', ')}; source_path is required.`;
	const object = jsonEntry.call(this, entry, position, allowed, { parameter, itemIndex, fix });
	if (typeof object.source_path !== 'string' || object.source_path.trim() === '') {
		throw invalidParameter.call(this, parameter, itemIndex, `entry ${position} has no source_path`, fix);
	}
	const sourcePath = checkSourcePath.call(this, object.source_path, kind, hasConnection, parameter, itemIndex);
	if (object.asset_type !== undefined && !ASSET_TYPES.includes(object.asset_type as string)) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`entry ${position} has asset_type "${String(object.asset_type)}"`,
			'asset_type is image, video or unspecified (detect from the extension).',
		);
	}
	return assetOf(sourcePath, readMetadata.call(this, object.metadata, parameter, itemIndex), object.asset_type);
}

export function readAssetList(
	this: IExecuteFunctions,
	kind: ListKind,
	itemIndex: number,
	hasConnection: boolean,
): IngestJobAsset[] {
	const mode = this.getNodeParameter('inputMode', itemIndex, 'fields') as string;
	let assets: IngestJobAsset[];
	if (mode === 'json') {
		const list = jsonList.call(this, `${kind}Json`, `${LABEL[kind]} (JSON)`, itemIndex);
		assets = list.map((entry, position) => assetFromJson.call(this, kind, entry, position, itemIndex, hasConnection));
	} else {
		const entries = this.getNodeParameter(`${kind}.${SINGULAR[kind]}`, itemIndex, []) as IDataObject[];
		assets = entries.map((entry) => assetFromFields.call(this, kind, entry, itemIndex, hasConnection));
	}
	if (assets.length === 0) {
		throw invalidParameter.call(
			this,
			LABEL[kind],
			itemIndex,
			`there are no ${kind}`,
			`Add at least one ${SINGULAR[kind]} to ingest.`,
		);
	}
	return assets;
}

function inputModeField(what: string): INodeProperties {
	return {
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Using Fields Below',
				value: 'fields',
				description: `Enter the ${what} as fields (expressions take them from the item)`,
			},
			{ name: 'Using JSON', value: 'json', description: `Give the ${what} as a JSON array` },
			{
				name: 'Using Item Fields',
				value: 'itemFields',
				description:
					'Name the item fields that hold the URL and metadata; fastest for thousands of items (no expression per item)',
			},
		],
		default: 'fields',
	};
}
