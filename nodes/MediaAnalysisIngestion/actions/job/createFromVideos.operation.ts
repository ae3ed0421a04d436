import { createFromListOperation } from '../../helpers/createFromList';

export const toolDescription =
	'Adds videos to a dataset from their URLs, and starts an ingestion job. Needs the dataset (its ID, a UUID, or its exact name) and the URLs. Returns the job ID (ingest_job_id, 24 hex characters) and the status of each input: pending, or once the job has finished completed, or error with an error_code such as broken_url.';

export const option = {
	name: 'Create From Videos',
	description: 'Ingest a list of videos',
	action: 'Create an ingestion job from videos',
};

export const { description, executeBatch } = createFromListOperation('videos');
