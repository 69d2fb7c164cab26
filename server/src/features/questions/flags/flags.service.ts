import type { FlagBody, FlaggedPostList, PostKind } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { flaggedPosts, insertFlag } from './flags.repository';
import { POST_KIND_RULES } from './post-kinds';

export type FlagsService = ReturnType<typeof createFlagsService>;

const KINDS = Object.entries(POST_KIND_RULES).map(([kind, rule]) => [kind as PostKind, rule.all] as const);

/**
 * Flags and hiding (issue 24). Any member who may read a post flags it, once, with an optional reason; the
 * admins of its question's home course (co-admins alike) see the flagged posts and hide or restore them.
 * A hidden post is listed for its author and those admins only (the visibility policy's question rule;
 * the follow-ups' list): classmates' screens drop it on the event its hiding writes.
 */
export function createFlagsService(deps: AppDeps) {
  const { db, clock } = deps;

  /** The post, its question and whether the caller administers it; 404 when the caller may not read it. */
  async function readablePost(caller: AuthUser, kind: PostKind, id: string) {
    const rule = POST_KIND_RULES[kind];
    const post = await rule.find(db, id);
    if (!post) throw notFound('Post not found');
    const { question, admin } = await rule.read(db, caller, post.questionId, clock());
    if (post.hiddenAt !== null && !admin && post.authorId !== caller.id) throw notFound('Post not found');
    return { rule, post, question, admin };
  }

  return {
    async flag(caller: AuthUser, kind: PostKind, id: string, body: FlagBody): Promise<void> {
      const { rule, question } = await readablePost(caller, kind, id);
      await db.transaction(async (tx) => {
        const flag = {
          postKind: kind,
          postId: id,
          flaggerId: caller.id,
          reason: body.reason,
          flaggedAt: clock(),
        };
        if (!(await insertFlag(tx, flag))) throw conflict('You have already flagged this post');
        await rule.announce(tx, question, id, 'admins');
      });
    },

    async setHidden(caller: AuthUser, kind: PostKind, id: string, hidden: boolean): Promise<void> {
      const { rule, post, question, admin } = await readablePost(caller, kind, id);
      if (!admin) throw forbidden('Only the course administrators can do that');
      if ((post.hiddenAt !== null) === hidden) return;
      await db.transaction(async (tx) => {
        await rule.setHidden(tx, id, hidden ? clock() : null);
        await rule.announce(tx, question, id, 'readers');
      });
    },

    async flagged(caller: AuthUser): Promise<FlaggedPostList> {
      const rows = await flaggedPosts(db, KINDS, caller.id, 100);
      return { posts: rows.map((r) => ({ ...r, reasons: r.reasons ?? [] })) };
    },
  };
}
