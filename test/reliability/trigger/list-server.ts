/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * A loopback Media Analysis service whose lists behave as an eventually consistent store's do: each record becomes
 * visible at a time of its own (a lagging replica lists it after newer ones), and a hook runs after every page
 * answered, so a test can delete or change records between two page reads. It answers the three lists the trigger
 * reads (jobs, datasets, a dataset's asset statuses) newest first with offset/skip and limit, and the login.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { MediaAnalysisApi } from '../../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisIngestionTrigger } from '../../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { createHarness, type Harness } from '../../harness/engine';

export const TRIGGER_TYPE = 'n8n-nodes-media-analysis.mediaAnalysisIngestionTrigger';

/** One list server and one engine harness with the trigger, for a test file: started before its tests, stopped after. */
export function useTriggerBed(): { service: ListServer; harness: Harness } {
	const bed = {} as { service: ListServer; harness: Harness };
	beforeAll(async () => {
		bed.service = await startListServer();
		bed.harness = createHarness({
			nodeTypes: { [TRIGGER_TYPE]: new MediaAnalysisIngestionTrigger() },
			credentialTypes: [new MediaAnalysisApi()],
		});
	});
	afterAll(async () => {
		bed.harness?.dispose();
		await bed.service?.close();
	});
	return bed;
}

export interface ListedJob {
	id: string;
	dataset_id: string;
	status: string;
	/** created_dt and updated_dt, ms of the service's clock. */
	created: number;
	updated: number;
	/** When the list starts showing this record (service clock); absent: at once. */
	visibleAt?: number;
}

export interface ListedAsset {
	asset_id: string;
	status: string;
	/** The latest ingestion event's time (ms). */
	time: number;
	visibleAt?: number;
}

export interface ListedDataset {
	id: string;
	name: string;
	status: string;
	visibleAt?: number;
}

export interface ListRequest {
	method: string;
	path: string;
	offset: number;
}

export interface ListServer {
	url: string;
	/** The service's clock (ms); tests move it. */
	now: number;
	jobs: ListedJob[];
	datasets: ListedDataset[];
	/** A dataset's asset statuses, by dataset id. */
	assets: Map<string, ListedAsset[]>;
	/**
	 * Runs after each list page is answered (`offset` is the page's), before the next request is read; `served` holds
	 * the records the page answered, as this server keeps them.
	 */
	afterPage?: (request: ListRequest, served: Array<ListedJob | ListedDataset | ListedAsset>) => void;
	/** Every list request, in order. */
	requests: ListRequest[];
	/** How long each list page takes to be answered (ms of real time); absent: at once. */
	delayMs?: number;
	close(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const byNewest =
	<T>(time: (record: T) => number) =>
	(a: T, b: T) =>
		time(b) - time(a);

export async function startListServer(): Promise<ListServer> {
	const service: ListServer = {
		url: '',
		now: Date.now(),
		jobs: [],
		datasets: [],
		assets: new Map(),
		requests: [],
		close: async () => undefined,
	};
	const visible = <T extends { visibleAt?: number }>(records: T[]) =>
		records.filter((record) => (record.visibleAt ?? 0) <= service.now);
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => setTimeout(answer, req.url?.startsWith('/api/v0/login') ? 0 : (service.delayMs ?? 0)));
		const answer = () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const send = (status: number, body: unknown) => {
				const text = JSON.stringify(body);
				res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
				res.end(text);
			};
			if (url.pathname === '/api/v0/login')
				return send(200, { access_token: 'access', token_type: 'Bearer', expires_in: 3600 });
			const offset = Number(url.searchParams.get('offset') ?? url.searchParams.get('skip') ?? 0);
			const limit = Number(url.searchParams.get('limit') ?? 100);
			const request: ListRequest = { method: req.method ?? '', path: url.pathname, offset };
			service.requests.push(request);
			const assetsOf = /^\/api\/v1\/ingestion\/datasets\/([^/]+)\/assets\/status$/.exec(url.pathname);
			let served: Array<ListedJob | ListedDataset | ListedAsset>;
			if (url.pathname === '/api/v1/ingestion/jobs') {
				const jobs = (served = visible(service.jobs)
					.sort(byNewest((job) => job.updated))
					.slice(offset, offset + limit)) as ListedJob[];
				send(200, {
					jobs: jobs.map((job) => ({
						id: job.id,
						dataset_id: job.dataset_id,
						status: job.status,
						job_type: 'assets',
						created_dt: iso(job.created),
						updated_dt: iso(job.updated),
					})),
				});
			} else if (url.pathname === '/api/v1/datasets') {
				const datasets = visible(service.datasets);
				served = datasets.slice(offset, offset + limit);
				send(200, {
					meta: { page: { total: datasets.length } },
					data: (served as ListedDataset[]).map(({ id, name, status }) => ({ id, name, status, encoder: 'resnet-50' })),
				});
			} else if (assetsOf && req.method === 'POST') {
				const datasetId = decodeURIComponent(assetsOf[1]);
				const assets = visible(service.assets.get(datasetId) ?? []).sort(byNewest((asset) => asset.time));
				served = assets.slice(offset, offset + limit);
				send(200, {
					meta: { page: { total: assets.length } },
					data: (served as ListedAsset[]).map((asset) => ({
						asset_id: asset.asset_id,
						dataset_id: datasetId,
						status: asset.status,
						asset_type: 'image',
						source_path: `https://media.example.com/${asset.asset_id}.jpg`,
						latest_event: { timestamp_dt: iso(asset.time) },
					})),
				});
			} else {
				return send(404, { detail: 'Not Found' });
			}
			service.afterPage?.(request, served);
		};
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	service.close = async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return service;
}
