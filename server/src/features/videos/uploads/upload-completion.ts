import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Upload } from '@tus/server';

// SECURITY FI-2: the process may die after the last byte is stored but before, or just after, the kind's
// object is created. The headers a completion answered (the new object's id) are therefore recorded in
// the upload's own info file (@tus/file-store's `<id>.json`), so a HEAD or a resent final PATCH answers
// them again instead of creating a second object. Clients cannot set this key: creation keeps only the
// metadata the kind returns.

const COMPLETED = 'completedHeaders';

/** The headers recorded when this upload was completed, or null when it never was. */
export function recordedCompletion(upload: Upload): Record<string, string> | null {
  const recorded = upload.metadata?.[COMPLETED];
  return typeof recorded === 'string' ? (JSON.parse(recorded) as Record<string, string>) : null;
}

/** Records the completion's headers; written to a temp file and renamed, so a crash leaves old or new. */
export async function recordCompletion(
  uploadsDir: string,
  id: string,
  headers: Record<string, string>,
): Promise<void> {
  const file = path.join(uploadsDir, `${id}.json`);
  const info = JSON.parse(await fsp.readFile(file, 'utf8')) as { metadata?: Record<string, string> };
  info.metadata = { ...info.metadata, [COMPLETED]: JSON.stringify(headers) };
  await fsp.writeFile(`${file}.tmp`, JSON.stringify(info));
  await fsp.rename(`${file}.tmp`, file);
}
