import { type SQL, sql } from 'drizzle-orm';
import type { PostKind } from '@lectern/shared';
import type { DbOrTx } from '../../../db/client';
import { postFlags } from '../../../db/schema';

/** Records a member's flag; false when they had flagged the post already. */
export async function insertFlag(
  db: DbOrTx,
  flag: { postKind: PostKind; postId: string; flaggerId: string; reason: string; flaggedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(postFlags).values(flag).onConflictDoNothing().returning();
  return rows.length > 0;
}

export interface FlaggedRow {
  kind: PostKind;
  id: string;
  questionId: string;
  courseName: string;
  text: string;
  flags: number;
  reasons: string[] | null;
  hidden: boolean;
  lastFlaggedAt: string;
}

/**
 * The flagged posts under questions asked in courses `adminId` administers, most recently flagged first.
 * Each kind's posts are joined on the flags of that kind (`all`, post-kinds.ts), so a read costs the
 * flags, not the posts.
 */
export async function flaggedPosts(
  db: DbOrTx,
  kinds: readonly (readonly [PostKind, SQL])[],
  adminId: string,
  limit: number,
): Promise<FlaggedRow[]> {
  const branches = kinds.map(
    ([kind, all]) => sql`select f.post_kind, p.id, p.question_id, p.text, p.hidden_at, f.reason, f.flagged_at
      from post_flags f join (${all}) p on p.id = f.post_id where f.post_kind = ${kind}`,
  );
  const result = (await db.execute(sql`
    select p.post_kind as kind, p.id, p.question_id as "questionId", c.name as "courseName", p.text,
           count(*)::int as flags, array_agg(p.reason) filter (where p.reason <> '') as reasons,
           p.hidden_at is not null as hidden, to_char(max(p.flagged_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastFlaggedAt"
    from (${sql.join(branches, sql` union all `)}) p
    join questions q on q.id = p.question_id
    join lectures l on l.id = q.lecture_id
    join courses c on c.id = l.course_id
    join course_admins a on a.course_id = l.course_id and a.user_id = ${adminId}
    group by p.post_kind, p.id, p.question_id, c.name, p.text, p.hidden_at
    order by max(p.flagged_at) desc, p.id
    limit ${limit}`)) as unknown as { rows: FlaggedRow[] };
  return result.rows;
}
