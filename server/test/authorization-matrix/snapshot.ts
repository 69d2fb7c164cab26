import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';

// The state a denied call must leave alone (SECURITY AC-2): every row of every table, in a stable order.

const TABLES = [
  schema.users,
  schema.sessions,
  schema.passwordResets,
  schema.courses,
  schema.courseAdmins,
  schema.courseMembers,
  schema.lectures,
  schema.lectureMembers,
  schema.lectureVideos,
  schema.mediaFiles,
  schema.videos,
  schema.responses,
  schema.questions,
  schema.questionVotes,
  schema.usageEvents,
];

const stable = (rows: unknown[]): string[] =>
  rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();

export async function snapshotAll(db: Db): Promise<string[][]> {
  const snapshot: string[][] = [];
  for (const table of TABLES) snapshot.push(stable(await db.select().from(table)));
  return snapshot;
}
