export { apiRequest, loneSurrogateAt, retryDelayMs, RETRY, wellFormed } from './request';
export { isRecord } from './check';
export type { AnswerSpec, ApiContext, ApiRequest, FieldRule, ListIdentity, Page, PageLimit, PageStyle } from './types';
export { NOT_MADE } from './types';
export { fetchPage, paginate, pages, type ListFilter } from './pagination';
export { datasetNotFound, SAMPLE_IDS, type Failure } from './errors';
export { downloadFile, DOWNLOAD, type DownloadedFile } from './download';
export { PARALLEL, RequestsStopped } from './pace';
export { recordId, Run as TransportRun } from './run';
