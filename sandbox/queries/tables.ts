import type { AssetRecord } from '../assets/model';
import { conceptScore, conceptsOf, type ConceptRecord, type ConceptState } from '../concepts/model';
import { audioSegmentsOf, durationMs, keyframesOf, searchableAssets, shotsOf, type VisualItem } from '../search/media';
import type { SqlStorage, SqlTable, SqlValue } from './sql';

/**
 * The tables a query over a dataset reads (sandbox/README.md, Queries › Tables): one definition per table gives both
 * its schema (the tables routes) and its rows (the SQL engine), so the two cannot disagree. Rows are the dataset's
 * completed assets; `images` and `keyframes` end with one column per concept, valued as Classify scores the item.
 */

/** What the rows are built from: the store's assets and concepts. */
export interface TableSources {
	assets: Map<string, AssetRecord>;
	concepts: ConceptState;
}

/** A column of a table's schema, in the shape of a Spark/Databricks struct field (assumed: the document types the schema as any object). */
interface Column {
	name: string;
	type: string;
	nullable: boolean;
}

/** Spark types and the SQLite storage the sandbox keeps them in (timestamps as ISO-8601 text, maps as JSON text). */
const STORAGE: Record<string, SqlStorage> = {
	string: 'TEXT',
	timestamp: 'TEXT',
	'map<string,string>': 'TEXT',
	bigint: 'INTEGER',
	double: 'REAL',
};

const column = (name: string, type: keyof typeof STORAGE, nullable = false): Column => ({ name, type, nullable });

const iso = (millis: number) => new Date(millis).toISOString();
const json = (metadata: Record<string, unknown>) => JSON.stringify(metadata);
const videosIn = (assets: AssetRecord[]) => assets.filter((asset) => asset.kind === 'video');

interface TableDefinition {
	name: string;
	for: 'image' | 'video' | 'any';
	columns: Column[];
	/** Whether one score column per concept follows the columns above. */
	scored: boolean;
	/** The rows of the fixed columns, each with the item concepts score when `scored`. */
	rows: (assets: AssetRecord[]) => Array<{ values: SqlValue[]; item?: VisualItem }>;
}

/** The tables by what the dataset allows: `assets` always, images, or videos with their keyframes, shots and transcripts. */
const TABLES: TableDefinition[] = [
	{
		name: 'assets',
		for: 'any',
		columns: [
			column('asset_id', 'string'),
			column('asset_type', 'string'),
			column('dataset_id', 'string'),
			column('path', 'string'),
			column('created_dt', 'timestamp'),
			column('metadata', 'map<string,string>', true),
		],
		scored: false,
		rows: (assets) =>
			assets.map((asset) => ({
				values: [asset.id, asset.kind, asset.datasetId, asset.path, iso(asset.createdAt), json(asset.metadata)],
			})),
	},
	{
		name: 'images',
		for: 'image',
		columns: [
			column('coactive_image_id', 'string'),
			column('dataset_id', 'string'),
			column('path', 'string'),
			column('created_dt', 'timestamp'),
			column('metadata', 'map<string,string>', true),
		],
		scored: true,
		rows: (assets) =>
			assets
				.filter((asset) => asset.kind === 'image')
				.map((asset) => ({
					values: [asset.id, asset.datasetId, asset.path, iso(asset.createdAt), json(asset.metadata)],
					item: { kind: 'image', asset },
				})),
	},
	{
		name: 'videos',
		for: 'video',
		columns: [
			column('coactive_video_id', 'string'),
			column('dataset_id', 'string'),
			column('path', 'string'),
			column('created_dt', 'timestamp'),
			column('duration_ms', 'bigint'),
			column('frame_rate', 'double', true),
			column('metadata', 'map<string,string>', true),
		],
		scored: false,
		rows: (assets) =>
			videosIn(assets).map((video) => ({
				values: [
					video.id,
					video.datasetId,
					video.path,
					iso(video.createdAt),
					durationMs(video),
					video.frameRate,
					json(video.metadata),
				],
			})),
	},
	{
		name: 'keyframes',
		for: 'video',
		columns: [
			column('coactive_image_id', 'string'),
			column('coactive_video_id', 'string'),
			column('dataset_id', 'string'),
			column('shot_id', 'string'),
			column('frame_time_ms', 'bigint'),
		],
		scored: true,
		rows: (assets) =>
			videosIn(assets).flatMap((video) =>
				keyframesOf(video).map((keyframe) => ({
					values: [keyframe.id, video.id, video.datasetId, keyframe.shot.id, keyframe.timestampMs],
					item: { kind: 'keyframe', keyframe },
				})),
			),
	},
	{
		name: 'shots',
		for: 'video',
		columns: [
			column('shot_id', 'string'),
			column('coactive_video_id', 'string'),
			column('start_time_ms', 'bigint'),
			column('end_time_ms', 'bigint'),
		],
		scored: false,
		rows: (assets) =>
			videosIn(assets).flatMap((video) =>
				shotsOf(video).map((shot) => ({ values: [shot.id, video.id, shot.startMs, shot.endMs] })),
			),
	},
	{
		name: 'transcripts',
		for: 'video',
		columns: [
			column('coactive_video_id', 'string'),
			column('start_time_ms', 'bigint'),
			column('end_time_ms', 'bigint'),
			column('speech_to_text_transcription', 'string', true),
		],
		scored: false,
		rows: (assets) =>
			videosIn(assets).flatMap((video) =>
				audioSegmentsOf(video).map((segment) => ({
					values: [video.id, segment.startMs, segment.endMs, segment.text],
				})),
			),
	},
];

/** Names a concept may not take: the fixed columns of the tables its scores become a column of. */
export const SCORED_TABLE_COLUMNS: ReadonlySet<string> = new Set(
	TABLES.filter((table) => table.scored).flatMap((table) => table.columns.map((entry) => entry.name.toLowerCase())),
);

function tablesFor(allowedAssetTypes: readonly string[]): TableDefinition[] {
	return TABLES.filter((table) => table.for === 'any' || allowedAssetTypes.includes(table.for));
}

const columnsOf = (table: TableDefinition, concepts: ConceptRecord[]): Column[] =>
	table.scored ? [...table.columns, ...concepts.map((concept) => column(concept.name, 'double'))] : table.columns;

/** `queries:Table` of each table a dataset's queries can read, in a fixed order, concept columns included. */
export function tableSchemas(allowedAssetTypes: readonly string[], concepts: ConceptState, datasetId: string) {
	const scoring = conceptsOf(concepts, datasetId);
	return tablesFor(allowedAssetTypes).map((table) => ({
		name: table.name,
		table_schema: {
			type: 'struct',
			fields: columnsOf(table, scoring).map((entry) => ({ ...entry, metadata: {} })),
		},
	}));
}

/** The tables with their rows, as the SQL engine loads them. */
export function sqlTables(allowedAssetTypes: readonly string[], sources: TableSources, datasetId: string): SqlTable[] {
	const scoring = conceptsOf(sources.concepts, datasetId);
	const assets = searchableAssets(sources.assets, datasetId);
	return tablesFor(allowedAssetTypes).map((table) => ({
		name: table.name,
		columns: columnsOf(table, scoring).map((entry) => ({ name: entry.name, storage: STORAGE[entry.type] })),
		rows: table
			.rows(assets)
			.map(({ values, item }) =>
				table.scored && item
					? [
							...values,
							...scoring.map((concept) => conceptScore(concept, item, sources.concepts.labels.get(concept.id))),
						]
					: values,
			),
	}));
}
