import type { Feature } from '../feature';

export const videosRoutes: Feature = () => {
  // routes of this feature are registered here
};
