// Kept for createFromList.ts until its import moves to nodes/shared/ingestJobs.
export { explainCreateFailure } from '../../shared/ingestJobs';
