import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

// GET /api/docs: the OpenAPI 3.1 description the routes' own zod schemas yield (params, query, body and
// response), so it cannot drift from what the server validates and serialises. A dozen lines instead of
// @fastify/swagger, which would need the same transform. Off in production unless API_DOCS=true
// (SECURITY SUP-1: no docs endpoint in production by default).

type Schemas = Partial<Record<'params' | 'querystring' | 'body' | 'response', unknown>>;
export interface DocumentedRoute {
  method: string;
  url: string;
  schema: Schemas;
  rawAnswer: RawAnswer | undefined;
}

/**
 * A success answer that is not JSON, so has no response schema: no body (204), a file or a stream. Declared
 * in the route's config so that /api/docs describes it and the response-schema test knows it is meant.
 */
export interface RawAnswer {
  status: number;
  /** The media type of the body; none for an empty one. */
  type?: string;
  description: string;
}

export const NO_CONTENT: RawAnswer = { status: 204, description: 'Done; no body' };

declare module 'fastify' {
  interface FastifyContextConfig {
    rawAnswer?: RawAnswer;
  }
  interface FastifyInstance {
    /** Every route registered after registerOpenApi, with its schemas (response-schema test, issue 12). */
    documentedRoutes: readonly DocumentedRoute[];
  }
}

const jsonSchema = (schema: unknown, io: 'input' | 'output'): object | undefined =>
  schema instanceof z.ZodType ? z.toJSONSchema(schema, { io, unrepresentable: 'any' }) : undefined;

/** `/api/x/:id` → `/api/x/{id}`. */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function parameters(route: DocumentedRoute) {
  const list: object[] = [];
  for (const [where, key] of [
    ['path', 'params'],
    ['query', 'querystring'],
  ] as const) {
    const schema = jsonSchema(route.schema[key], 'input') as
      { properties?: Record<string, object> } | undefined;
    for (const [name, property] of Object.entries(schema?.properties ?? {}))
      list.push({ name, in: where, required: where === 'path', schema: property });
  }
  return list;
}

function operation(route: DocumentedRoute) {
  const body = jsonSchema(route.schema.body, 'input');
  const responses: Record<string, object> = Object.fromEntries(
    Object.entries((route.schema.response ?? {}) as Record<string, unknown>).map(([status, schema]) => [
      status,
      { description: status, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
    ]),
  );
  const raw = route.rawAnswer;
  if (raw)
    responses[raw.status] = {
      description: raw.description,
      ...(raw.type ? { content: { [raw.type]: { schema: { type: 'string' } } } } : {}),
    };
  return {
    parameters: parameters(route),
    ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
    responses: Object.keys(responses).length > 0 ? responses : { default: { description: 'Not described' } },
  };
}

const OpenApiDocument = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** Collects every route registered after this call; serves the description of /api unless in production. */
export function registerOpenApi(app: FastifyInstance, enabled: boolean): void {
  const routes: DocumentedRoute[] = [];
  app.decorate('documentedRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: (route.schema ?? {}) as Schemas,
        rawAnswer: route.config?.rawAnswer,
      });
    }
  });
  if (!enabled) return;
  let document: z.infer<typeof OpenApiDocument> | null = null;
  const schema = { response: { 200: OpenApiDocument } };
  app.get('/api/docs', { schema, config: { auth: 'public' } }, async () => {
    document ??= {
      openapi: '3.1.0' as const,
      info: { title: 'Lectern API', version: '1' },
      paths: routes
        .filter((route) => route.url.startsWith('/api/'))
        .reduce<Record<string, Record<string, unknown>>>((paths, route) => {
          const path = openApiPath(route.url);
          (paths[path] ??= {})[route.method] = operation(route);
          return paths;
        }, {}),
    };
    return document;
  });
}
