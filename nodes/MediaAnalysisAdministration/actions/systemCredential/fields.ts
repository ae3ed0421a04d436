import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import { listLocator, notice } from '../../../shared/node';
import { idMode, listedId } from '../fields';

/** A system credential picker: From List (searchable by name) or By ID (its client ID). */
export function systemCredentialLocator(description: string): INodeProperties {
	return listLocator(
		{ displayName: 'System Credential', name: 'clientId', description },
		'a system credential',
		'searchSystemCredentials',
		[idMode('system credential', 'Xb7Lq2Rk9Tz4Wm1Np6Yc3Vd8Hs5Jf0Ga')],
	);
}

/** The path value naming the system credential chosen in this item. */
export function clientParams(item: Item): { client_id: string } {
	return { client_id: listedId(item, 'clientId', 'System Credential') };
}

/** Said wherever roles can be left out: the service then gives the credential access to everything. */
export const fullAccessNotice = (show: IDisplayOptions['show']) =>
	notice(
		'fullAccessNotice',
		'A system credential without roles has full access to every dataset and setting of the organization. Give it only the roles its automation needs.',
		{ show },
	);
