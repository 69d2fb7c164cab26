import type { EventType } from '@lectern/shared';
import { gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../src/db/schema';
import { isServerPath } from '../src/plugins/auth';
import { routeRows } from './authorization-matrix/rows';
import { injectRow } from './authorization-matrix/send';
import type { Role, Row } from './authorization-matrix/table';
import { buildWorld, userOf } from './authorization-matrix/world';
import { appFixture } from './fixture';

// Conventions as checks (docs/architecture.md): every write that changes what a screen shows puts an event
// in the outbox, in its transaction. This table names, for each write route of the running app, the event
// types it writes, or says why it writes none. A new write route without an entry fails the test; each
// entry is performed through HTTP, with the authorization matrix's request and world, as the first role
// it allows, and the outbox must then hold exactly the types named (so "none" is checked too).

type Expectation =
  | { emits: EventType[] }
  /** Writes no event, for the reason given. */
  | { none: string }
  /** Should write an event and does not yet: a bug to fix, listed so that the table stays true. */
  | { gap: string };

const PASSWORDS = 'sessions only: an ended session is an ephemeral notice (sessions.ended), never an event';
const OWN_ACCOUNT = "the caller's own account: only the screen that made the write shows it";
const UPLOAD_ONLY =
  'an upload in progress, which only its uploader sees; the finished upload makes the video (tus PATCH)';
const LTI_ADMIN = "the installation's LTI platforms, which only installation admins see";
const PLAYLIST = ['lecture.changed'] satisfies EventType[];

const WRITE_ROUTE_EVENTS: Record<string, Expectation> = {
  'POST /api/login': { none: 'starts a session' },
  'POST /api/videos/:videoId/suggestions/:questionId/accepted': {
    none: 'a count of students a suggestion helped (suggestion_acceptances) that no screen shows',
  },
  'POST /api/signup/': { none: 'a new account, in no course yet' },
  'POST /api/lti/handover': { none: "starts a session (an LTI launch's sign-in)" },
  'POST /api/lti/deep-link': {
    none: 'signs an answer for the LMS; links an LMS course, which no screen shows',
  },
  'POST /api/lti/new-tab': { none: 'a one-time sign-in code for a new tab' },
  // Refused for every role of the matrix (no installation admin there): the admin's writes change a list
  // only installation admins see, on the page that made them (features/lti/platforms-admin.api.test.ts).
  'POST /api/admin/lti/platforms': { none: LTI_ADMIN },
  'PUT /api/admin/lti/platforms/:id': { none: LTI_ADMIN },
  'DELETE /api/admin/lti/platforms/:id': { none: LTI_ADMIN },
  'POST /api/logout': { none: PASSWORDS },
  'POST /api/auth/forgot-password': { none: 'queues a mail' },
  'POST /api/auth/reset-password': { none: PASSWORDS },
  'PUT /api/login/updatePassword': { none: PASSWORDS },
  'POST /api/notification': { none: 'a read of notification preferences sent as a POST (the spec)' },
  'POST /api/notification/update-notification': { none: OWN_ACCOUNT },
  'POST /api/account/resend-verification': { none: 'queues a mail' },
  'POST /api/account/verify-email': { none: OWN_ACCOUNT },
  'POST /api/logging/log': { none: 'a usage record no screen shows' },
  'POST /api/courses': { none: 'a course only its creator knows of yet, who made it on this screen' },
  'POST /api/courses/join': { gap: "the course admins' member list changes (GET /api/courses/:id/members)" },
  'POST /api/lectures/join': { gap: "the course admins' member list changes (GET /api/courses/:id/members)" },
  'PUT /api/courses/:id': { emits: ['course.changed'] },
  'DELETE /api/courses/:id': { emits: ['course.changed'] },
  'POST /api/courses/:id/lti-roster-sync': {
    none: "the matrix's course is linked to no LMS course (409); linked, it emits course.changed: lti/lti-roster.api.test.ts",
  },
  'PUT /api/lectures/:id/lti-gradebook': {
    none: "the matrix's course is linked to no LMS course (409); linked, it emits lecture.changed: lti/lti-gradebook.api.test.ts",
  },
  'POST /api/courses/add-admin': { gap: "the invitee's list of invitations changes" },
  'POST /api/invitations/:id/accept': { emits: ['course.changed'] },
  'POST /api/invitations/:id/decline': { none: 'only the invitee saw the invitation, on this screen' },
  'POST /api/lectures/duplicate': { emits: PLAYLIST },
  'POST /api/upload/createLectureOnly': { emits: PLAYLIST },
  'PUT /api/lectures/:id': { emits: PLAYLIST },
  'DELETE /api/lectures/:id': { emits: ['course.changed'] },
  'POST /api/lectures/:id/reorderVideos': { emits: PLAYLIST },
  'POST /api/lectures/:id/removeVideo': { emits: PLAYLIST },
  // A browser-playable file joins the playlist at once; another waits as video.processing (its own tests).
  'POST /api/upload/videoFileToLecture': { emits: PLAYLIST },
  'POST /api/upload/youtubeToLecture': { emits: PLAYLIST },
  'PUT /api/upload/renameLectureVideo/:id': { emits: PLAYLIST },
  'POST /tus': { none: UPLOAD_ONLY },
  'POST /tus/*': { none: UPLOAD_ONLY },
  'PATCH /tus': { none: 'names no upload: always 404' },
  'DELETE /tus': { none: 'names no upload: always 404' },
  // The matrix sends a chunk; the last chunk ends in addUploadedVideo, as videoFileToLecture does above.
  'PATCH /tus/*': { none: 'a chunk of an upload, which only its uploader sees' },
  'DELETE /tus/*': { none: UPLOAD_ONLY },
  'POST /api/upload/videoResponse': { emits: ['question.answered'] },
  'POST /api/questions': { emits: ['question.asked'] },
  'PUT /api/questions/ratings/:questionId': { emits: ['vote.changed'] },
  'PUT /api/questions/status/:id': { emits: ['question.status'] },
  'PUT /api/questions/:id': { emits: ['question.edited'] },
  'POST /api/questions/:id/linked-answer': { emits: ['question.answered'] },
  'PUT /api/questions/:id/answer-text': { emits: ['question.answered'] },
  'DELETE /api/questions/:id': { emits: ['question.deleted'] },
  'POST /api/questions/:id/follow-ups': { emits: ['followup.changed'] },
  'PUT /api/follow-ups/:id/answer': { emits: ['followup.changed'] },
  'DELETE /api/follow-ups/:id': { emits: ['followup.changed'] },
  'POST /api/questions/:id/student-answers': { emits: ['studentanswer.changed'] },
  'PUT /api/student-answers/:id': { emits: ['studentanswer.changed'] },
  // The matrix's question waits, so the endorsement answers it.
  'PUT /api/student-answers/:id/endorsement': { emits: ['question.answered', 'studentanswer.changed'] },
  'DELETE /api/student-answers/:id': { emits: ['studentanswer.changed'] },
  // A flag tells the question's admins (the kind's event: question.edited for a question); hiding tells
  // whoever read the post, whose lists drop it.
  'POST /api/posts/:kind/:id/flags': { emits: ['question.edited'] },
  'PUT /api/posts/:kind/:id/hidden': { emits: ['question.edited'] },
  'PUT /api/captions/:owner/:ownerId/:language': {
    gap: "the player's captions change; no event type says so",
  },
  'POST /api/captions/:owner/:ownerId/:language/versions': {
    gap: "the player's captions change; no event type says so",
  },
  'DELETE /api/captions/:owner/:ownerId/:language': {
    gap: "the player's captions change; no event type says so",
  },
  'POST /api/captions/:owner/:ownerId/automatic': {
    none: 'automatic captions are off in the API tests (409); on, it emits captions.automatic: captions/automatic/auto-captions.api.test.ts',
  },
  'POST /api/bbb/startMeeting': { emits: ['meeting.opened', 'meeting.joined'] },
  'POST /api/bbb/recordResponse': { emits: ['meeting.opened', 'meeting.joined'] },
  'POST /api/meetings/:questionId/end': { emits: ['question.status', 'meeting.ended'] },
  'POST /api/bbb/recordingReady': {
    none: "BigBlueButton's callback, 404 here (no BBB_URL); its answer's events: meetings/bbb.api.test.ts",
  },
  'POST /api/rooms/:questionId/join': { emits: ['room.presence', 'meeting.joined'] },
  'POST /api/rooms/:questionId/heartbeat': { none: 'keeps a present peer present: join and leave announce' },
  'POST /api/rooms/:questionId/signal': {
    none: 'an ephemeral notice (room.signal) to one peer, never an event',
  },
  'POST /api/rooms/:questionId/leave': { emits: ['room.presence'] },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The roles a write is tried as, in this order: the first the matrix allows performs it. */
const PERFORMERS: Role[] = ['adminA', 'coAdminA', 'studentA', 'outsider', 'anon'];
/** The matrix row of a route (its coverage test keeps one for every route). */
const rowOf = (route: string): Row => {
  const row = routeRows.find((r) => `${r.method} ${r.route}` === route);
  if (!row) throw new Error(`No authorization-matrix row for ${route}`);
  return row;
};
/**
 * The first role the matrix allows to perform the row; adminA when none is (a token only a mail gives,
 * BigBlueButton's callbacks without it, /tus without an upload): the refused request must write nothing.
 */
function performerOf(row: Row): { role: Role; succeeds: boolean } {
  const role = PERFORMERS.find((r) => row.expect[r] < 300);
  return role ? { role, succeeds: true } : { role: 'adminA', succeeds: false };
}

const { t, w } = appFixture(buildWorld, {
  // Every write is a fresh request; the upload-creation limit has its own test (upload-allowance).
  app: { env: { UPLOAD_CREATIONS_PER_HOUR: '100000' } },
});

/** The event types the write wrote to the outbox, in their order (distinct). */
async function performAndRead(row: Row, role: Role) {
  const c = { t, w, role, user: userOf(w, role) };
  const fresh = row.fresh ? await row.fresh(c) : {};
  const [before] = await t.db.select({ last: max(events.id) }).from(events);
  const res = await injectRow(row, c, fresh);
  const written = await t.db
    .select({ type: events.type })
    .from(events)
    .where(gt(events.id, before?.last ?? 0))
    .orderBy(events.id);
  return { res, types: [...new Set(written.map((e) => e.type))] };
}

describe('every write route and its events', () => {
  it('has an entry for every write route of the app, and none for a route that is gone', () => {
    const writes = t.app.routePolicies
      .filter((r) => isServerPath(r.url) && WRITES.has(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(writes.filter((k) => !(k in WRITE_ROUTE_EVENTS))).toEqual([]);
    expect(Object.keys(WRITE_ROUTE_EVENTS).filter((k) => !writes.includes(k))).toEqual([]);
  });

  it('names events only where the matrix has a request that succeeds, to prove them', () => {
    const unproven = Object.entries(WRITE_ROUTE_EVENTS).filter(
      ([route, expectation]) => !('none' in expectation) && !performerOf(rowOf(route)).succeeds,
    );
    expect(unproven.map(([route]) => route)).toEqual([]);
  });

  for (const [route, expectation] of Object.entries(WRITE_ROUTE_EVENTS)) {
    const wanted = 'emits' in expectation ? expectation.emits : [];
    const says = 'emits' in expectation ? wanted.join(', ') : `nothing: ${Object.values(expectation)[0]}`;
    it(`${route} writes ${says}`, async () => {
      const row = rowOf(route);
      const { role } = performerOf(row);
      const { res, types } = await performAndRead(row, role);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(row.expect[role]);
      expect([...types].sort()).toEqual([...wanted].sort());
    });
  }
});
