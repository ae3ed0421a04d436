import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getJobId, jobLocator } from '../../helpers/fields';
import { getJob } from '../../helpers/jobs';

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['get'] } }, [jobLocator]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return (await getJob.call(this, getJobId.call(this, itemIndex), itemIndex)) as IDataObject;
}
