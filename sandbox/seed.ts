/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { DatasetRecord } from './datasets/model';

// Fake credentials. They are long and distinctive so that tests can search any output for them.
export const DEMO_PERSONAL_TOKEN = 'sandbox-fake-pat-ZN-yMnKcC3183IqcIWKMQJZ30_dy9cTugDJpj_L1yMPvZx_S';
export const DEMO_CLIENT_ID = 'sandbox-fake-client-Eu5t_0hGb9tTvvyWg-jJ73Bn';
export const DEMO_CLIENT_SECRET = 'sandbox-fake-secret-nvc7VXRTdoyrvNFVewaIRimj9d95DIymndXQMik4hIFsuozA';

/** The user every demo credential acts as; it shows up in created_by/updated_by/deleted_by. */
export const DEMO_USER_ID = 'sandbox-demo-user';
export const DEMO_SYSTEM_USER_ID = 'sandbox-system-client';

export const SEED_DATASET_IDS = {
	demoImages: '1b665e65-8768-48b3-8556-1791a5ae4b24',
	demoVideos: 'bca1632e-1008-4b67-838f-e3be3dbde8d8',
	demoMixed: '5c306aa2-8898-44ae-97fe-5810dcfd19f1',
	demoArchived: '3a9f54d9-6a82-473b-bd29-1de5d13d0efc',
} as const;

export const SEED_DATASET_NAMES = {
	demoImages: 'demo_images',
	demoVideos: 'demo_videos',
	demoMixed: 'demo_mixed',
	demoArchived: 'demo_archived',
} as const;

const at = (isoDate: string) => Date.parse(isoDate);

/**
 * Three active datasets and one soft-deleted one. Their settings differ so that every list filter selects a
 * different subset, and their timestamps are fixed so that date filters are deterministic.
 */
export function seedDatasets(): DatasetRecord[] {
	return [
		{
			id: SEED_DATASET_IDS.demoImages,
			name: SEED_DATASET_NAMES.demoImages,
			description: 'Demo photos',
			status: 'active',
			encoderName: 'multimodal-tx-large3',
			embeddingId: 'e1a7c5d2-3b4f-4a6e-8c9d-0f1e2d3c4b01',
			allowedAssetTypes: ['image'],
			keyframeSamplingMethod: 'intelligent',
			keyframeUniformFpsSamplingRate: null,
			storeOriginal: true,
			storePreview: true,
			metadataFieldsToIndex: null,
			metadataFieldsToEmbed: null,
			newVideoDataModel: false,
			config: {},
			createdAt: at('2026-01-10T09:00:00Z'),
			createdBy: DEMO_USER_ID,
			updatedAt: null,
			updatedBy: null,
			deletedAt: null,
			deletedBy: null,
		},
		{
			id: SEED_DATASET_IDS.demoVideos,
			name: SEED_DATASET_NAMES.demoVideos,
			description: null,
			status: 'active',
			encoderName: 'multimodal-tx-large2',
			embeddingId: 'e1a7c5d2-3b4f-4a6e-8c9d-0f1e2d3c4b02',
			allowedAssetTypes: ['video'],
			keyframeSamplingMethod: 'uniform',
			keyframeUniformFpsSamplingRate: 1,
			storeOriginal: false,
			storePreview: true,
			metadataFieldsToIndex: ['title'],
			metadataFieldsToEmbed: null,
			newVideoDataModel: true,
			config: { celebrity_detection_enabled: true, asset_identifier_key: 'external_id' },
			createdAt: at('2026-03-15T12:30:00Z'),
			createdBy: DEMO_USER_ID,
			updatedAt: at('2026-06-01T08:00:00Z'),
			updatedBy: DEMO_USER_ID,
			deletedAt: null,
			deletedBy: null,
		},
		{
			id: SEED_DATASET_IDS.demoMixed,
			name: SEED_DATASET_NAMES.demoMixed,
			description: 'Images and videos together',
			status: 'active',
			encoderName: 'multimodal-tx-large4',
			embeddingId: 'e1a7c5d2-3b4f-4a6e-8c9d-0f1e2d3c4b03',
			allowedAssetTypes: ['image', 'video'],
			keyframeSamplingMethod: 'intelligent',
			keyframeUniformFpsSamplingRate: null,
			storeOriginal: true,
			storePreview: false,
			metadataFieldsToIndex: null,
			metadataFieldsToEmbed: ['caption'],
			newVideoDataModel: true,
			config: {
				context_studio_enabled: true,
				hybrid_search: { weights: { visual: 0.7, metadata: 0.3 } },
			},
			createdAt: at('2026-05-20T16:45:00Z'),
			createdBy: DEMO_SYSTEM_USER_ID,
			updatedAt: at('2026-09-30T10:15:00Z'),
			updatedBy: DEMO_USER_ID,
			deletedAt: null,
			deletedBy: null,
		},
		{
			id: SEED_DATASET_IDS.demoArchived,
			name: SEED_DATASET_NAMES.demoArchived,
			description: 'Soft-deleted; visible only with include_deleted=true',
			status: 'deleted',
			encoderName: 'resnet-50',
			embeddingId: 'e1a7c5d2-3b4f-4a6e-8c9d-0f1e2d3c4b04',
			allowedAssetTypes: ['image'],
			keyframeSamplingMethod: 'intelligent',
			keyframeUniformFpsSamplingRate: null,
			storeOriginal: true,
			storePreview: true,
			metadataFieldsToIndex: null,
			metadataFieldsToEmbed: null,
			newVideoDataModel: false,
			config: {},
			createdAt: at('2025-11-01T07:00:00Z'),
			createdBy: DEMO_USER_ID,
			updatedAt: at('2026-02-01T11:00:00Z'),
			updatedBy: DEMO_USER_ID,
			deletedAt: at('2026-02-01T11:00:00Z'),
			deletedBy: DEMO_USER_ID,
		},
	];
}
