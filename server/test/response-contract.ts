import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The zod schema `app` declared for the answer `status` of `method route` (as registered), if any. */
export function responseSchemaOf(
  app: FastifyInstance,
  method: string,
  route: string,
  status: number,
): z.ZodType | undefined {
  const found = app.documentedRoutes.find((r) => r.method === method.toLowerCase() && r.url === route);
  const schema = (found?.schema.response as Record<number, unknown> | undefined)?.[status];
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * Whether a JSON answer is exactly what its route's contract names (SECURITY AC-10): it passes the schema
 * and encoding it drops nothing, so it carried no field the contract does not name.
 */
export function matchesContract(schema: z.ZodType, body: unknown): boolean {
  const encoded = z.safeEncode(schema, body);
  return encoded.success && JSON.stringify(encoded.data) === JSON.stringify(body);
}
