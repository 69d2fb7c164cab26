import path from 'node:path';
import type { EventType } from '@lectern/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { OpenFiles } from '../../lib/open-files';
import { sendFileBytes } from '../../lib/send-file-bytes';
import { type Feature, typed } from '../feature';
import { mediaUrls } from '../../lib/media-urls';
import { isMediaReleased } from './videos.repository';

// GET/HEAD /media/<sha256>.mp4 (and .jpg): a lean route of our own on 1 MiB reads into reused buffers
// (lib/send-file-bytes.ts), where @fastify/static's 16 KiB reads reached 0.1-0.2x of nginx (DESIGN §7).
// Files are content-addressed, so the name is the ETag and never changes (immutable caching). Hidden (404) unless the URL carries a valid grant
// (lib/media-urls.ts) or the file backs something in a released lecture (SECURITY AC-8, UP-3). Behind nginx,
// MEDIA_ACCEL_PREFIX hands the sending of an allowed file to nginx (docs/deploy.md).

// <sha256>.mp4 is the file, <sha256>.jpg its poster (issue 9), under the same grant.
const NAME = /^([a-f0-9]{64})\.(mp4|jpg)$/;
const Params = z.object({ file: z.string() });
const Query = z.object({ exp: z.string().optional(), sig: z.string().optional() });
// Unsigned requests ask the database whether the file is released; a player fetches a file in many Range
// requests, so the answer is kept 5 s (the most a permission may be cached, SECURITY AC-7).
const RELEASE_CACHE_MS = 5000;

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range; null (serve whole) for anything we do not handle, such as several ranges. */
function parseRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null; // syntactically invalid: ignore
  }
  return start >= size ? 'unsatisfiable' : { start, end };
}

/** Events after which a stored file may be released or hidden (votes and new questions change nothing). */
const RELEASE_MAY_CHANGE: ReadonlySet<EventType> = new Set<EventType>([
  'question.answered',
  'question.edited',
  'question.deleted',
  'lecture.changed',
  'course.changed',
  'video.ready',
]);

/** The answer lasts 5 s, or until a change on any instance that may alter it arrives as an event. */
function releaseCheck(deps: AppDeps) {
  const known = new Map<string, { released: boolean; until: number }>();
  const unfollow = deps.events.subscribe((event) => {
    if (RELEASE_MAY_CHANGE.has(event.payload.type)) known.clear();
  });
  const check = async (sha256: string): Promise<boolean> => {
    const now = deps.clock().getTime();
    const hit = known.get(sha256);
    if (hit && hit.until > now) return hit.released;
    const released = await isMediaReleased(deps.db, sha256, deps.clock());
    if (known.size > 10_000) known.clear();
    known.set(sha256, { released, until: now + RELEASE_CACHE_MS });
    return released;
  };
  return { check, unfollow };
}

function mediaHandler(deps: AppDeps, isReleased: (sha256: string) => Promise<boolean>, openFiles: OpenFiles) {
  return async (
    req: FastifyRequest<{ Params: z.infer<typeof Params>; Querystring: z.infer<typeof Query> }>,
    reply: FastifyReply,
  ) => {
    const [, sha256, extension] = NAME.exec(req.params.file) ?? [];
    if (!sha256) throw notFound();
    const poster = extension === 'jpg';
    const granted =
      mediaUrls(deps).verify(sha256, req.query.exp, req.query.sig) || (await isReleased(sha256));
    if (!granted) throw notFound();
    const file = poster ? deps.media.posterPathOf(sha256) : deps.media.pathOf(sha256);
    const stat = await openFiles.acquire(file);
    if (!stat) throw notFound();
    // Given back when the answer is over, however it ends (sent, aborted, failed).
    reply.raw.once('close', stat.release);

    const etag = `"${sha256}${poster ? '.jpg' : ''}"`;
    reply.headers({
      'content-type': poster ? 'image/jpeg' : 'video/mp4',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      etag,
      'last-modified': stat.mtime.toUTCString(),
      // Content-addressed names never change; private because access is checked per request.
      'cache-control': 'private, max-age=31536000, immutable',
    });
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const accel = deps.config.mediaAccelPrefix;
    if (accel) {
      // nginx serves the bytes (Range, HEAD, sendfile) from its internal location; the headers above stay.
      const relative = path.relative(deps.config.mediaDir, file).split(path.sep).join('/');
      return reply.header('x-accel-redirect', `${accel}${relative}`).send();
    }

    const ifRange = req.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, stat.size) : null;
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
    }
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
    reply.header('content-length', String(end - start + 1));
    if (req.method === 'HEAD' || stat.size === 0) return reply.send();
    // The bytes are written to the socket here, not by Fastify (no onSend hook concerns a video); the head
    // carries the headers set above and those of the onRequest hooks. OpenFiles closes the descriptor.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.writeHead(reply.statusCode);
    sendFileBytes(reply.raw, stat.handle.fd, start, end);
  };
}

export const mediaRoutes: Feature = (app, deps) => {
  const r = typed(app);
  // No rate limit: a player makes many Range requests and a class shares one campus IP (DESIGN §5.8).
  // Served requests are not logged (a line per 1 MiB range cost ~12 % of throughput in the profile, issue 14);
  // failures still are, and media answers are none of SECURITY LOG-1's security events.
  const options = {
    schema: { params: Params, querystring: Query },
    config: { auth: 'public' as const, rateLimit: false as const },
    logLevel: 'warn' as const,
  };
  const release = releaseCheck(deps);
  app.addHook('onClose', async () => release.unfollow());
  const openFiles = new OpenFiles();
  app.addHook('onClose', () => openFiles.closeAll());
  const handler = mediaHandler(deps, release.check, openFiles);
  r.get('/media/:file', { ...options, exposeHeadRoute: false }, handler);
  r.head('/media/:file', options, handler);
};
