import type { Failure } from '../../shared/transport';

/**
 * A 404 on creating a job names what is missing (the dataset, or the connection): the service's own words are
 * the message, rather than a guess at which of the two it was.
 */
export function explainCreateFailure(failure: Failure, details: string[]): { message: string; description: string } | undefined {
	if (failure.status !== 404) return undefined;
	return {
		message: details[0] && details[0] !== 'Not Found' ? details[0] : 'The dataset or the connection was not found',
		description:
			'Check the dataset (it may be mistyped or deleted) and the connection name. Choosing them "From list" shows what exists.',
	};
}
