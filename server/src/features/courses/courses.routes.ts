import type { Feature } from '../feature';

export const coursesRoutes: Feature = () => {
  // routes of this feature are registered here
};
