import type { Feature } from '../feature';

export const meetingsRoutes: Feature = () => {
  // routes of this feature are registered here
};
