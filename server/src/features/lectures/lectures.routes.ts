import type { Feature } from '../feature';

export const lecturesRoutes: Feature = () => {
  // routes of this feature are registered here
};
