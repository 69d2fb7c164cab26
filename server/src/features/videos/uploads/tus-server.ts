import fsp from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Server, Upload } from '@tus/server';
import { VIDEO_ID_HEADER } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { HttpError, insufficientStorage, isDiskFull } from '../../../lib/errors';
import { isDataException } from '../../../lib/query-errors';
import { INVALID_VALUE } from '../../../plugins/error-handler';
import type { AuthUser } from '../../../plugins/auth';
import { discardIngested, ingestUpload } from '../../media/public';
import { recordCompletion, recordedCompletion } from './upload-completion';
import { UPLOAD_TTL_MS } from './upload-purge';
import { sharedTusLocker } from './tus-locker';
import { admitUpload, diskNearlyFull, releaseUpload } from './upload-allowance';
import type { UploadKinds, UploadMetadata } from './upload-kinds';

// Creation asks the upload's kind whether the caller may upload it; the owner's id is kept
// in the upload's metadata and HEAD/PATCH/DELETE by anyone else get 403. The last PATCH validates the mp4,
// imports it and creates the kind's object exactly once, then the upload's files are deleted (a repeated
// final PATCH gets 404). @tus/file-store takes the offset from the file size on disk, so resuming works
// after a dropped connection and after a restart. If the process died between the last byte and that
// answer (SECURITY FI-2), a HEAD or a resent final PATCH runs the completion then, and answers the
// recorded headers from then on (upload-completion.ts); a HEAD leaves the files for the final PATCH or
// the expiry purge.

/** The quota reservation of a tus upload lives as long as the upload may (upload-purge.ts). */
const reservationOf = (uploadId: string) => ({ id: `tus:${uploadId}`, ttlMs: UPLOAD_TTL_MS });

type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];
interface TusError {
  status_code: number;
  body: string;
}

const tusError = (error: unknown): TusError | unknown =>
  error instanceof HttpError
    ? { status_code: error.statusCode, body: JSON.stringify({ error: error.message, code: error.code }) }
    : isDataException(error) // metadata the database cannot store (a NUL in the title): bad input
      ? { status_code: 400, body: JSON.stringify({ error: INVALID_VALUE, code: 'BAD_REQUEST' }) }
      : error;

function stringMetadata(upload: Upload): UploadMetadata {
  const kept: UploadMetadata = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {}))
    if (typeof value === 'string') kept[key] = value;
  return kept;
}

/**
 * The tus server behind /tus/ (tus.routes.ts); `users` holds the caller of each request it handles. The
 * tus packages are imported here, with the first tus request, not at start (issue 14): @tus/server's srvx
 * reads `globalThis.Headers` as it loads, which makes Node load its fetch implementation (~14 ms).
 */
export async function createTusServer(
  deps: AppDeps,
  users: WeakMap<IncomingMessage, AuthUser>,
  kinds: UploadKinds,
): Promise<Server> {
  const [{ ERRORS, EVENTS, Server }, { FileStore }] = await Promise.all([
    import('@tus/server'),
    import('@tus/file-store'),
  ]);
  const completions = new Map<string, Promise<Record<string, string>>>();
  const datastore = new FileStore({
    directory: deps.config.uploadsDir,
    expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
  });
  const publicOrigin = new URL(deps.config.publicUrl).origin;

  const userOf = (req: TusRequest): AuthUser => {
    const user = req.runtime?.node?.req ? users.get(req.runtime.node.req as IncomingMessage) : undefined;
    if (!user) throw { status_code: 401, body: 'Authentication required' } satisfies TusError;
    return user;
  };

  /**
   * Completes a fully received upload once: concurrent callers in this process share one run, callers
   * on other instances wait for its lock, and later ones, anywhere or after a restart, get the headers
   * recorded by the first.
   */
  function finish(id: string, user: AuthUser): Promise<Record<string, string>> {
    let pending = completions.get(id);
    if (!pending) {
      pending = deps.shared.locks.lock(`tus-finish:${id}`).then(async (unlock) => {
        try {
          const upload = await datastore.getUpload(id);
          const recorded = recordedCompletion(upload);
          if (recorded) return recorded;
          const headers = await complete(upload, user);
          // Unrecorded, the upload must go: a resent final PATCH then gets 404, not a second object.
          await recordCompletion(deps.config.uploadsDir, id, headers).catch(() =>
            datastore.remove(id).catch(() => undefined),
          );
          return headers;
        } finally {
          await unlock();
        }
      });
      completions.set(id, pending);
      void pending.catch(() => undefined).finally(() => completions.delete(id));
    }
    return pending.catch((e: unknown) => Promise.reject(tusError(e)));
  }

  /** Validates, imports and hands the file to its kind; a refused file and its upload record are deleted. */
  async function complete(upload: Upload, user: AuthUser): Promise<Record<string, string>> {
    const metadata = stringMetadata(upload);
    const kind = metadata.kind === undefined ? undefined : kinds.get(metadata.kind);
    if (!kind) throw new HttpError(400, 'BAD_REQUEST', 'Unknown upload kind');
    const temp = deps.media.tempPath();
    // A hard link keeps the upload's own file in place until the response is written (tus reads it).
    await fsp
      .link(path.join(deps.config.uploadsDir, upload.id), temp)
      .catch(() => fsp.copyFile(path.join(deps.config.uploadsDir, upload.id), temp));
    try {
      const ingested = await ingestUpload(deps, temp);
      const headers = await kind.complete(deps, user, ingested, metadata).catch(async (error: unknown) => {
        await discardIngested(deps, ingested);
        throw error;
      });
      await releaseUpload(deps, reservationOf(upload.id).id); // its file now counts as stored
      return headers;
    } catch (error) {
      // A full disk is no fault of the file: keep the received bytes (and their reservation), a later
      // HEAD completes it (FI-7).
      if (isDiskFull(error)) await fsp.rm(temp, { force: true });
      else {
        await datastore.remove(upload.id).catch(() => undefined);
        await releaseUpload(deps, reservationOf(upload.id).id);
      }
      throw error;
    }
  }

  const tus = new Server({
    path: '/tus',
    datastore,
    locker: sharedTusLocker(deps.shared.locks, ERRORS.ERR_LOCK_TIMEOUT),
    maxSize: deps.config.maxUploadBytes,
    relativeLocation: true,
    allowedOrigins: (origin) => origin === publicOrigin, // same allowlist as the API (SECURITY HDR-3)
    exposedHeaders: [VIDEO_ID_HEADER],
    async onIncomingRequest(req, id) {
      const user = userOf(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => null); // unknown: the handler answers 404/410
      if (upload && upload.metadata?.ownerId !== user.id) {
        throw { status_code: 403, body: 'This upload belongs to another user' } satisfies TusError;
      }
      // A HEAD on a complete upload answers the completion's headers (tus-js-client resumes a complete
      // upload with a HEAD only), completing it first if the process died before it could (FI-2).
      if (req.method === 'HEAD' && upload && upload.size !== undefined && upload.offset === upload.size) {
        const headers = await finish(upload.id, user);
        for (const [name, value] of Object.entries(headers)) req.runtime?.node?.res?.setHeader(name, value);
      }
    },
    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const metadata = stringMetadata(upload);
      const kind = metadata.kind === undefined ? undefined : kinds.get(metadata.kind);
      if (!kind) throw { status_code: 400, body: 'Unknown upload kind' } satisfies TusError;
      const kept = await kind
        .authorizeCreate(deps, user, metadata)
        .then(async (kept) => {
          const declared = upload.size ?? deps.config.maxUploadBytes; // deferred length: the most allowed
          await admitUpload(deps, user.id, declared, reservationOf(upload.id));
          return kept;
        })
        .catch((e: unknown) => {
          throw tusError(e);
        });
      return { metadata: { ...kept, kind: metadata.kind!, ownerId: user.id } };
    },
    // A full disk is 507 (SECURITY FI-7); any other unexpected error a bare 500: tus would otherwise
    // append the error's message, a file path among it (SECURITY LOG-3). @tus/file-store replaces a
    // failed write's error by its own FILE_WRITE_ERROR, so a disk left with (almost) no room tells.
    async onResponseError(_req, error) {
      const writeFailed = 'body' in error && error.body === ERRORS.FILE_WRITE_ERROR.body;
      if (isDiskFull(error) || (writeFailed && (await diskNearlyFull(deps.config.uploadsDir))))
        return tusError(insufficientStorage()) as TusError;
      if (!('status_code' in error)) return { status_code: 500, body: 'Internal server error' };
      return undefined;
    },
    async onUploadFinish(req, upload) {
      return { headers: await finish(upload.id, userOf(req)) };
    },
  });
  // Once the answer is written the upload's files are no longer needed: the media store holds the bytes.
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload: Upload) => {
    void datastore.remove(upload.id).catch(() => undefined);
  });
  // A cancelled upload (tus DELETE, its owner's only) gives its reservation back.
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void releaseUpload(deps, reservationOf(id).id).catch(() => undefined);
  });
  return tus;
}
