import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyOutput, simplifyProperty } from '../../../shared/descriptions';
import { getJobId, jobLocator, SIMPLE_JOB_FIELDS } from './fields';
import { getJob } from '../../helpers/jobs';
import { fromVersion, ROWS_VERSION } from '../../helpers/versions';
import { waitForCompletionNotice } from '../fields';

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['get'] } }, [
	fromVersion(ROWS_VERSION, waitForCompletionNotice),
	jobLocator,
	simplifyProperty(SIMPLE_JOB_FIELDS),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const job = (await getJob.call(this, getJobId.call(this, itemIndex), itemIndex)) as IDataObject;
	return simplifyOutput.call(this, itemIndex, SIMPLE_JOB_FIELDS)(job);
}
