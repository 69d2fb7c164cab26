import type { ErrorBody, ErrorCode } from '@lectern/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { isDataException, sqlStateOf } from '../lib/query-errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_REQUEST',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const UNIQUE_VIOLATION = '23505';
export const INVALID_VALUE = 'The request contains a value that cannot be stored';

/** The one place where errors become `{ error, code }` answers (DESIGN §6). Stacks and SQL never leave. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      const wait = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (wait) reply.header('retry-after', String(wait));
      // What the error adds for the client to act on (a login challenge); never internals.
      const details = (err as { details?: object }).details;
      return reply
        .code(err.statusCode)
        .send({ ...details, error: err.message, code: err.code } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      // The first message alone: it is the spec's wording where the spec has one.
      const error = issues[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ error, code: 'VALIDATION', issues } satisfies ErrorBody);
    }
    if (sqlStateOf(err) === UNIQUE_VIOLATION) {
      return reply.code(409).send({ error: 'That already exists', code: 'CONFLICT' } satisfies ErrorBody);
    }
    // A value the database cannot store (a NUL in text, a number out of range) is bad input (issue 12).
    if (isDataException(err)) {
      return reply.code(400).send({ error: INVALID_VALUE, code: 'BAD_REQUEST' } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      return reply.code(status).send({ error: err.message, code } satisfies ErrorBody);
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({
      error: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
      requestId: req.id,
    });
  });
}
