import type { IExecuteFunctions } from 'n8n-workflow';

import { explainedError, readFailure } from './errors';

export interface DownloadedText {
	text: string;
	contentType: string;
}

/**
 * Fetches a file behind a presigned link the service handed out (query results). No Media Analysis credential is
 * sent: the link carries its own authorization, and an Authorization header would break its signature. Errors name
 * the host only, never the link, whose query string is a signature.
 */
export async function downloadText(
	this: IExecuteFunctions,
	url: string,
	{ itemIndex, what }: { itemIndex: number; what: string },
): Promise<DownloadedText> {
	let host = 'the storage host';
	try {
		host = new URL(url).host;
	} catch {
		// An unparseable link fails in the request below and is reported by host placeholder.
	}
	try {
		const response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'text',
			json: false,
			returnFullResponse: true,
		})) as { body: unknown; headers: Record<string, unknown> };
		return {
			text: typeof response.body === 'string' ? response.body : String(response.body ?? ''),
			contentType: String(response.headers?.['content-type'] ?? ''),
		};
	} catch (error) {
		const { status } = readFailure(error);
		const expired = status === 403;
		throw explainedError(this.getNode(), {
			message:
				status === undefined
					? `Could not download the ${what} from ${host}`
					: expired
						? `The ${what} link was refused by ${host} (status 403): it has expired or is not valid`
						: `Downloading the ${what} from ${host} failed with status ${status}`,
			description: expired
				? 'Run the node again to get a fresh link; links stay valid only for a limited time.'
				: 'Check that n8n can reach the storage host, then run the node again.',
			httpCode: status === undefined ? undefined : String(status),
			itemIndex,
		});
	}
}
