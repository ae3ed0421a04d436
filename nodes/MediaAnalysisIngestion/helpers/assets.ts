import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textField } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import type { IngestJobAsset } from '../../shared/schemas.generated';
import { splitList } from '../../shared/validation';
import {
	describeValue,
	itemField,
	itemMetadata,
	metadataEntryFields,
	readEntries,
	readEntryMetadata,
	readMetadata,
} from './metadata';

export type ListKind = 'assets' | 'images' | 'videos';

const singular = (kind: ListKind) => kind.slice(0, -1);
export const title = (text: string) => text[0].toUpperCase() + text.slice(1);

const assetTypeField: INodeProperties = {
	displayName: 'Asset Type',
	name: 'assetType',
	type: 'options',
	options: [
		{ name: 'Detect From Extension', value: 'unspecified' },
		{ name: 'Image', value: 'image' },
		{ name: 'Video', value: 'video' },
	],
	default: 'unspecified',
};

export function assetListFields(kind: ListKind): INodeProperties[] {
	const [one, label] = [singular(kind), title(kind)];
	const sourcePath = textField(
		'Source Path',
		'sourcePath',
		`e.g. https://cdn.example.com/${kind === 'videos' ? 'clip.mp4' : 'photo.jpg'}`,
		`URL of the ${one}, or its path in the connection's bucket (e.g. s3://my-bucket/media/file)`,
		{ required: true },
	);
	const example =
		kind === 'assets'
			? '[{"source_path": "https://cdn.example.com/a.jpg", "asset_type": "image", "metadata": {"campaign": "spring"}}]'
			: `[{"source_path": "https://cdn.example.com/${kind === 'videos' ? 'a.mp4' : 'a.jpg'}", "metadata": {"campaign": "spring"}}]`;
	return [
		{
			displayName: 'Input Mode',
			name: 'inputMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Using Fields Below',
					value: 'fields',
					description: `Enter the ${kind} as fields (expressions take them from the item)`,
				},
				{ name: 'Using JSON', value: 'json', description: `Give the ${kind} as a JSON array` },
				{
					name: 'Using Item Fields',
					value: 'itemFields',
					description:
						'Name the item fields that hold the URL and metadata; fastest for thousands of items (no expression per item)',
				},
			],
			default: 'fields',
		},
		{
			displayName: label,
			name: kind,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: `Add ${title(one)}`,
			default: { [one]: [{ sourcePath: '' }] },
			displayOptions: { show: { inputMode: ['fields'] } },
			options: [
				{
					displayName: title(one),
					name: one,
					values: [sourcePath, ...(kind === 'assets' ? [assetTypeField] : []), ...metadataEntryFields],
				},
			],
		},
		{
			displayName: `${label} (JSON)`,
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
	return updateDisplayOptions({ show: { inputMode: ['itemFields'] } }, [
		{
			displayName: 'Source Path Field',
			name: 'sourcePathField',
			type: 'string',
			default: 'url',
			required: true,
			noDataExpression: true,
			requiresDataPath: 'single',
			placeholder: 'e.g. url',
			description: `The item field holding the URL of the ${singular(kind)} (or its bucket path when a Connection is set). Dots reach into objects, e.g. file.link.`,
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
		},
		...(kind === 'assets'
			? [{ ...assetTypeField, name: 'itemAssetType', noDataExpression: true, description: 'The type of every asset' }]
			: []),
	]);
}

/** Without a Connection the service downloads the path, and fails anything but an http(s) URL as broken_url later. */
function checkSourcePath(item: Item, value: unknown, kind: ListKind, hasConnection: boolean, parameter: string) {
	const refuse = (problem: string, fix: string) => item.invalid(parameter, problem, fix);
	if (typeof value !== 'string') {
		throw refuse(
			`it holds ${describeValue(value)}, not ${hasConnection ? 'a path' : 'a URL'}`,
			`Give the URL (or, with a Connection, the bucket path) of each ${singular(kind)} as text.`,
		);
	}
	const sourcePath = value.trim();
	if (hasConnection) {
		if (!sourcePath) throw refuse('it is empty', `Give the bucket path of each ${singular(kind)}.`);
		return sourcePath;
	}
	item.url(sourcePath, parameter);
	if (/\s/.test(sourcePath)) {
		throw refuse(
			`${JSON.stringify(sourcePath)} has a space in it`,
			'Write each space in a URL as %20, e.g. https://cdn.example.com/my%20photo.jpg; the service cannot download an address with spaces.',
		);
	}
	return sourcePath;
}

/** Using Item Fields: reads the field names once and returns what turns one item's JSON into its asset. */
export function itemFieldsReader(
	first: Item,
	kind: ListKind,
): (item: Item, json: IDataObject, hasConnection: boolean) => IngestJobAsset[] {
	const pathField = String(first.param('sourcePathField', 'url')).trim();
	if (!pathField) {
		const fix = `Enter the name of the item field that holds each ${singular(kind)}'s URL, e.g. url.`;
		throw first.invalid('Source Path Field', 'it is empty', fix);
	}
	const metadataNames = splitList(first.param('metadataFields', ''));
	const type = kind === 'assets' ? first.param('itemAssetType', 'unspecified') : 'unspecified';
	const assetType = type === 'unspecified' ? undefined : type;
	const pathParameter = `Source Path Field ("${pathField}")`;
	return (item, json, hasConnection) => {
		const value = itemField(item, json, pathField, 'Source Path Field');
		const sourcePath = checkSourcePath(item, value, kind, hasConnection, pathParameter);
		return [assetOf(sourcePath, itemMetadata(item, json, metadataNames, 'Metadata Fields'), assetType)];
	};
}

/** An asset as the service takes it; "Detect From Extension" (`unspecified`) is sent only where the user wrote it. */
function assetOf(source_path: string, metadata: IDataObject | undefined, assetType: unknown): IngestJobAsset {
	const asset: IDataObject = { source_path };
	if (metadata) asset.metadata = metadata;
	if (assetType !== undefined) asset.asset_type = assetType as IngestJobAsset['asset_type'];
	return asset as IngestJobAsset;
}

/** The Images / Videos / Assets of one item, as fields or as JSON. */
export function readAssetList(item: Item, kind: ListKind, hasConnection: boolean): IngestJobAsset[] {
	const parameter = `${title(kind)} (JSON)`;
	const allowed = kind === 'assets' ? ['source_path', 'asset_type', 'metadata'] : ['source_path', 'metadata'];
	const fix = `Each entry is an object with ${allowed.join(', ')}; source_path is required.`;
	const fromJson = (entry: IDataObject, position: number) => {
		if (typeof entry.source_path !== 'string' || entry.source_path.trim() === '')
			throw item.invalid(parameter, `entry ${position} has no source_path`, fix);
		const sourcePath = checkSourcePath(item, entry.source_path, kind, hasConnection, parameter);
		if (entry.asset_type !== undefined && !['image', 'video', 'unspecified'].includes(entry.asset_type as string)) {
			throw item.invalid(
				parameter,
				`entry ${position} has asset_type "${String(entry.asset_type)}"`,
				'asset_type is image, video or unspecified (detect from the extension).',
			);
		}
		return assetOf(sourcePath, readMetadata(item, entry.metadata, parameter), entry.asset_type);
	};
	const fromFields = (entry: IDataObject) => {
		const sourcePath = checkSourcePath(item, entry.sourcePath ?? '', kind, hasConnection, 'Source Path');
		const type = kind === 'assets' && entry.assetType !== 'unspecified' ? entry.assetType || undefined : undefined;
		return assetOf(sourcePath, readEntryMetadata(item, entry), type);
	};
	const json = item.param<string>('inputMode', 'fields') === 'json';
	return readEntries(item, {
		json: json ? { name: `${kind}Json`, parameter, allowed, fix, read: fromJson } : undefined,
		fields: { path: `${kind}.${singular(kind)}`, read: fromFields },
		empty: [title(kind), `there are no ${kind}`, `Add at least one ${singular(kind)} to ingest.`],
	});
}
