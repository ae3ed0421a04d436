import { availableEncoders } from '../encoders';
import { jsonReply } from '../http';
import type { RouteDefinition } from './route';

export const encoderRoutes: RouteDefinition[] = [
	{
		method: 'GET',
		path: '/api/v1/encoders',
		auth: 'access-token',
		handle: () =>
			jsonReply(
				200,
				availableEncoders().map(({ name, modality }) => ({ name, modality })),
			),
	},
];
