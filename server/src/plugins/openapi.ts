import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

// GET /api/docs: the OpenAPI 3.1 description the routes' own zod schemas yield (params, query, body and
// response), so it cannot drift from what the server validates and serialises. A dozen lines instead of
// @fastify/swagger, which would need the same transform. Off in production unless API_DOCS=true
// (SECURITY SUP-1: no docs endpoint in production by default).

type Schemas = Partial<Record<'params' | 'querystring' | 'body' | 'response', unknown>>;
interface DocumentedRoute {
  method: string;
  url: string;
  schema: Schemas;
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
  const responses = Object.fromEntries(
    Object.entries((route.schema.response ?? {}) as Record<string, unknown>).map(([status, schema]) => [
      status,
      { description: status, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
    ]),
  );
  return {
    parameters: parameters(route),
    ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
    responses: Object.keys(responses).length > 0 ? responses : { default: { description: 'Not described' } },
  };
}

/** Collects every route registered after this call; serves the description unless in production. */
export function registerOpenApi(app: FastifyInstance, enabled: boolean): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method: method.toLowerCase(), url: route.url, schema: (route.schema ?? {}) as Schemas });
    }
  });
  if (!enabled) return;
  let document: object | null = null;
  app.get('/api/docs', { config: { auth: 'public' } }, async () => {
    document ??= {
      openapi: '3.1.0',
      info: { title: 'Lectern API', version: '1' },
      paths: routes.reduce<Record<string, Record<string, object>>>((paths, route) => {
        const path = openApiPath(route.url);
        (paths[path] ??= {})[route.method] = operation(route);
        return paths;
      }, {}),
    };
    return document;
  });
}
