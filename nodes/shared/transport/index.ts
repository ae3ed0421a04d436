export { apiRequest, loneSurrogateAt, REQUEST_LINE, retryDelayMs, RETRY, wellFormed } from './request';
export { isRecord } from './check';
export type { AnswerSpec, ApiContext, ApiRequest, FieldRule, ListIdentity, Page, PageLimit, PageStyle } from './types';
export type { ListFilter } from './pagination';
export { NOT_MADE } from './types';
export {
	fetchPage,
	paginate,
	pages,
	skipLimit,
	offsetLimit,
	offsetLimitCamelCase,
	offsetLimitLinks,
	pagePerPage,
	jobsList,
	usersPages,
	invitationsPages,
	searchBody,
	videoSearchBody,
} from './pagination';
export { datasetNotFound, SAMPLE_IDS } from './errors';
export type { Failure } from './errors';
export { downloadFile, DOWNLOAD } from './download';
export { PARALLEL, RequestsStopped } from './pace';
export { recordId, Run as TransportRun } from './run';
export type { DownloadedFile } from './download';
