import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import { captionsRoutes } from './captions/captions.routes';
import { coursesRoutes } from './courses/courses.routes';
import { invitationsRoutes } from './courses/invitations.routes';
import { eventsRoutes } from './events/events.routes';
import type { Feature } from './feature';
import { healthRoutes } from './health/health.routes';
import { lecturesRoutes } from './lectures/lectures.routes';
import { builtinRoomsRoutes } from './meetings/builtin/builtin-rooms.routes';
import { meetingsRoutes } from './meetings/meetings.routes';
import { questionsRoutes } from './questions/questions.routes';
import { loggingRoutes } from './usage/logging.routes';
import { usageRoutes } from './usage/usage.routes';
import { videosRoutes } from './videos/videos.routes';

/** Every feature of the API, registered in this order by buildApp. */
export const features: Feature[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  loggingRoutes,
  eventsRoutes,
  coursesRoutes,
  invitationsRoutes,
  lecturesRoutes,
  videosRoutes,
  questionsRoutes,
  captionsRoutes,
  meetingsRoutes,
  builtinRoomsRoutes,
  usageRoutes,
];
