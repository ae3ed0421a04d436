import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { textField } from '../../../shared/descriptions';
import { type ResponseOf } from '../../../shared/endpoints';
import type { Item } from '../../../shared/item';
import { type WaitOptions, type WaitState } from '../../../shared/run';

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

export function getRunId(item: Item): number {
	const value = item.param<unknown>('runId', '');
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^\d{1,15}$/.test(text)) {
		throw item.invalid(
			'Run ID',
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

export async function readStatus(item: Item, runId: number, datasetId: string, deadline?: number): Promise<Status> {
	return await item.run.call('search.getMetadataFilterSearchStatus', {
		params: { run_id: String(runId) },
		qs: { dataset_id: datasetId },
		itemIndex: item.index,
		...(deadline ? { deadline } : {}),
	});
}

export async function waitForRun(item: Item, runId: number, datasetId: string, wait: WaitOptions): Promise<Status> {
	return await item.run.wait<Status>(
		{
			read: async (deadline) => await readStatus(item, runId, datasetId, deadline),
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
			itemIndex: item.index,
		},
		wait,
	);
}

/** A run that has not succeeded is an error, so an empty list always means the search found nothing. */
export async function readResults(item: Item, runId: number, datasetId: string): Promise<IDataObject[]> {
	const answer: Result = await item.run.call('search.getMetadataFilterSearchResult', {
		params: { run_id: String(runId) },
		qs: { dataset_id: datasetId },
		itemIndex: item.index,
	});
	if (!Array.isArray(answer.results)) {
		throw new NodeOperationError(
			item.context.getNode(),
			`Filtered search run ${runId} has no results (status: ${answer.status})`,
			{
				description:
					'Get its results once Get Status says it has finished and succeeded, or start it with Wait for Completion on.',
				itemIndex: item.index,
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
