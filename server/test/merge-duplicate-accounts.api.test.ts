import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseAdmins,
  courseMembers,
  courses,
  lectures,
  mergedAccounts,
  questionVotes,
  questions,
  sessions,
  users,
  videos,
} from '../src/db/schema';
import { serverDir } from '../src/lib/server-dir';
import { type TestUser, createUser } from './factories';
import { seedCourse, seedCourseMember, seedLecture, seedQuestion, seedVideo } from './seed';
import { type TestApp, createTestApp } from './test-app';

// Issue 20: the migration that makes addresses unique folds the accounts sharing one into the oldest,
// lists the others for the operator, and loses none of their courses, lectures, questions or videos. The
// test database is already migrated, so the index is dropped, duplicates are made, and the migration's
// own statements from the merge on are run again.

const MIGRATION = path.join(serverDir, 'drizzle/0013_one_account_per_address.sql');

function mergeStatements(): string[] {
  const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  const first = statements.findIndex((s) => s.includes('INSERT INTO "merged_accounts"'));
  expect(first).toBeGreaterThan(0);
  return statements.slice(first);
}

describe('the one-account-per-address migration', () => {
  let t: TestApp;
  let owner: TestUser;
  let verifiedLater: TestUser;
  let unverifiedLater: TestUser;
  let bystander: TestUser;
  const address = 'Shared.Address@test.lectern';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app, { verified: false });
    verifiedLater = await createUser(t.app);
    unverifiedLater = await createUser(t.app, { verified: false });
    bystander = await createUser(t.app);
    const now = new Date();

    // The owner runs a course the later verified account studies in; that account runs a course of its own
    // with a lecture, a video it uploaded and a question the third account asked; two of them voted on it.
    const ownCourse = await seedCourse(t.db, owner.id, { name: "The owner's course" });
    await seedCourseMember(t.db, ownCourse.id, verifiedLater.id);
    const course = await seedCourse(t.db, verifiedLater.id, { name: 'A course made later' });
    await seedCourseMember(t.db, course.id, owner.id);
    await seedCourseMember(t.db, course.id, bystander.id);
    const lecture = await seedLecture(t.db, course.id, now);
    const video = await seedVideo(t.db, lecture.id);
    await t.db.update(videos).set({ uploaderId: verifiedLater.id }).where(eq(videos.id, video.id));
    const question = await seedQuestion(t.db, video.id, unverifiedLater.id);
    await t.db.insert(questionVotes).values([
      { questionId: question.id, userId: verifiedLater.id, vote: 'UP' },
      { questionId: question.id, userId: unverifiedLater.id, vote: 'DOWN' },
    ]);
    Object.assign(ids, { ownCourse: ownCourse.id, course: course.id, lecture: lecture.id });
    Object.assign(ids, { video: video.id, question: question.id });

    // What an earlier version allowed: three accounts on one address (in any case), the oldest unproven.
    await t.db.execute(sql`drop index users_email_lower_unique_idx`);
    const accounts = [owner, verifiedLater, unverifiedLater];
    for (const [i, user] of accounts.entries()) {
      const email = i === 1 ? address.toUpperCase() : i === 2 ? address.toLowerCase() : address;
      await t.db
        .update(users)
        .set({ email, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(users.id, user.id));
    }
    for (const statement of mergeStatements()) await t.db.execute(sql.raw(statement));
  });
  afterAll(() => t.close());

  it('keeps the oldest account and lists the others for the operator', async () => {
    const left = await t.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, address.toLowerCase()));
    expect(left.map((u) => u.id)).toEqual([owner.id]);
    const listed = await t.db.select().from(mergedAccounts).orderBy(mergedAccounts.createdAt);
    expect(listed.map((m) => [m.id, m.keptId, m.email])).toEqual([
      [verifiedLater.id, owner.id, address.toUpperCase()],
      [unverifiedLater.id, owner.id, address.toLowerCase()],
    ]);
    expect(listed[0]!.emailVerifiedAt).not.toBeNull();
    // The kept account did not prove the address itself, so it stays unproven.
    expect(left[0]!.emailVerifiedAt).toBeNull();
  });

  it('re-points their courses, lectures, videos, questions and votes to the kept account', async () => {
    const [course] = await t.db.select().from(courses).where(eq(courses.id, ids.course!));
    expect(course!.createdBy).toBe(owner.id);
    const admins = await t.db.select().from(courseAdmins).where(eq(courseAdmins.courseId, ids.course!));
    expect(admins.map((a) => a.userId)).toEqual([owner.id]);
    expect(await t.db.select().from(lectures).where(eq(lectures.id, ids.lecture!))).toHaveLength(1);
    const [video] = await t.db.select().from(videos).where(eq(videos.id, ids.video!));
    expect(video!.uploaderId).toBe(owner.id);
    const [question] = await t.db.select().from(questions).where(eq(questions.id, ids.question!));
    expect(question!.askerId).toBe(owner.id);
    // One vote per user and question: the older merged account's stays.
    const votes = await t.db.select().from(questionVotes).where(eq(questionVotes.questionId, ids.question!));
    expect(votes.map((v) => [v.userId, v.vote])).toEqual([[owner.id, 'UP']]);
  });

  it('makes an administrator of a course no longer its student, and leaves other accounts alone', async () => {
    const members = await t.db
      .select()
      .from(courseMembers)
      .where(inArray(courseMembers.courseId, [ids.course!, ids.ownCourse!]));
    expect(members.map((m) => m.userId)).toEqual([bystander.id]);
    expect((await t.db.select().from(users).where(eq(users.id, bystander.id))).length).toBe(1);
  });

  it("ends the sessions of the merged accounts and of the unproven kept one; the owner's password works", async () => {
    const left = await t.db
      .select()
      .from(sessions)
      .where(inArray(sessions.userId, [owner.id, verifiedLater.id, unverifiedLater.id]));
    expect(left).toEqual([]);
    t.clock.advance(31_000); // past the session cache's re-read, though this session was never cached
    const res = await t.app.inject({ method: 'GET', url: '/api/login', headers: verifiedLater.auth });
    expect(res.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: address.toLowerCase(), password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().id).toBe(owner.id);
    const bystanderSession = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, bystander.id)));
    expect(bystanderSession.length).toBeGreaterThan(0);
  });

  it('leaves the address unique', async () => {
    const again = t.db.insert(users).values({ name: 'x', email: address.toUpperCase(), passwordHash: 'x' });
    await expect(again).rejects.toThrow();
  });
});
