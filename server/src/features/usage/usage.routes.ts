import type { Feature } from '../feature';

export const usageRoutes: Feature = () => {
  // routes of this feature are registered here
};
