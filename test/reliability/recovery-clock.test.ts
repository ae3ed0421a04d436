/* Dev-only: a create whose answer was lost is recovered by the service's clock, not n8n's (issue 30, item 11): the
 * real nodes through n8n's engine against a loopback service whose clock is an hour behind or ahead of n8n's. */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisAdministration } from '../../nodes/MediaAnalysisAdministration/MediaAnalysisAdministration.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { RECORD_AGE } from '../../nodes/shared/recovery';
import { RECOVERY } from '../../nodes/shared/transport/request';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useHostileBed, useLimits } from './hostile/bed';
import { json } from './hostile/server';

const DATASET = '3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The two creates with a `recover:` lookup: what the node is given, where the service keeps what it makes. */
const CREATES = {
	'Ingestion › Create From Images': {
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			existingAssets: 'ingest',
			datasetId: byId(DATASET),
			images: { image: [{ sourcePath: 'https://cdn.example.com/skewed.jpg' }] },
		},
		path: '/api/v1/ingestion/images',
		listPath: '/api/v1/ingestion/jobs',
		record: (id: string, at: string): IDataObject => ({
			id,
			dataset_id: DATASET,
			status: 'queued',
			created_dt: at,
			details: { assets: [{ asset: { source_path: 'https://cdn.example.com/skewed.jpg' } }] },
		}),
		list: (records: IDataObject[]) => ({ jobs: records }),
		idOf: (json: IDataObject) => json.ingest_job_id,
	},
	'Administration › Invitation › Create': {
		type: TYPES.administration,
		parameters: { resource: 'invitation', operation: 'create', name: 'Ana Costa', email: 'ana@example.com' },
		path: '/api/v1/auth-management/user-invitations',
		listPath: '/api/v1/auth-management/user-invitations',
		record: (id: string, at: string): IDataObject => ({
			invitation_id: id,
			invitee: { email: 'Ana@Example.com', name: 'Ana Costa', roles: [] },
			created_at: at,
		}),
		list: (records: IDataObject[]) => ({ user_invitations: records }),
		idOf: (json: IDataObject) => json.invitation_id,
	},
};
type Create = (typeof CREATES)[keyof typeof CREATES];

const { harness, api } = useHostileBed({
	nodes: { ingestion: new MediaAnalysisIngestion(), administration: new MediaAnalysisAdministration() },
	access: 'recovery-clock-access-token',
	personalToken: 'recovery-clock-token',
	retry: { baseDelayMs: 50, attemptTimeoutMs: 5000, requestTimeoutMs: 15_000 },
});
useLimits(RECOVERY, { windowMs: 400, firstGapMs: 100 });

interface Service {
	/** The service's clock minus n8n's. */
	skewMs: number;
	/** What happens to the first create: made and its answer lost, or lost before the service saw it. */
	lose: 'answer' | 'request';
	/** Records already there (oldest first, as a hostile list may order them). */
	records?: IDataObject[];
	/** Whether answers carry the service's `Date` header; its records' clock, when it is another than the header's. */
	date?: boolean;
	recordSkewMs?: number;
}

/** A loopback service on its own clock that loses the first create's answer (or the create itself). */
function serve(create: Create, { skewMs, lose, records = [], date = true, recordSkewMs = skewMs }: Service) {
	const posts: string[] = [];
	api.handle = (req, res, seen) => {
		const now = Date.now() + skewMs;
		const headers: Record<string, string> = date ? { date: new Date(now).toUTCString() } : {};
		res.sendDate = date;
		if (seen.method === 'POST' && seen.path === create.path) {
			posts.push(seen.body);
			if (posts.length === 1 && lose === 'request') return req.socket.destroy();
			const made = create.record(`made-${posts.length}`, new Date(Date.now() + recordSkewMs).toISOString());
			records.push(made);
			if (posts.length === 1) return req.socket.destroy();
			return json(res, 201, made, headers);
		}
		if (seen.method === 'GET' && seen.path.split('?')[0] === create.listPath)
			return json(res, 200, create.list(records), headers);
		json(res, 404, { detail: 'Not Found' }, headers);
	};
	return { posts, records };
}

const run = (create: Create) => harness.runNode({ type: create.type, parameters: create.parameters });
/** A record of the same sources or address that someone made `ago` before now, on the service's clock. */
const oldRecord = (create: Create, skewMs: number, ago: number) =>
	create.record('someone-elses', new Date(Date.now() + skewMs - ago).toISOString());

describe.each(Object.entries(CREATES))('%s', (_name, create) => {
	describe.each([
		['1 h behind', -HOUR],
		['1 h ahead', HOUR],
	])("the service's clock %s n8n's", (_label, skewMs) => {
		test('a lost answer: its record is found, never an older one of the same sources, and nothing is sent twice', async () => {
			const service = serve(create, { skewMs, lose: 'answer', records: [oldRecord(create, skewMs, 20 * MINUTE)] });
			const { items, error } = await run(create);
			expect(error).toBeUndefined();
			expect(service.posts).toHaveLength(1);
			expect(items).toHaveLength(1);
			expect(create.idOf(items[0].json)).toBe('made-1');
		});

		test('a create the service never saw: an older record of the same sources is not taken; it is sent once more', async () => {
			const service = serve(create, { skewMs, lose: 'request', records: [oldRecord(create, skewMs, 20 * MINUTE)] });
			const { items, error } = await run(create);
			expect(error).toBeUndefined();
			expect(service.posts).toHaveLength(2);
			expect(create.idOf(items[0].json)).toBe('made-2');
		});
	});
});

describe("when the service's time cannot be told, a matching record is neither taken nor made again", () => {
	const create = CREATES['Ingestion › Create From Images'];
	test.each([
		['answers without a Date header', { date: false }],
		['records dated an hour past its Date header (another clock)', { recordSkewMs: HOUR }],
	])('a service that %s: "may or may not have been carried out", one POST', async (_label, odd) => {
		const service = serve(create, { skewMs: 0, lose: 'answer', ...odd });
		const { items, error } = await run(create);
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/ingestion/images; it may or may not have been carried out',
		);
		expect(service.posts).toHaveLength(1);
	});

	test('without a Date header and nothing matching listed, the create did not happen: it is sent once more', async () => {
		const service = serve(create, { skewMs: -HOUR, lose: 'request', date: false });
		const { items, error } = await run(create);
		expect(error).toBeUndefined();
		expect(service.posts).toHaveLength(2);
		expect(create.idOf(items[0].json)).toBe('made-2');
	});
});

test('a record of the same sources made less than the window before the request (an identical run just before) is taken as the answer', async () => {
	const create = CREATES['Ingestion › Create From Images'];
	const service = serve(create, {
		skewMs: HOUR,
		lose: 'request',
		records: [oldRecord(create, HOUR, RECORD_AGE.windowMs - 5000)],
	});
	const { items, error } = await run(create);
	expect(error).toBeUndefined();
	expect(service.posts).toHaveLength(1);
	expect(create.idOf(items[0].json)).toBe('someone-elses');
});
