import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { textField } from '../../../shared/descriptions';
import { type ResponseOf } from '../../../shared/endpoints';
import { type Run, type WaitOptions, type WaitState } from '../../../shared/run';
import { invalidParameter } from '../../../shared/validation';

/** A filtered search is a run on the service: Start answers its run_id, Get Result its results once it succeeded. */
type Status = ResponseOf<'search.getMetadataFilterSearchStatus'>;
type Result = ResponseOf<'search.getMetadataFilterSearchResult'>;

/** A plain field, not a picker: no endpoint lists the runs of filtered searches. */
export const runIdField = textField(
	'Run ID',
	'runId',
	'e.g. 804211000',
	'The run_id that Start Filtered Search returned (a whole number)',
	{ required: true },
);

export function getRunId(this: IExecuteFunctions, itemIndex: number): number {
	const value = this.getNodeParameter('runId', itemIndex, '');
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^\d{1,15}$/.test(text)) {
		throw invalidParameter.call(
			this,
			'Run ID',
			itemIndex,
			`"${String(value)}" is not a run ID`,
			'Use the run_id (a whole number) that Start Filtered Search returned.',
		);
	}
	return Number(text);
}

const settled = (status: Status): WaitState => {
	if (status.state !== 'TERMINATED') return 'pending';
	return status.termination_type === 'SUCCESS' ? 'done' : 'failed';
};

export function statusItem(status: Status, datasetId: string): IDataObject {
	return {
		run_id: status.run_id,
		dataset_id: datasetId,
		state: status.state,
		termination_type: status.termination_type ?? null,
		termination_message: status.termination_message ?? null,
		finished: status.state === 'TERMINATED',
		succeeded: settled(status) === 'done',
	};
}

export async function readStatus(
	this: IExecuteFunctions,
	run: Run,
	runId: number,
	datasetId: string,
	itemIndex: number,
	deadline?: number,
): Promise<Status> {
	return await run.call('search.getMetadataFilterSearchStatus', {
		params: { run_id: String(runId) },
		qs: { dataset_id: datasetId },
		itemIndex,
		...(deadline ? { deadline } : {}),
	});
}

export async function waitForRun(
	this: IExecuteFunctions,
	run: Run,
	runId: number,
	datasetId: string,
	wait: WaitOptions,
	itemIndex: number,
): Promise<Status> {
	return await run.wait<Status>(
		{
			read: async (deadline) => await readStatus.call(this, run, runId, datasetId, itemIndex, deadline),
			stateOf: settled,
			subject: `Filtered search run ${runId}`,
			statusOf: (status) => status.state,
			failureOf: (status) => ({
				reason: `${status.termination_type ?? status.state}${status.termination_message ? `: ${status.termination_message}` : ''}`,
				description:
					status.termination_type === 'CLIENT_ERROR'
						? "The service refused the search as asked: check that every filter names a metadata field the dataset's assets have, then start it again."
						: 'The service could not finish the search: start it again later.',
			}),
			itemIndex,
		},
		wait,
	);
}

/** A run that has not succeeded is an error, so an empty list always means the search found nothing. */
export async function readResults(
	this: IExecuteFunctions,
	run: Run,
	runId: number,
	datasetId: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const answer: Result = await run.call('search.getMetadataFilterSearchResult', {
		params: { run_id: String(runId) },
		qs: { dataset_id: datasetId },
		itemIndex,
	});
	if (!Array.isArray(answer.results)) {
		throw new NodeOperationError(
			this.getNode(),
			`Filtered search run ${runId} has no results (status: ${answer.status})`,
			{
				description:
					'Get its results once Get Status says it has finished and succeeded, or start it with Wait for Completion on.',
				itemIndex,
			},
		);
	}
	const target = answer.search_target ?? null;
	return (answer.results as object[])
		.filter((entry) => entry !== null && typeof entry === 'object')
		.map((entry) => ({
			run_id: runId,
			search_target: target,
			...(entry as IDataObject),
		}));
}
