import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';

/** Registers a feature's routes (and job handlers) in the scope it is given, with the app's backbone. */
export type Feature = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** The features' plugin names: what `dependencies` may name. */
export type FeatureName =
  | 'account'
  | 'auth'
  | 'captions'
  | 'courses'
  | 'events'
  | 'health'
  | 'lectures'
  | 'lti'
  | 'sso'
  | 'media'
  | 'meetings'
  | 'questions'
  | 'suggestions'
  | 'usage'
  | 'videos';

interface FeatureDefinition {
  name: FeatureName;
  /**
   * The features whose decorations this one uses. Fastify checks them when it loads the plugin: a feature
   * registered before them, or without them, stops the boot with an error naming the missing one.
   */
  dependencies?: FeatureName[];
  /**
   * Runs in the app's scope (fastify-plugin lifts the encapsulation), so a decoration made here, the
   * feature's one service, is seen by the features registered after it. Routes go in their own scope:
   * `ownScope`.
   */
  register: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
}

/** A feature as a named Fastify plugin with declared dependencies (docs/architecture.md). */
export const definePlugin = ({ name, dependencies = [], register }: FeatureDefinition): FastifyPluginAsync =>
  fp(async (app) => register(app, app.deps), { name, dependencies, fastify: '5.x' });

/**
 * Registers each of `routes` in an encapsulated child of `app`: the hooks, parsers and decorations they
 * add stay theirs, while they still see every decoration of `app`.
 */
export async function ownScope(app: FastifyInstance, deps: AppDeps, ...routes: Feature[]): Promise<void> {
  for (const register of routes) await app.register(async (scope) => register(scope, deps));
}

/** The scope with zod schemas typing params, query and body. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
