import { celebrityRoutes } from './celebrity';
import { adSegmentRoutes } from './adSegments';
import { administrationRoutes } from './administration';
import { chatRoutes } from './chat';
import { connectionRoutes } from './connections';
import { queryRoutes } from './queries';
import { classificationRoutes } from './classification';
import { conceptRoutes } from './concepts';
import { datasetRoutes } from './datasets';
import { dynamicTagRoutes } from './dynamicTags';
import { encoderRoutes } from './encoders';
import { ingestionRoutes } from './ingestion';
import { loginRoutes } from './login';
import { modelRoutes } from '../model';
import { searchRoutes } from './search';
import { searchModeRoutes } from './searchModes';
import { videoInsightsRoutes } from './videoInsights';
import type { RouteDefinition } from './route';

/** Every route of the service stand-in. A new area of the API adds its route file here. */
export const apiRoutes: RouteDefinition[] = [
	...loginRoutes,
	...datasetRoutes,
	...encoderRoutes,
	...ingestionRoutes,
	...conceptRoutes,
	...classificationRoutes,
	...searchRoutes,
	...searchModeRoutes,
	...celebrityRoutes,
	...chatRoutes,
	...adSegmentRoutes,
	...dynamicTagRoutes,
	...connectionRoutes,
	...queryRoutes,
	...administrationRoutes,
	...videoInsightsRoutes,
	...modelRoutes,
];
