import type { FastifyPluginAsync } from 'fastify';
import { accountPlugin } from './account/plugin';
import { authPlugin } from './auth/plugin';
import { captionsPlugin } from './captions/plugin';
import { coursesPlugin } from './courses/plugin';
import { eventsPlugin } from './events/plugin';
import { healthPlugin } from './health/plugin';
import { lecturesPlugin } from './lectures/plugin';
import { ltiPlugin } from './lti/plugin';
import { ssoPlugin } from './sso/plugin';
import { mediaPlugin } from './media/plugin';
import { meetingsPlugin } from './meetings/plugin';
import { questionsPlugin } from './questions/plugin';
import { suggestionsPlugin } from './suggestions/plugin';
import { usagePlugin } from './usage/plugin';
import { videosPlugin } from './videos/plugin';

/**
 * Every feature of the API, each a named Fastify plugin (features/feature.ts). A feature that uses another's
 * decoration names it in its `dependencies`, and Fastify refuses to boot if it was not registered first:
 * this list's order is checked, not trusted.
 */
export const features: FastifyPluginAsync[] = [
  healthPlugin,
  authPlugin,
  accountPlugin,
  eventsPlugin,
  mediaPlugin,
  lecturesPlugin,
  coursesPlugin,
  videosPlugin,
  questionsPlugin,
  captionsPlugin,
  suggestionsPlugin,
  meetingsPlugin,
  usagePlugin,
  ltiPlugin,
  ssoPlugin,
];
