import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';

/** A feature registers its routes in its own encapsulated scope. */
export type Feature = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** The scope with zod schemas typing params, query and body. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
