import { z } from 'zod';
import { POST_KINDS } from '../wire';
import { Id } from './common';

// Flags and hiding (issue 24): any member flags a post they may read, once, with an optional reason; the
// admins of its course hide it from students or restore it.

export const MAX_FLAG_REASON = 300;

export const PostKind = z.enum(POST_KINDS);
export type PostKind = z.infer<typeof PostKind>;

/** POST /api/posts/:kind/:id/flags, PUT /api/posts/:kind/:id/hidden. */
export const PostParams = z.strictObject({ kind: PostKind, id: Id });
export type PostParams = z.infer<typeof PostParams>;

export const FlagBody = z.strictObject({
  reason: z.string().trim().max(MAX_FLAG_REASON, `At most ${MAX_FLAG_REASON} characters`).default(''),
});
export type FlagBody = z.infer<typeof FlagBody>;

export const HiddenBody = z.strictObject({ hidden: z.boolean() });
export type HiddenBody = z.infer<typeof HiddenBody>;

/**
 * GET /api/flags: the flagged posts of the courses the caller administers, most recently flagged first, at
 * most 100. `text` the post's words (a question's text, a follow-up's Markdown); `reasons` the non-empty
 * reasons given, without their authors; `questionId` the question the post is, or is under.
 */
export const FlaggedPostDto = z.object({
  kind: PostKind,
  id: z.string(),
  questionId: z.string(),
  courseName: z.string(),
  text: z.string(),
  flags: z.number(),
  reasons: z.array(z.string()),
  hidden: z.boolean(),
  lastFlaggedAt: z.string(),
});
export type FlaggedPostDto = z.infer<typeof FlaggedPostDto>;
export const FlaggedPostList = z.object({ posts: z.array(FlaggedPostDto) });
export type FlaggedPostList = z.infer<typeof FlaggedPostList>;
