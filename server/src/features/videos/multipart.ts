import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatBytes } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import {
  HttpError,
  badRequest,
  insufficientStorage,
  isDiskFull,
  payloadTooLarge,
  unsupportedMedia,
} from '../../lib/errors';
import { logUploadRejected } from '../../plugins/security-events';
import { admitUpload, releaseUpload } from './uploads/upload-allowance';

// Multipart uploads of the spec (videoFileToLecture, videoResponse): exactly one file part, streamed to a
// scratch file in the media store, never buffered. The text fields must come before the file, so the
// caller's rights are checked before a single byte is written. The quota reservation taken at admission
// is given back when the request fails or once its response is sent (the file then counts as stored).

/** Reserved bytes of a request its response has not yet released; a day at most if never released. */
const reservations = new WeakMap<FastifyRequest, string>();
const MULTIPART_RESERVATION_MS = 24 * 3600 * 1000;

/**
 * Registers @fastify/multipart in the calling scope with the configured size limit (413 beyond), and logs
 * the scope's refused multipart uploads (too large, not an mp4) as security events (SECURITY LOG-1).
 */
export async function registerMultipart(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 30 },
  });
  scope.addHook('onError', async (req, _reply, error) => {
    if (req.isMultipart() && error instanceof HttpError) logUploadRejected(req, error.statusCode);
  });
  const release = async (req: FastifyRequest) => {
    const id = reservations.get(req);
    reservations.delete(req);
    if (id) await releaseUpload(deps, id);
  };
  scope.addHook('onResponse', release);
  scope.addHook('onRequestAbort', release);
}

export interface ReceivedFile {
  /** Every text field, the ones after the file included. */
  fields: Record<string, string>;
  /** The file's bytes, in a scratch path the caller must import or delete. */
  tempPath: string;
}

export interface ReceiveOptions {
  /** The file part's field name. */
  fileField: string;
  /** Message when no file part comes (400). */
  missingFile: string;
  /** Called with the fields seen so far when the file part starts; throw to refuse before storing. */
  beforeFile: (fields: Record<string, string>) => Promise<void>;
  /** Whose upload this is: admitted against their creation limit and quota once authorised. */
  uploaderId: string;
}

const tooLarge = (max: number) => payloadTooLarge(`The file is too large (the limit is ${formatBytes(max)})`);

export async function receiveSingleFile(
  req: FastifyRequest,
  deps: AppDeps,
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw unsupportedMedia('Send the video as multipart/form-data');
  const fields: Record<string, string> = {};
  let tempPath: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || tempPath !== null) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      await options.beforeFile({ ...fields });
      // The request's length bounds the file's; without one, the largest file allowed.
      const declared = Number(req.headers['content-length']) || deps.config.maxUploadBytes;
      const reservation = { id: `multipart:${randomUUID()}`, ttlMs: MULTIPART_RESERVATION_MS };
      await admitUpload(deps, options.uploaderId, declared, reservation);
      reservations.set(req, reservation.id);
      tempPath = deps.media.tempPath();
      await pipeline(part.file, fs.createWriteStream(tempPath));
      if (part.file.truncated) throw tooLarge(deps.config.maxUploadBytes);
    }
  } catch (error) {
    if (tempPath) await fsp.rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(deps.config.maxUploadBytes);
    if (isDiskFull(error)) throw insufficientStorage(); // the partial file is gone (SECURITY FI-7)
    throw error;
  }
  if (tempPath === null) throw badRequest(options.missingFile);
  return { fields, tempPath };
}
