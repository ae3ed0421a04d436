import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { Run } from '../../shared/run';

import { listEndpoint, type RecordOf } from '../../shared/endpoints';

const PAGE_SIZE = 100;

type IngestJob = RecordOf<'ingestion.getIngestJobs'>;

/** The job kinds whose name is not how a person says it. */
const KIND: Record<string, string> = {
	bucket: 'bucket scan',
	file: 'file',
	metadata: 'metadata update',
};

/** A service timestamp as a person reads it in a list: "2026-11-23 14:05 UTC"; the text as it is when unreadable. */
export function readableTime(value: string | null | undefined): string {
	if (!value) return 'at an unknown time';
	const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
	if (Number.isNaN(date.getTime())) return value;
	return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

async function datasetNames(context: ILoadOptionsFunctions, jobs: IngestJob[]): Promise<Map<string, string>> {
	const ids = [...new Set(jobs.map((job) => job.dataset_id).filter((id): id is string => typeof id === 'string'))];
	const named = async (id: string): Promise<[string, string]> => {
		try {
			const dataset = await new Run(context).call('datasets.get', { params: { dataset_id: id } });
			return [id, typeof dataset.name === 'string' ? dataset.name : `dataset ${id}`];
		} catch {
			// Deleted since, or not readable: the job is still worth listing.
			return [id, `dataset ${id}`];
		}
	};
	return new Map(await Promise.all(ids.map(named)));
}

function entryOf(job: IngestJob, dataset: string): INodeListSearchItems {
	const kind = KIND[String(job.job_type)] ?? String(job.job_type ?? 'ingestion');
	const total =
		typeof job.total_assets === 'number'
			? `${job.processed_assets ?? 0} of ${job.total_assets} assets`
			: 'assets not counted yet';
	const errors = job.errored_assets ? `, ${job.errored_assets} failed` : '';
	return {
		name: `${dataset} · ${kind} · ${readableTime(job.created_dt)}`,
		value: job.id ?? '',
		description: `${job.status ?? 'unknown'}, ${total}${errors} · job ${job.id ?? ''}`,
	};
}

/** The service has no text filter: the text typed is matched here, one page of 100 jobs per call. */
export async function searchIngestJobs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const list = listEndpoint('ingestion.getIngestJobs');
	const { firstPosition } = list[1];
	const position = Number(paginationToken ?? firstPosition) || firstPosition;
	const page = await new Run(this).list(list, { page: position, pageSize: PAGE_SIZE });
	const jobs = page.items;
	const names = await datasetNames(this, jobs);
	const text = filter?.trim().toLowerCase();
	const results = jobs
		.map((job) => ({ job, entry: entryOf(job, names.get(String(job.dataset_id)) ?? 'unknown dataset') }))
		.filter(
			({ job, entry }) =>
				!text || [entry.name, entry.description, job.file_path].join(' ').toLowerCase().includes(text),
		)
		.map(({ entry }) => entry);
	return { results, paginationToken: page.next === undefined ? undefined : String(page.next) };
}
