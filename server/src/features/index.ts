import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import type { Feature } from './feature';
import { healthRoutes } from './health/health.routes';
import { loggingRoutes } from './usage/logging.routes';

/** Every feature of the API, registered in this order by buildApp. */
export const features: Feature[] = [healthRoutes, authRoutes, accountRoutes, loggingRoutes];
