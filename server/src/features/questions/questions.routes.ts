import type { Feature } from '../feature';

export const questionsRoutes: Feature = () => {
  // routes of this feature are registered here
};
