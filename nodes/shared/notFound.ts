import type { Failure } from './transport';

/** `explain` for a request whose 404 is about its dataset (unknown, mistyped or deleted): names the dataset given. */
export function datasetNotFound(
	datasetId: string,
	description = 'Check the dataset ID: it may be mistyped or deleted. Choosing the dataset "From list" shows what exists.',
) {
	return (failure: Failure) =>
		failure.status === 404 ? { message: `Dataset ${datasetId} not found`, description } : undefined;
}

/**
 * The IDs of the Ingestion Trigger's built example event (`sample: true`): a job, an asset, a request, and the dataset
 * when none is watched. They name nothing on the service.
 */
export const SAMPLE_IDS = {
	job: '000000000000000000000001',
	asset: '00000000-0000-4000-8000-000000000001',
	request: '00000000-0000-4000-8000-000000000002',
	dataset: '00000000-0000-4000-8000-000000000000',
} as const;

/** What to add to a "not found" whose path names an ID of the trigger's example event; '' when it names none. */
export function sampleIdNote(path: string): string {
	const segments = new Set(path.split('/'));
	if (!Object.values(SAMPLE_IDS).some((id) => segments.has(id))) return '';
	return "The ID comes from the Ingestion Trigger's example event (sample: true), made because no real job or asset matched yet: it names nothing on the service. Fetch a test event again once a real one exists, or test with a real ID.";
}
