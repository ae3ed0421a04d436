import type { components } from './api-types.generated';

/** Request and response shapes, by the vendor's schema names (generated; see scripts/generate-api-types.mjs). */
export type Schemas = components['schemas'];

export type Dataset = Schemas['datasets:DatasetResponse'];
export type DatasetCreateRequest = Schemas['datasets:DatasetCreateRequest'];
export type DatasetUpdateRequest = Schemas['datasets:DatasetUpdateRequest'];
export type DatasetGetManyResponse = Schemas['datasets:DatasetGetManyResponse'];
export type DatasetConfigResponse = Schemas['datasets:DatasetConfigResponse'];
export type DatasetConfig = Schemas['datasets:DatasetConfig'];
export type EncoderDescription = Schemas['datasets:EncoderDescription'];
export type VisualEncoderName = Schemas['datasets:VisualEncoderNameEnum'];
export type DatasetStatus = Schemas['datasets:DatasetStatusEnum'];
export type AssetType = Schemas['datasets:AssetTypeEnum'];
export type KeyframeSamplingMethod = Schemas['datasets:KeyframeSamplingMethodEnum'];
export type ValidationErrorBody = Schemas['HTTPValidationError'];

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
export type DynamicTagSortDirection = Schemas['DynamicTagSortDirection'];
export type VideoScoresResponse = Schemas['video-scores:GetVideoScoresResponse'];
export type VideoScore = Schemas['video-scores:VideoScore'];
export type VideoScoresCountResponse = Schemas['video-scores:GetVideoScoresResultCountResponse'];
export type VideoShotScoresResponse = Schemas['video-scores:GetVideoShotScoresResponse'];
export type ShotScore = Schemas['video-scores:ShotScore'];
export type AggregationMethodology = Schemas['video-scores:AggregationMethodology'];
export type AggregationEngine = Schemas['video-scores:AggregationEngine'];
export type VideoScoresSortDirection = Schemas['video-scores:SortDirection'];

export type Connection = Schemas['connections:GetConnectionResponse'];
export type ConnectionCreateRequest = Schemas['connections:Connections_create_connection_api_v0_connections_post_Request'];
export type ConnectionUpdateRequest = Schemas['connections:UpdateConnectionRequest'];
export type ConnectionListResponse = Schemas['connections:ListConnectionsResponse'];
export type ConnectionStatus = Schemas['connections:ConnectionStatus'];
export type ConnectionType = Schemas['connections:ConnectionType'];
export type ConnectionTestRequest = Schemas['connections:TestConnectionRequest'];
export type ConnectionCredentials = Schemas['connections:GetConnectionCredentialsResponse'];
export type BucketListRequest = Schemas['connections:ListWithConnectionRequest'];
export type BucketListResponse = Schemas['connections:ListWithConnectionResponse'];
export type AwsIamRoleScope = Schemas['connections:AWSIAMRoleScope'];
export type HttpsBasicAuthConfig = Schemas['connections:HTTPSBasicAuthConfig'];
export type HttpsBearerAuthConfig = Schemas['connections:HTTPSBearerAuthConfig'];
export type AwsIamRoleConfig = Schemas['connections:AWSIAMRoleConfig'];

export type Query = Schemas['queries:app__api__v1__schema__GetQueryResponse'];
export type QueryCreateRequest = Schemas['queries:app__api__v1__schema__CreateQueryRequest'];
export type QueryListResponse = Schemas['queries:app__api__v1__schema__ListQueriesResponse'];
export type QueryListBody = Schemas['queries:Body_list_queries_api_v1_queries_get'];
export type QueryStatus = Schemas['queries:QueryStatus'];
export type QueryType = Schemas['queries:QueryType'];
export type QueryExportRequest = Schemas['queries:ExportQueryRequest'];
export type QueryExportResponse = Schemas['queries:app__api__v1__schema__ExportQueryResponse'];
export type QueryExportType = Schemas['queries:ExportType'];
export type QueryResultsResponse = Schemas['queries:GetQueryResultsResponse'];
export type QueryResultsUrlFormat = Schemas['queries:ApiV1QueriesQueryIdResultsGetParametersUrlFormat'];

export type Person = Schemas['celebrity-detection:GetPersonResponse'];
export type PersonsResponse = Schemas['celebrity-detection:GetPersonsResponse'];
export type PersonSortDirection = Schemas['celebrity-detection:SortDirection'];
export type FacesWithPersonResponse = Schemas['celebrity-detection:GetFacesWithPersonResponse'];
export type PersonsByNamesAliasesResponse = Schemas['celebrity-detection:GetPersonsByNamesAliasesResponse'];
export type PersonsInImageResponse = Schemas['celebrity-detection:GetPersonsInImageResponse'];
export type IdentifyCelebritiesRequest = Schemas['celebrity-detection:IdentifyCelebritiesInExternalImageRequest'];
export type IdentifyCelebritiesResponse = Schemas['celebrity-detection:IdentifyCelebritiesInExternalImageResponse'];
export type UpdatePersonAliasesRequest = Schemas['celebrity-detection:UpdatePersonAliasesRequest'];

export type Concept = Schemas['Concept'];
export type ConceptCreateRequest = Schemas['CreateConceptRequest'];
export type ConceptUpdateRequest = Schemas['UpdateConceptRequest'];
export type PagedConcepts = Schemas['PagedConcepts'];
export type ConceptLabelValue = Schemas['ConceptLabelEnum'];
export type ConceptLabelRequest = Schemas['ConceptLabelRequest'];
export type ConceptLabelsUpdateRequest = Schemas['UpdateConceptLabelsRequest'];
export type ImageUrlClassificationRequest = Schemas['PublicUrlClassificationRequest'];

export type TextSearchRequest = Schemas['search:TextSearchRequest'];
export type ImageSearchRequest = Schemas['search:ImageSearchRequest'];
export type ImageToKeyframesSearchRequest = Schemas['search:ImageToKeyframeSearchRequest'];
export type TranscriptMatchRequest = Schemas['search:TranscriptMatchRequest'];
export type SpokenContentSearchRequest = Schemas['search:AudioSearchRequest'];
export type VideoSearchRequest = Schemas['search-video:VideoSearchRequest'];
export type SearchMetadataFilters = Schemas['search:MetadataFilters'];
export type SearchAssetType = Schemas['search:AssetType'];
export type SearchCompositeType = Schemas['search:CompositeType'];
export type ModerationScoreType = Schemas['search:ScoreType'];
export type VideoSearchModality = Schemas['search-video:ModalityEnum'];

export type IngestJob = Schemas['ingestion:GetOneIngestJobResponse'];
export type IngestJobCreated = Schemas['ingestion:CreateIngestJobResponse'];
export type IngestJobList = Schemas['ingestion:GetManyIngestJobsResponse'];
export type IngestJobStatus = Schemas['ingestion:IngestJobStatusEnum'];
export type IngestJobAsset = Schemas['ingestion:IngestJobAsset'];
export type IngestJobImage = Schemas['ingestion:IngestJobImage'];
export type IngestJobVideo = Schemas['ingestion:IngestJobVideo'];
export type IngestAssetsRequest = Schemas['ingestion:CreateIngestJobFromAssetsRequest'];
export type IngestImagesRequest = Schemas['ingestion:CreateIngestJobFromImagesRequest'];
export type IngestVideosRequest = Schemas['ingestion:CreateIngestJobFromVideosRequest'];
export type IngestBucketRequest = Schemas['ingestion:CreateIngestJobFromBucketRequest'];
export type IngestFileRequest = Schemas['ingestion:CreateIngestJobFromFileRequest'];
export type IngestMetadataRequest = Schemas['ingestion:CreateIngestJobForMetadataRequest'];
export type MetadataUpdate = Schemas['ingestion:ExistingAssetMetadataUpdate'];
export type MetadataUpdateType = Schemas['ingestion:MetadataUpdateType'];
export type IngestJobStatusPage = Schemas['ingestion:IngestJobStatusResponse'];
export type AssetIngestionStatus = Schemas['ingestion:Status'];
export type AssetIngestionSummary = Schemas['ingestion:StatusSummary'];
export type AssetStatusFilter = Schemas['ingestion:EventFilter'];
export type AssetStatusCounts = Schemas['ingestion:DatasetAssetsStatusCountResponse'];
export type DatasetIngestionInfo = Schemas['ingestion:DatasetIngestionInfo'];
export type DeleteAssetsRequest = Schemas['DeleteAssetsRequest'];
export type DeleteAssetsResponse = Schemas['DeleteAssetsResponse'];
