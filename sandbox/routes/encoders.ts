import { operation } from '../contract';
import { availableEncoders } from '../encoders';
import { jsonReply } from '../http';
import type { RouteDefinition } from './route';

export const encoderRoutes: RouteDefinition[] = [
	operation('list-available-encoders-api-v-1-encoders-get', () =>
		jsonReply(
			200,
			availableEncoders().map(({ name, modality }) => ({ name, modality })),
		),
	),
];
