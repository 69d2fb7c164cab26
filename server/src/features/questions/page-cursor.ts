import { z } from 'zod';
import { badRequest } from '../../lib/errors';

// A page's cursor is the sort key of its last item, opaque to callers: base64url of a JSON array. A forged
// cursor only moves the caller within their own list, so it needs no signature, only validation.

export const encodeCursor = (key: readonly unknown[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor<T extends z.ZodTuple>(text: string, shape: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor');
  }
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw badRequest('Invalid cursor');
  return parsed.data;
}

/** An instant as the page queries print it: UTC with microseconds, so no two rows collapse into one key. */
export const MicroInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
