/* Benchmark code (bench/), never published. */
import {
	assertRunOk,
	type Bed,
	byId,
	check,
	CREDENTIAL,
	DATASET,
	int,
	type Log,
	measure,
	type Measured,
	ms,
	startBed,
	table,
	TYPES,
} from './common';
import type { HttpRequestNode } from './httpRequestNode';

const TOTAL = 1000;

export interface LoginRow {
	sender: string;
	executions: string;
	tokens: string;
	measured?: Measured<string | undefined>;
	notMeasured?: string;
}

type Sender = (bed: Bed, items: number) => Promise<void>;

/** The Datasets node's Get, one request per item (the dataset id from the item). */
const datasetsNode: Sender = async (bed, items) => {
	const run = await bed.runAfterItems(items, 'get', {
		name: 'Get Dataset',
		type: TYPES.datasets,
		typeVersion: 1,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
		credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
	});
	assertRunOk(run, 'Datasets node');
	check(run.outputOf('Get Dataset').length === items, 'Datasets node: one output per item');
};

/** n8n's HTTP Request node, the same GET per item, with the package's credential (default options: all at once). */
const httpRequestNode: Sender = async (bed, items) => {
	const run = await bed.runAfterItems(items, 'get', {
		name: 'HTTP Request',
		type: TYPES.httpRequest,
		typeVersion: 4.2,
		parameters: {
			method: 'GET',
			url: `${bed.sandbox.url}/api/v1/datasets/${DATASET}`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL,
			options: {},
		},
		credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
	});
	assertRunOk(run, 'HTTP Request node');
	check(run.outputOf('HTTP Request').length === items, 'HTTP Request node: one output per item');
};

interface Plan {
	executions: number;
	tokens: string;
	/** Token lifetime in seconds (3600 is the sandbox's default, as the service's). */
	lifetime: number;
	/** Sandbox clock moved forward after each execution: time passing between scheduled runs. */
	advanceMs?: number;
}

const PLANS: Plan[] = [
	{ executions: 1, tokens: '1 h lifetime', lifetime: 3600 },
	{ executions: 10, tokens: '1 h lifetime', lifetime: 3600 },
	{ executions: 10, tokens: '60 s lifetime, 30 s between executions (sandbox clock)', lifetime: 60, advanceMs: 30_000 },
	{ executions: 1, tokens: '1 s lifetime, real time', lifetime: 1 },
];

/** The measured run; its result is the error that stopped an execution, if one did. */
async function runPlan(
	sender: Sender,
	httpRequest: HttpRequestNode | undefined,
	plan: Plan,
): Promise<Measured<string | undefined>> {
	const bed = await startBed({ httpRequest: httpRequest?.node });
	try {
		// Warm-up (not measured) loads the code paths; then the credential is emptied, so the first measured
		// execution logs in and every later one reads the token it saved, as in n8n.
		await sender(bed, 20);
		bed.useCredential();
		bed.sandbox.setTokenLifetime(plan.lifetime);
		const perExecution = TOTAL / plan.executions;
		return await measure(bed.sandbox, async () => {
			for (let execution = 0; execution < plan.executions; execution++) {
				try {
					await sender(bed, perExecution);
				} catch (error) {
					return `execution ${execution + 1} of ${plan.executions} failed: ${(error as Error).message}`;
				}
				if (plan.advanceMs) bed.sandbox.clock.advance(plan.advanceMs);
			}
			return undefined;
		});
	} finally {
		await bed.close();
	}
}

export async function runLogins(httpRequest: HttpRequestNode, log: Log): Promise<LoginRow[]> {
	const rows: LoginRow[] = [];
	const senders: Array<[string, Sender, HttpRequestNode | undefined]> = [
		['Datasets node (Get, 1 request per item)', datasetsNode, undefined],
		['HTTP Request node (GET, 1 request per item, all at once)', httpRequestNode, httpRequest],
	];
	for (const [sender, fn, http] of senders) {
		for (const plan of PLANS) {
			const executions = `${plan.executions} × ${int(TOTAL / plan.executions)} items`;
			if (http?.reason) {
				rows.push({ sender, executions, tokens: plan.tokens, notMeasured: http.reason });
				continue;
			}
			const measured = await runPlan(fn, http, plan);
			if (!measured.result) {
				check(
					measured.statuses['200'] === TOTAL,
					`${sender}: ${measured.statuses['200'] ?? 0} answers 200, expected ${TOTAL}`,
				);
			}
			rows.push({ sender, executions, tokens: plan.tokens, measured });
			log(
				`logins ${sender} ${executions} ${plan.tokens}: ${measured.logins} logins, ${JSON.stringify(measured.statuses)}, ` +
					`${ms(measured.wallMs)}${measured.result ? `, ${measured.result}` : ''}`,
			);
		}
	}
	return rows;
}

export function loginsTable(rows: LoginRow[]): string {
	return table(
		[
			'sender',
			'executions',
			'access tokens',
			'logins per 1,000 requests',
			'answers 401 (then retried)',
			'API requests',
			'wall time',
			'outcome',
		],
		rows.map((row) =>
			row.measured
				? [
						row.sender,
						row.executions,
						row.tokens,
						int(row.measured.logins),
						int(row.measured.statuses['401'] ?? 0),
						int(row.measured.apiRequests),
						ms(row.measured.wallMs),
						row.measured.result ? `**${row.measured.result}**` : `all ${int(TOTAL)} answered 200`,
					]
				: [row.sender, row.executions, row.tokens, `not measured: ${row.notMeasured}`, '', '', '', ''],
		),
	);
}
