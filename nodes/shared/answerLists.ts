import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * The list a successful answer holds under `field`: an answer without it is a clear error, never an item (nor a
 * TypeError). `what` names the request in the message, e.g. "ad segments".
 */
export function listIn(
	this: IExecuteFunctions,
	response: unknown,
	field: string,
	what: string,
	itemIndex: number,
): IDataObject[] {
	const list = (response as IDataObject | null)?.[field];
	if (!Array.isArray(list)) {
		throw new NodeApiError(this.getNode(), {}, {
			message: `The service answered the ${what} request without a list of ${what}`,
			description: `The answer had no "${field}" list, as the service's document describes it. Try again; if it persists, report it to the Media Analysis team.`,
			itemIndex,
		});
	}
	return list as IDataObject[];
}
