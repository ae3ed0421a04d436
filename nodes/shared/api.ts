import type { components } from './api-types.generated';

/** Request and response shapes, by the vendor's schema names (generated; see scripts/generate-api-types.mjs). */
export type Schemas = components['schemas'];

export type Dataset = Schemas['datasets:DatasetResponse'];
export type DatasetCreateRequest = Schemas['datasets:DatasetCreateRequest'];
export type DatasetUpdateRequest = Schemas['datasets:DatasetUpdateRequest'];
export type DatasetGetManyResponse = Schemas['datasets:DatasetGetManyResponse'];
export type DatasetConfigResponse = Schemas['datasets:DatasetConfigResponse'];
export type EncoderDescription = Schemas['datasets:EncoderDescription'];
export type VisualEncoderName = Schemas['datasets:VisualEncoderNameEnum'];
export type DatasetStatus = Schemas['datasets:DatasetStatusEnum'];
export type AssetType = Schemas['datasets:AssetTypeEnum'];
export type KeyframeSamplingMethod = Schemas['datasets:KeyframeSamplingMethodEnum'];
export type ValidationErrorBody = Schemas['HTTPValidationError'];
