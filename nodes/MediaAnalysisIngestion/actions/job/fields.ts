import { INGEST_JOB_FIELDS } from '../../../shared/enums.generated';
import type { Item } from '../../../shared/item';
import { listLocator } from '../../../shared/node';
import { recordFields } from '../../../shared/output';

/** An ingestion job: "From list" (the jobs list, newest change first) or "By ID" (24 hex characters). */
export const jobLocator = listLocator(
	{
		displayName: 'Job',
		name: 'jobId',
		description: 'The ingestion job. By ID also takes an expression, e.g. the ID that a create operation returned.',
	},
	'a job',
	'searchIngestJobs',
	[
		{
			// Spread, as in the shared modes: a mode has no default.
			...{ displayName: 'By ID', name: 'id' },
			type: 'string',
			placeholder: 'e.g. 65f1a2b3c4d5e6f708192a3b',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: '^\\s*[0-9a-f]{24}\\s*$',
						errorMessage: 'Not a valid job ID (24 lowercase hex characters)',
					},
				},
			],
		},
	],
);

/** Reads the job locator for one item and checks the id before anything is sent. */
export function getJobId(item: Item): string {
	return item.jobId(item.param('jobId', '', { extractValue: true }), 'Job');
}

/**
 * An ingestion job as the service reads it (18 fields) or answers its creation (14, one of them its own), and what
 * Output › Simplified keeps: what it is, where it stands and when (Simplify of earlier versions kept the same).
 */
export const JOB = recordFields('job', INGEST_JOB_FIELDS, [
	'id',
	'dataset_id',
	'job_type',
	'status',
	'total_assets',
	'processed_assets',
	'errored_assets',
	'error_details',
	'created_dt',
	'finished_dt',
]);
