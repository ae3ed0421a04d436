/* Dev-only test setup: starts the sandbox and an engine harness loaded with every node of the package. */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisSearch } from '../../nodes/MediaAnalysisSearch/MediaAnalysisSearch.node';
import { MediaAnalysisConcepts } from '../../nodes/MediaAnalysisConcepts/MediaAnalysisConcepts.node';
import { MediaAnalysisCelebrityDetection } from '../../nodes/MediaAnalysisCelebrityDetection/MediaAnalysisCelebrityDetection.node';
import { MediaAnalysisAdSegments } from '../../nodes/MediaAnalysisAdSegments/MediaAnalysisAdSegments.node';
import { MediaAnalysisConversationalSearch } from '../../nodes/MediaAnalysisConversationalSearch/MediaAnalysisConversationalSearch.node';
import { MediaAnalysisConnections } from '../../nodes/MediaAnalysisConnections/MediaAnalysisConnections.node';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisDynamicTags } from '../../nodes/MediaAnalysisDynamicTags/MediaAnalysisDynamicTags.node';
import { MediaAnalysisIngestionTrigger } from '../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { MediaAnalysisVideoInsights } from '../../nodes/MediaAnalysisVideoInsights/MediaAnalysisVideoInsights.node';
import { MediaAnalysisAdministration } from '../../nodes/MediaAnalysisAdministration/MediaAnalysisAdministration.node';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN, type Sandbox } from '../../sandbox/server';
import { createHarness, type Harness } from '../harness/engine';
import { useSandbox } from '../sandbox/helpers';

export const PACKAGE = 'n8n-nodes-media-analysis';
export const TYPES = {
	datasets: `${PACKAGE}.mediaAnalysisDatasets`,
	ingestion: `${PACKAGE}.mediaAnalysisIngestion`,
	search: `${PACKAGE}.mediaAnalysisSearch`,
	concepts: `${PACKAGE}.mediaAnalysisConcepts`,
	connections: `${PACKAGE}.mediaAnalysisConnections`,
	queries: `${PACKAGE}.mediaAnalysisQueries`,
	conversationalSearch: `${PACKAGE}.mediaAnalysisConversationalSearch`,
	adSegments: `${PACKAGE}.mediaAnalysisAdSegments`,
	dynamicTags: `${PACKAGE}.mediaAnalysisDynamicTags`,
	celebrity: `${PACKAGE}.mediaAnalysisCelebrityDetection`,
	videoInsights: `${PACKAGE}.mediaAnalysisVideoInsights`,
	administration: `${PACKAGE}.mediaAnalysisAdministration`,
	trigger: `${PACKAGE}.mediaAnalysisIngestionTrigger`,
} as const;

export const SECRETS = [DEMO_PERSONAL_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET];

export interface TestBed {
	sandbox: Sandbox;
	harness: Harness;
	/** Points the credential at the sandbox with a fresh (empty) access token. */
	useCredential(kind?: 'personalToken' | 'systemCredentials', overrides?: ICredentialDataDecryptedObject): void;
	/** Requests the sandbox received, login excluded. */
	apiRequests(): Sandbox['requests'];
}

/** One sandbox (useSandbox: reset before each test) and one harness per test file. */
export function useTestBed(): TestBed {
	const bed = { sandbox: useSandbox().sandbox } as TestBed;
	beforeAll(() => {
		bed.harness = createHarness({
			nodeTypes: {
				[TYPES.datasets]: new MediaAnalysisDatasets(),
				[TYPES.ingestion]: new MediaAnalysisIngestion(),
				[TYPES.search]: new MediaAnalysisSearch(),
				[TYPES.concepts]: new MediaAnalysisConcepts(),
				[TYPES.connections]: new MediaAnalysisConnections(),
				[TYPES.queries]: new MediaAnalysisQueries(),
				[TYPES.conversationalSearch]: new MediaAnalysisConversationalSearch(),
				[TYPES.adSegments]: new MediaAnalysisAdSegments(),
				[TYPES.dynamicTags]: new MediaAnalysisDynamicTags(),
				[TYPES.celebrity]: new MediaAnalysisCelebrityDetection(),
				[TYPES.videoInsights]: new MediaAnalysisVideoInsights(),
				[TYPES.administration]: new MediaAnalysisAdministration(),
				[TYPES.trigger]: new MediaAnalysisIngestionTrigger(),
			},
			credentialTypes: [new MediaAnalysisApi()],
		});
	});
	afterAll(() => bed.harness?.dispose());
	beforeEach(() => bed.useCredential());
	bed.useCredential = (kind = 'personalToken', overrides = {}) => {
		bed.harness.credentials.set('mediaAnalysisApi', {
			baseUrl: bed.sandbox.url,
			authentication: kind,
			personalToken: kind === 'personalToken' ? DEMO_PERSONAL_TOKEN : '',
			clientId: kind === 'systemCredentials' ? DEMO_CLIENT_ID : '',
			clientSecret: kind === 'systemCredentials' ? DEMO_CLIENT_SECRET : '',
			accessToken: '',
			...overrides,
		});
	};
	bed.apiRequests = () => bed.sandbox.requests.filter((request) => request.path !== '/api/v0/login');
	return bed;
}

/** Every string a test run produced that a user or log reader could see. */
export function visibleText(...values: unknown[]): string {
	return values
		.map((value) =>
			JSON.stringify(value, (_key, v) => (v instanceof Error ? { ...v, message: v.message, stack: v.stack } : v)),
		)
		.join('\n');
}
