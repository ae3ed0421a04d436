import type { IDataObject } from 'n8n-workflow';

/**
 * What every delete answers, in every node: `deleted: true` with the id it deleted, and the service's own answer under
 * `response` when it gives one (an empty body, as a 204 has, adds nothing).
 */
export function deletedResult(id: string, response?: unknown, extra: IDataObject = {}): IDataObject {
	const result: IDataObject = { deleted: true, id, ...extra };
	const empty =
		response === undefined ||
		response === null ||
		response === '' ||
		(typeof response === 'object' && !Array.isArray(response) && Object.keys(response).length === 0);
	if (!empty) result.response = response as IDataObject;
	return result;
}
