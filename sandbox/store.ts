import { AdSegmentState } from './ad-segments/state';
import { AdministrationArea } from './administration/model';
import type { AssetRecord } from './assets/model';
import { seedAssets } from './assets/seed';
import { ConceptState } from './concepts/model';
import { CelebrityState } from './celebrity/model';
import { ConnectionsArea } from './connections/model';
import { QueriesArea } from './queries/model';
import { sqlTables } from './queries/tables';
import { SearchArea } from './search/runs';
import type { DatasetRecord } from './datasets/model';
import { IngestionState } from './ingestion/state';
import { FaultInjector } from './faults';
import { DynamicTagState } from './dynamic-tags/model';
import { VideoInsightsState } from './video-insights/state';
import type { RequestLogEntry } from './request-log';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	DEMO_PERSONAL_TOKEN,
	DEMO_SYSTEM_USER_ID,
	DEMO_USER_ID,
	seedDatasets,
} from './seed';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

export type Principal =
	| { kind: 'personal-token'; userId: string; personalToken: string }
	| { kind: 'system-client'; userId: string; clientId: string };

export interface PersonalTokenRecord {
	userId: string;
	revoked: boolean;
}

export interface SystemClientRecord {
	secret: string;
	userId: string;
}

export interface AccessTokenRecord {
	principal: Principal;
	issuedAt: number;
	expiresAt: number;
}

export interface SandboxStats {
	requests: number;
	logins: number;
	failedLogins: number;
}

export interface ResetOptions {
	keepAccessTokens?: boolean;
}

/**
 * All state of the sandbox. Collections are mutated in place, never replaced, so references handed out
 * (such as the request log) stay live across resets.
 */
export class SandboxStore {
	readonly datasets = new Map<string, DatasetRecord>();
	/** Images and videos of every dataset, by platform id (see assets/model.ts). */
	readonly assets = new Map<string, AssetRecord>();
	/** Ingestion jobs and deletion requests (see ingestion/state.ts). */
	readonly ingestion = new IngestionState();
	/** Concepts and their labels (see concepts/model.ts). */
	readonly concepts = new ConceptState();
	/** Connections to external storage and their knobs (see connections/model.ts). */
	readonly connections = new ConnectionsArea();
	/** Queries, their runs on the sandbox clock, and exports (see queries/model.ts); SQL runs over the dataset's tables. */
	readonly queries: QueriesArea = new QueriesArea((datasetId) =>
		sqlTables(this.datasets.get(datasetId)?.allowedAssetTypes ?? [], this, datasetId),
	);
	/** Metadata-filtered search runs on the sandbox clock, and whether hybrid search is enabled (see search/runs.ts). */
	readonly search = new SearchArea();
	/** Enrolled persons and their faces in the seeded images (see celebrity/model.ts). */
	readonly celebrity = new CelebrityState();
	/** Ad segments per video, soft deletion, and the switches tests use for 403 and 200/204 (see ad-segments/state.ts). */
	readonly adSegments = new AdSegmentState();
	/** The 60 seeded dynamic tag groups and their versions (see dynamic-tags/model.ts). */
	readonly dynamicTags = new DynamicTagState();
	/** The genre, mood, subject and format vocabulary and the keyframe captionings accepted (see video-insights/state.ts). */
	readonly videoInsights = new VideoInsightsState();
	/** Users, invitations and system credentials of the organization (see administration/model.ts). */
	readonly administration = new AdministrationArea();
	readonly personalTokens = new Map<string, PersonalTokenRecord>();
	readonly systemClients = new Map<string, SystemClientRecord>();
	readonly accessTokens = new Map<string, AccessTokenRecord>();
	readonly requestLog: RequestLogEntry[] = [];
	/** Switchable faults (faults.ts); off until a test or the control route sets a plan. */
	readonly faults = new FaultInjector();
	readonly counters: SandboxStats = { requests: 0, logins: 0, failedLogins: 0 };
	tokenLifetimeSeconds: number;

	constructor(private readonly initialTokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS) {
		this.tokenLifetimeSeconds = initialTokenLifetimeSeconds;
		this.reset();
	}

	/**
	 * Back to the seed. `keepAccessTokens`: the access tokens already issued stay valid, as a client's session with
	 * the service would (the end-to-end tests start each scenario group from the seed data with n8n still logged in).
	 */
	reset(options: ResetOptions = {}): void {
		const sessions = options.keepAccessTokens ? [...this.accessTokens] : [];
		this.datasets.clear();
		for (const dataset of seedDatasets()) this.datasets.set(dataset.id, dataset);
		this.assets.clear();
		for (const asset of seedAssets()) this.assets.set(asset.id, asset);
		this.ingestion.reset();
		this.concepts.reset();
		this.connections.reset();
		this.queries.reset();
		this.search.reset();
		this.celebrity.reset(this.assets);
		this.adSegments.reset();
		this.dynamicTags.reset();
		this.videoInsights.reset();
		this.administration.reset();
		this.personalTokens.clear();
		this.personalTokens.set(DEMO_PERSONAL_TOKEN, { userId: DEMO_USER_ID, revoked: false });
		this.systemClients.clear();
		this.systemClients.set(DEMO_CLIENT_ID, {
			secret: DEMO_CLIENT_SECRET,
			userId: DEMO_SYSTEM_USER_ID,
		});
		this.accessTokens.clear();
		for (const [token, session] of sessions) this.accessTokens.set(token, session);
		this.faults.clear();
		this.tokenLifetimeSeconds = this.initialTokenLifetimeSeconds;
		this.clearRequestLog();
	}

	clearRequestLog(): void {
		this.requestLog.length = 0;
		this.counters.requests = 0;
		this.counters.logins = 0;
		this.counters.failedLogins = 0;
	}

	stats(): SandboxStats {
		return { ...this.counters };
	}

	/** Adds another valid personal token (for tests that need two users or one to revoke). */
	addPersonalToken(token: string, userId = DEMO_USER_ID): void {
		this.personalTokens.set(token, { userId, revoked: false });
	}

	/** Everything that must never appear in the request log. */
	secrets(): string[] {
		return [
			...this.personalTokens.keys(),
			...this.systemClients.keys(),
			...[...this.systemClients.values()].map((client) => client.secret),
			...this.accessTokens.keys(),
			...this.connections.secrets(),
			...this.administration.secrets(),
		];
	}
}
