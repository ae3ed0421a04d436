import { schemas } from './generated/schemas';

/** The document's `datasets:VisualEncoderNameEnum`; the catalog below must describe each (a new one fails the typecheck). */
export const VISUAL_ENCODER_NAMES = schemas['datasets:VisualEncoderNameEnum'].options;

export type VisualEncoderName = (typeof VISUAL_ENCODER_NAMES)[number];

/** Past its sunset date (NOTES.md, "Dates that matter today"): rejected when creating a dataset and never listed. */
export const SUNSET_ENCODER: VisualEncoderName = 'multimodal';
export const SUNSET_ENCODER_DATE = '2025-07-07';
export const SUNSET_ENCODER_REPLACEMENTS = ['multimodal-tx-large2', 'multimodal-tx-large3'];

type Modality = 'image' | 'video';

interface EncoderCatalogEntry {
	id: string;
	name: VisualEncoderName;
	/** The single modality the encoders route reports; the service does not say how it picks one. */
	modality: Modality;
	modalities: Modality[];
}

const MULTIMODAL: Modality[] = ['image', 'video'];

export const ENCODER_CATALOG: Record<VisualEncoderName, EncoderCatalogEntry> = {
	multimodal: {
		id: 'b6ec1a17-fcee-46a0-985b-b0eb8ad2aa40',
		name: 'multimodal',
		modality: 'video',
		modalities: MULTIMODAL,
	},
	'multimodal-tx-large2': {
		id: '9dae9024-9eae-47a5-b5ab-603e393f72d6',
		name: 'multimodal-tx-large2',
		modality: 'video',
		modalities: MULTIMODAL,
	},
	'multimodal-tx-large3': {
		id: 'dfe61355-974f-461e-bf6e-f91bf2b747d0',
		name: 'multimodal-tx-large3',
		modality: 'video',
		modalities: MULTIMODAL,
	},
	'multimodal-tx-large4': {
		id: '0fe65084-7c8d-4c45-9b7c-c9edfd361aae',
		name: 'multimodal-tx-large4',
		modality: 'video',
		modalities: MULTIMODAL,
	},
	'nova2-multimodal': {
		id: 'd54d0c57-8281-4c4e-9187-0ff5b9080cfb',
		name: 'nova2-multimodal',
		modality: 'video',
		modalities: MULTIMODAL,
	},
	'resnet-50': {
		id: 'd144108b-cc32-4a83-8d05-8f640c409063',
		name: 'resnet-50',
		modality: 'image',
		modalities: ['image'],
	},
	'resnet-50-reduced': {
		id: '5d0bda5a-7e07-40df-a329-486076a37b01',
		name: 'resnet-50-reduced',
		modality: 'image',
		modalities: ['image'],
	},
};

export function availableEncoders(): EncoderCatalogEntry[] {
	return VISUAL_ENCODER_NAMES.filter((name) => name !== SUNSET_ENCODER).map((name) => ENCODER_CATALOG[name]);
}
