import { courseInvitations } from '../../src/db/schema';
import { seedCourse } from '../seed';
import { type Case, type Fresh, type Row, anyUser, anyone, nobody } from './table';
import { selfId } from './world';

// Address verification and add-admin invitations (issue 12). Invitations are answered only by their
// invitee: anyone else gets 404, as if there were none.

const DAY = 24 * 3_600_000;

/** An invitation to a course of its own, for `userId`. */
async function freshInvitation({ t, w }: Case, userId: string): Promise<Fresh> {
  const course = await seedCourse(t.db, w.users.adminB.id, { name: 'Inviting course' });
  const [row] = await t.db
    .insert(courseInvitations)
    .values({
      courseId: course.id,
      invitedBy: w.users.adminB.id,
      inviteeId: userId,
      expiresAt: new Date(w.now.getTime() + DAY),
    })
    .returning({ id: courseInvitations.id });
  return { invitation: row!.id };
}

const answerRows = (action: 'accept' | 'decline'): Row[] => [
  {
    method: 'POST',
    route: `/api/invitations/:id/${action}`,
    fresh: (c) => freshInvitation(c, selfId(c)),
    url: (_c, f) => `/api/invitations/${f.invitation}/${action}`,
    expect: anyUser(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: `/api/invitations/:id/${action}`,
    variant: "another user's invitation",
    fresh: (c) => freshInvitation(c, c.w.victim.id),
    url: (_c, f) => `/api/invitations/${f.invitation}/${action}`,
    expect: nobody(404),
    mutates: true,
  },
];

export const invitationRows: Row[] = [
  {
    method: 'GET',
    route: '/api/account/email',
    url: () => '/api/account/email',
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/account/resend-verification',
    url: () => '/api/account/resend-verification',
    expect: anyUser(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/account/verify-email',
    url: () => '/api/account/verify-email',
    payload: () => ({ body: { token: 'x'.repeat(43) } }),
    expect: anyone(400),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/invitations',
    url: () => '/api/invitations',
    expect: anyUser(200),
    mutates: false,
  },
  ...answerRows('accept'),
  ...answerRows('decline'),
];
