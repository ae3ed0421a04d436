import type { components } from './api-types.generated';

/** Request and response shapes, by the vendor's schema names (generated; see scripts/generate-api-types.mjs). */
export type Schemas = components['schemas'];

export type Dataset = Schemas['datasets:DatasetResponse'];
export type DatasetCreateRequest = Schemas['datasets:DatasetCreateRequest'];
export type DatasetUpdateRequest = Schemas['datasets:DatasetUpdateRequest'];
export type DatasetConfig = Schemas['datasets:DatasetConfig'];
export type VisualEncoderName = Schemas['datasets:VisualEncoderNameEnum'];
export type DatasetStatus = Schemas['datasets:DatasetStatusEnum'];
export type AssetType = Schemas['datasets:AssetTypeEnum'];
export type KeyframeSamplingMethod = Schemas['datasets:KeyframeSamplingMethodEnum'];

export type ChatRequest = Schemas['agentic-search:ChatRequest'];
export type ChatResponse = Schemas['agentic-search:ChatResponse'];
export type ChatToolResult = Schemas['agentic-search:ToolResult'];
export type VideoSearchResultItem = Schemas['agentic-search:VideoSearchResultItem'];

export type AdSegmentsCreateRequest = Schemas['context-studio:VideoAdSegmentsCreateRequest'];
export type AdSegmentCreateRequest = Schemas['context-studio:VideoAdSegmentCreateRequest'];
export type AdSegmentMetadata = Schemas['context-studio:VideoAdSegmentMetadataRequest'];
export type AdSegmentsCreateResponse = Schemas['context-studio:VideoAdSegmentsCreateResponse'];
export type AdSegmentsGetResponse = Schemas['context-studio:VideoAdSegmentsGetResponse'];
export type AdSegmentResponse = Schemas['context-studio:VideoAdSegmentResponse'];

export type DynamicTagGroupsResponse = Schemas['DynamicTagGetGroupsResponse'];
export type DynamicTagGroupVersion = Schemas['DynamicTagGroupVersionResponse'];
export type DynamicTagGroupVersionStatus = Schemas['DynamicTagGroupVersionStatus'];
export type DynamicTagGroupDatasetAssociationStatus = Schemas['DynamicTagGroupDatasetAssociationStatus'];
export type DynamicTagTagVersionStatus = Schemas['DynamicTagTagVersionStatus'];
export type VideoScoresResponse = Schemas['video-scores:GetVideoScoresResponse'];
export type VideoScore = Schemas['video-scores:VideoScore'];
export type VideoScoresCountResponse = Schemas['video-scores:GetVideoScoresResultCountResponse'];
export type VideoShotScoresResponse = Schemas['video-scores:GetVideoShotScoresResponse'];
export type ShotScore = Schemas['video-scores:ShotScore'];
export type AggregationMethodology = Schemas['video-scores:AggregationMethodology'];
export type AggregationEngine = Schemas['video-scores:AggregationEngine'];

export type Connection = Schemas['connections:GetConnectionResponse'];
export type ConnectionCreateRequest =
	Schemas['connections:Connections_create_connection_api_v0_connections_post_Request'];
export type ConnectionUpdateRequest = Schemas['connections:UpdateConnectionRequest'];
export type ConnectionStatus = Schemas['connections:ConnectionStatus'];
export type ConnectionType = Schemas['connections:ConnectionType'];
export type ConnectionTestRequest = Schemas['connections:TestConnectionRequest'];
export type BucketListRequest = Schemas['connections:ListWithConnectionRequest'];
export type AwsIamRoleConfig = Schemas['connections:AWSIAMRoleConfig'];

export type Query = Schemas['queries:app__api__v1__schema__GetQueryResponse'];
export type QueryCreateRequest = Schemas['queries:app__api__v1__schema__CreateQueryRequest'];
export type QueryStatus = Schemas['queries:QueryStatus'];
export type QueryType = Schemas['queries:QueryType'];
export type QueryExportRequest = Schemas['queries:ExportQueryRequest'];
export type QueryResultsResponse = Schemas['queries:GetQueryResultsResponse'];

export type UpdatePersonAliasesRequest = Schemas['celebrity-detection:UpdatePersonAliasesRequest'];

export type Concept = Schemas['Concept'];
export type ConceptCreateRequest = Schemas['CreateConceptRequest'];
export type ConceptUpdateRequest = Schemas['UpdateConceptRequest'];
export type ConceptLabelValue = Schemas['ConceptLabelEnum'];
export type ConceptLabelRequest = Schemas['ConceptLabelRequest'];
export type ConceptLabelsUpdateRequest = Schemas['UpdateConceptLabelsRequest'];
export type ImageUrlClassificationRequest = Schemas['PublicUrlClassificationRequest'];

export type SearchMetadataFilters = Schemas['search:MetadataFilters'];

export type IngestJob = Schemas['ingestion:GetOneIngestJobResponse'];
export type IngestJobStatus = Schemas['ingestion:IngestJobStatusEnum'];
export type IngestJobAsset = Schemas['ingestion:IngestJobAsset'];
export type IngestBucketRequest = Schemas['ingestion:CreateIngestJobFromBucketRequest'];
export type IngestFileRequest = Schemas['ingestion:CreateIngestJobFromFileRequest'];
export type IngestMetadataRequest = Schemas['ingestion:CreateIngestJobForMetadataRequest'];
export type MetadataUpdate = Schemas['ingestion:ExistingAssetMetadataUpdate'];
export type IngestJobStatusPage = Schemas['ingestion:IngestJobStatusResponse'];
export type AssetIngestionStatus = Schemas['ingestion:Status'];
export type DeleteAssetsRequest = Schemas['DeleteAssetsRequest'];
