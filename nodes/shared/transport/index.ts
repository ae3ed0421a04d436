export { apiRequest, retryDelayMs, RETRY } from './request';
export type { ApiContext, ApiRequest } from './request';
export { isRecord } from './check';
export type { AnswerSpec, FieldRule } from './check';
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
export type { Page, PageStyle, PageLimit } from './pagination';
export { datasetNotFound } from './errors';
export type { Failure } from './errors';
export { downloadFile, DOWNLOAD } from './download';
export { currentLimit, PARALLEL, RequestsStopped, setParallelRequests, stopRequests } from './pace';
export { recordId, runState } from './run';
export type { RunState } from './run';
export type { DownloadedFile } from './download';
export { WAIT_DEFAULTS, waitUntilSettled } from './waiting';
export type { WaitOptions, WaitSpec, WaitState } from './waiting';
