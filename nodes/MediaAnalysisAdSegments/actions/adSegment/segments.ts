import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { VideoAdSegmentCreateRequest, VideoAdSegmentMetadataRequest } from '../../../shared/schemas.generated';
import type { Item } from '../../../shared/item';
import { collection, numberField, textField } from '../../../shared/descriptions';

const JSON_EXAMPLE = `[
  {
    "segment_start_time_ms": 0,
    "segment_end_time_ms": 15000,
    "segment_start_frame_number": 0,
    "segment_end_frame_number": 375,
    "metadata": { "segment_type": "pre-roll", "segment_number": 1, "incode": "00:00:00:00", "outcode": "00:00:15:00" }
  }
]`;

/** Segments typed one by one in the UI, or a JSON list for workflows that compute them. */
export const segmentFields: INodeProperties[] = [
	{
		displayName: 'Define Segments',
		name: 'segmentsInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: 'Add each segment with its own fields' },
			{ name: 'Using JSON', value: 'json', description: 'Give the segments as a JSON list, e.g. from an expression' },
		],
		default: 'fields',
	},
	{
		displayName: 'Segments',
		name: 'segments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Segment',
		default: {},
		displayOptions: { show: { segmentsInput: ['fields'] } },
		options: [
			{
				displayName: 'Segment',
				name: 'segment',
				values: [
					numberField(
						'Begins At (Milliseconds)',
						'startTimeMs',
						0,
						'Where the segment starts, in milliseconds from the beginning of the video',
						{ minValue: 0 },
					),
					numberField(
						'Ends At (Milliseconds)',
						'endTimeMs',
						0,
						'Where the segment ends, in milliseconds; not before Begins At',
						{ minValue: 0 },
					),
					numberField('First Frame', 'startFrame', 0, 'Number of the first frame of the segment', {
						minValue: 0,
						numberPrecision: 0,
					}),
					numberField('Last Frame', 'endFrame', 0, 'Number of the last frame of the segment; not before First Frame', {
						minValue: 0,
						numberPrecision: 0,
					}),
					{
						...collection('Metadata', 'metadata', 'Add Metadata', [
							textField('Incode', 'incode', 'e.g. 00:00:00:00', 'Timecode where the segment starts'),
							textField('Outcode', 'outcode', 'e.g. 00:00:15:00', 'Timecode where the segment ends'),
							numberField(
								'Segment Number',
								'segmentNumber',
								1,
								"Number of the segment; when not given, the segment's position in the list (1, 2, …)",
								{ numberPrecision: 0 },
							),
							{
								displayName: 'Segment Type',
								name: 'segmentType',
								type: 'string',
								default: '',
								placeholder: 'e.g. pre-roll',
							},
						]),
						description: 'Optional. When given, Segment Type, Incode and Outcode are all needed.',
					},
				],
			},
		],
	},
	{
		displayName: 'Segments (JSON)',
		name: 'segmentsJson',
		type: 'json',
		default: JSON_EXAMPLE,
		required: true,
		displayOptions: { show: { segmentsInput: ['json'] } },
		description:
			'A list of segments with segment_start_time_ms, segment_end_time_ms, segment_start_frame_number, segment_end_frame_number and optional metadata (segment_type, segment_number, incode, outcode). {"ad_segments": [...]} is accepted too.',
	},
];

const API_FIELDS = {
	startTimeMs: 'segment_start_time_ms',
	endTimeMs: 'segment_end_time_ms',
	startFrame: 'segment_start_frame_number',
	endFrame: 'segment_end_frame_number',
} as const;
const UI_LABELS = { startTimeMs: 'Begins At', endTimeMs: 'Ends At', startFrame: 'First Frame', endFrame: 'Last Frame' };
const METADATA_KEYS = ['segment_type', 'segment_number', 'incode', 'outcode'];
const SEGMENT_KEYS = [...Object.values(API_FIELDS), 'metadata'];

type Source = 'fields' | 'json';
type Fail = (problem: string, fix: string) => Error;

/**
 * Reads the segments of one item and checks each before anything is sent: numbers present and not negative,
 * frames whole, no segment ending before it starts (in time and in frames), metadata complete.
 */
export function getSegments(item: Item): VideoAdSegmentCreateRequest[] {
	const source = item.param<Source>('segmentsInput', 'fields');
	const parameter = source === 'json' ? 'Segments (JSON)' : 'Segments';
	const fail: Fail = (problem, fix) => item.invalid(parameter, problem, fix);

	let raw: unknown[];
	if (source === 'json') {
		const parsed = item.json(item.param('segmentsJson', '[]'), parameter);
		const list = Array.isArray(parsed) ? parsed : (parsed as IDataObject | null)?.ad_segments;
		if (!Array.isArray(list)) {
			throw fail('it is not a list of segments', `Give a JSON list such as ${JSON_EXAMPLE.replace(/\s+/g, ' ')}`);
		}
		raw = list;
	} else {
		raw = item.param<IDataObject[]>('segments.segment', []);
	}
	if (raw.length === 0) {
		throw fail(
			'there are no segments',
			source === 'json' ? 'Give at least one segment in the list.' : 'Add at least one segment with "Add Segment".',
		);
	}
	return raw.map((entry, index) => toRequest(entry, index + 1, source, fail));
}

function toRequest(entry: unknown, position: number, source: Source, fail: Fail): VideoAdSegmentCreateRequest {
	const name = `segment ${position}`;
	if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
		throw fail(`${name} is not an object`, 'Each segment is an object with start and end times and frame numbers.');
	}
	const segment = entry as IDataObject;
	if (source === 'json') {
		const unknown = Object.keys(segment).filter((key) => !SEGMENT_KEYS.includes(key));
		if (unknown.length) {
			throw fail(`${name} has the unknown field "${unknown[0]}"`, `A segment's fields are ${SEGMENT_KEYS.join(', ')}.`);
		}
	}
	const label = (key: keyof typeof API_FIELDS) => (source === 'json' ? API_FIELDS[key] : UI_LABELS[key]);
	const number = (key: keyof typeof API_FIELDS, integer: boolean): number => {
		const value = segment[source === 'json' ? API_FIELDS[key] : key];
		const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		if (typeof parsed !== 'number' || !Number.isFinite(parsed)) {
			throw fail(
				`${name} has no valid ${label(key)} (${JSON.stringify(value) ?? 'missing'})`,
				`Give ${label(key)} of ${name} as a number.`,
			);
		}
		if (parsed < 0)
			throw fail(`${name} has a negative ${label(key)} (${parsed})`, `${label(key)} of ${name} must be 0 or more.`);
		if (integer && !Number.isInteger(parsed)) {
			throw fail(
				`${name} has a ${label(key)} that is not a whole number (${parsed})`,
				'Frame numbers are whole numbers.',
			);
		}
		return parsed;
	};
	const request: VideoAdSegmentCreateRequest = {
		segment_start_time_ms: number('startTimeMs', false),
		segment_end_time_ms: number('endTimeMs', false),
		segment_start_frame_number: number('startFrame', true),
		segment_end_frame_number: number('endFrame', true),
	};
	// Neither document forbids a segment that ends where it starts; one that ends before it starts is refused.
	if (request.segment_end_time_ms < request.segment_start_time_ms) {
		throw fail(
			`${name} ends at ${request.segment_end_time_ms} ms, before its start at ${request.segment_start_time_ms} ms`,
			`Make ${label('endTimeMs')} of ${name} at least its ${label('startTimeMs')}.`,
		);
	}
	if (request.segment_end_frame_number < request.segment_start_frame_number) {
		throw fail(
			`${name} ends at frame ${request.segment_end_frame_number}, before its start frame ${request.segment_start_frame_number}`,
			`Make ${label('endFrame')} of ${name} at least its ${label('startFrame')}.`,
		);
	}
	const metadata = readMetadata(segment.metadata, position, source, fail);
	if (metadata) request.metadata = metadata;
	return request;
}

function readMetadata(
	value: unknown,
	position: number,
	source: Source,
	fail: Fail,
): VideoAdSegmentMetadataRequest | undefined {
	const name = `segment ${position}`;
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw fail(`the metadata of ${name} is not an object`, `Metadata has the fields ${METADATA_KEYS.join(', ')}.`);
	}
	const given = value as IDataObject;
	if (Object.keys(given).length === 0) return undefined;
	const text = (apiKey: string, uiKey: string, uiLabel: string): string => {
		const field = given[source === 'json' ? apiKey : uiKey];
		if (typeof field !== 'string' || field.trim() === '') {
			const label = source === 'json' ? apiKey : uiLabel;
			throw fail(
				`the metadata of ${name} has no ${label}`,
				`Metadata needs ${source === 'json' ? 'segment_type, incode and outcode' : 'Segment Type, Incode and Outcode'} together; give ${label} or remove the metadata.`,
			);
		}
		return field.trim();
	};
	const numberField = given[source === 'json' ? 'segment_number' : 'segmentNumber'];
	let segmentNumber = position;
	if (numberField !== undefined && numberField !== '') {
		segmentNumber = Number(numberField);
		if (!Number.isInteger(segmentNumber)) {
			throw fail(
				`the metadata of ${name} has a segment number that is not a whole number (${JSON.stringify(numberField)})`,
				'Segment numbers are whole numbers.',
			);
		}
	} else if (source === 'json') {
		throw fail(
			`the metadata of ${name} has no segment_number`,
			'Metadata needs segment_type, segment_number, incode and outcode together.',
		);
	}
	return {
		segment_type: text('segment_type', 'segmentType', 'Segment Type'),
		segment_number: segmentNumber,
		incode: text('incode', 'incode', 'Incode'),
		outcode: text('outcode', 'outcode', 'Outcode'),
	};
}
