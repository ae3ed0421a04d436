/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * What the example tests do as a client of the service (not through n8n): ingest assets between n8n runs, and wait
 * for something n8n does in its own time.
 */
import { DEMO_PERSONAL_TOKEN, type Sandbox } from '../../sandbox/server';

/**
 * Polls `probe` every `everyMs` until it returns a value; fails after `timeoutMs` with `context()` (e.g. n8n's log).
 * A quarter second by default: what n8n does in its own time is seen soon after, and a probe is one cheap request.
 */
export async function until<T>(
	what: string,
	timeoutMs: number,
	probe: () => Promise<T | undefined> | T | undefined,
	context: () => string = () => '',
	everyMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}\n${context()}`);
		await new Promise((resolve) => setTimeout(resolve, everyMs));
	}
}

export interface IngestedAsset {
	asset_id: string;
	source_path: string;
	status: string;
	error_code: string | null;
}

/** Logs in with the demo personal token and calls the sandbox's API like any client. */
export class SandboxClient {
	private accessToken: string | undefined;

	constructor(private readonly sandbox: Sandbox) {}

	private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.accessToken) {
			const login = await fetch(`${this.sandbox.url}/api/v0/login`, {
				method: 'POST',
				headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
				body: JSON.stringify({ grant_type: 'refresh_token' }),
			});
			if (login.status !== 200) throw new Error(`Login to the sandbox failed: ${login.status}`);
			this.accessToken = ((await login.json()) as { access_token: string }).access_token;
		}
		const response = await fetch(`${this.sandbox.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${this.accessToken}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
		return (await response.json()) as T;
	}

	/** What Classify answers for the image at `url` against every concept of a dataset, at `threshold`. */
	async classify(
		url: string,
		datasetId: string,
		threshold: number,
	): Promise<Array<{ conceptName: string; score: number; positive: boolean }>> {
		const answer = await this.request<{ scores: Array<{ conceptName: string; score: number; positive: boolean }> }>(
			'POST',
			`/api/v1/classify/image/url?threshold=${threshold}`,
			{ url, datasetId },
		);
		return answer.scores;
	}

	/**
	 * Ingests images or videos from `paths` in one job, waits until the job has finished and returns its assets in
	 * the order given. Jobs created now settle at once (an ingestion step of 0 ms).
	 */
	async ingest(kind: 'images' | 'videos', datasetId: string, paths: string[]): Promise<IngestedAsset[]> {
		return (await this.ingestJob(kind, datasetId, paths)).assets;
	}

	/** As `ingest`, with the ID of the job. */
	async ingestJob(
		kind: 'images' | 'videos',
		datasetId: string,
		paths: string[],
	): Promise<{ jobId: string; assets: IngestedAsset[] }> {
		this.sandbox.store.ingestion.setStepMs(0);
		const job = await this.request<{ id: string }>('POST', `/api/v1/ingestion/${kind}`, {
			dataset_id: datasetId,
			[kind]: paths.map((source_path) => ({ source_path })),
		});
		await until(`ingestion job ${job.id} finished`, 30_000, async () => {
			const { status } = await this.request<{ status: string }>('GET', `/api/v1/ingestion/jobs/${job.id}`);
			return status === 'completed' || status === 'failed' ? status : undefined;
		});
		const page = await this.request<{ data: { assets: { data: IngestedAsset[] } } }>(
			'GET',
			`/api/v1/ingestion/jobs/${job.id}/status?limit=100`,
		);
		const byPath = new Map(page.data.assets.data.map((asset) => [asset.source_path, asset]));
		const assets = paths.map((path) => {
			const asset = byPath.get(path);
			if (!asset) throw new Error(`Job ${job.id} has no asset ${path}`);
			return asset;
		});
		return { jobId: job.id, assets };
	}
}
