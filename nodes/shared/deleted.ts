import type { IDataObject } from 'n8n-workflow';

/** What every delete outputs: `deleted: true`, the id, and the service's answer under `response` when not empty. */
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
