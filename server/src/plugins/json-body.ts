import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

// JSON bodies (issue 12, item 7). Parsing is the costliest thing an anonymous request can make the
// server do, so: small bodies unless a route needs more (413 beyond, before a byte is parsed), and a
// linear scan that refuses deep nesting before JSON.parse and validation would walk it (a megabyte of
// `[[[[…` cost 120–200 ms of event loop). Rate limits run before both (plugins/rate-limit.ts).

const KIB = 1024;

/** Body size caps: every route gets `default`; the few that need more say so with `bodyLimit`. */
export const BODY_LIMITS = {
  /** Logins, questions (2000 characters), votes, titles: a few KB, with room for escaped text. */
  default: 16 * KIB,
  /** Course name and description (5000 characters). */
  courseText: 64 * KIB,
  /** Lists of ids: up to 5000 questions to copy, 500 videos to reorder. */
  idLists: 256 * KIB,
  /**
   * An answer in words: 20,000 characters, and room to read a much longer one so that it is refused with
   * the length's own message (400) rather than a bare 413 (issue 24).
   */
  answerText: 2 * KIB * KIB,
  /** An edited caption track: up to 20,000 cues (the file itself is at most 2 MB). */
  captionCues: 4 * KIB * KIB,
} as const;

/** Deeper than this is no body any route takes (the deepest, edited captions, has 3 levels). */
export const MAX_JSON_DEPTH = 16;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `text` nests objects and arrays deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}

/** Replaces Fastify's JSON parser (kept, with its prototype-poisoning checks) by one that scans first. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`));
      return;
    }
    parseJson(req, body as string, done);
  });
}
