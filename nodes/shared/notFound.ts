import type { Failure } from './transport';

/** `explain` for a request whose 404 is about its dataset (unknown, mistyped or deleted): names the dataset given. */
export function datasetNotFound(
	datasetId: string,
	description = 'Check the dataset ID: it may be mistyped or deleted. Choosing the dataset "From list" shows what exists.',
) {
	return (failure: Failure) =>
		failure.status === 404 ? { message: `Dataset ${datasetId} not found`, description } : undefined;
}
