import { meetings } from '../../src/db/schema';
import { seedQuestion } from '../seed';
import { type Case, type Fresh, type Row, adminsOfA, anyone, membersOfA, statuses } from './table';

// A question's room (SPEC §7 GET /api/bbb/startMeeting, /api/bbb/recordResponse; issue 10): its asker and
// the admins of its course only. The matrix runs the built-in provider (no BBB_URL).

/** A live question on VA1 asked by studentA (or another student of A), with its room open if asked. */
export async function freshLiveQuestion(
  { t, w }: Case,
  options: { askedBy?: 'studentA' | 'victim'; open?: boolean } = {},
): Promise<Fresh> {
  const asker = options.askedBy === 'victim' ? w.victim : w.users.studentA;
  const q = await seedQuestion(t.db, w.VA1, asker.id, {
    lectureId: w.LA,
    timeAsked: 2,
    live: true,
    status: 'live',
  });
  if (options.open)
    await t.db.insert(meetings).values({
      questionId: q.id,
      provider: 'builtin',
      purpose: 'discussion',
      status: 'open',
      openedAt: t.clock.now(),
      meetingId: `lectern-${q.id}`,
    });
  return { question: q.id };
}

const meetingUrl = (call: string) => (_c: Case, f: Fresh) =>
  `/api/bbb/${call}?questionText=${encodeURIComponent('Why?')}&questionID=${f.question}`;

/** The spec's GET and its POST twin (the web app's), with the same rights. */
const getAndPost = (
  call: 'startMeeting' | 'recordResponse',
  row: Omit<Row, 'method' | 'route' | 'url'>,
): Row[] => [
  { ...row, method: 'GET', route: `/api/bbb/${call}`, url: meetingUrl(call) },
  {
    ...row,
    method: 'POST',
    route: `/api/bbb/${call}`,
    url: () => `/api/bbb/${call}`,
    payload: (_c, f) => ({ body: { questionText: 'Why?', questionID: f.question } }),
  },
];

export const meetingRows: Row[] = [
  ...getAndPost('startMeeting', {
    fresh: (c) => freshLiveQuestion(c),
    expect: membersOfA(200),
    mutates: true,
  }),
  ...getAndPost('recordResponse', {
    fresh: (c) => freshLiveQuestion(c),
    expect: adminsOfA(200),
    mutates: true,
  }),
  {
    method: 'POST',
    route: '/api/meetings/:questionId/end',
    fresh: (c) => freshLiveQuestion(c, { open: true }),
    url: (_c, f) => `/api/meetings/${f.question}/end`,
    expect: adminsOfA(204),
    mutates: true,
  },
];

/** Another student's live question: its room is not studentA's to start or enter (AC-4). */
export const meetingVariantRows: Row[] = getAndPost('startMeeting', {
  variant: "another student's question",
  fresh: (c) => freshLiveQuestion(c, { askedBy: 'victim' }),
  expect: statuses({ anon: 401, outside: 403, studentA: 403, admins: 200 }),
  mutates: true,
});

/** BigBlueButton's callbacks: no login; without BigBlueButton configured (the matrix) they are 404. */
export const bbbCallbackRows: Row[] = [
  {
    method: 'GET',
    route: '/api/bbb/meetingEnded/:questionId',
    fresh: (c) => freshLiveQuestion(c, { open: true }),
    url: (_c, f) => `/api/bbb/meetingEnded/${f.question}?token=guess&recordingmarks=true`,
    expect: anyone(404),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/bbb/recordingReady',
    url: () => '/api/bbb/recordingReady',
    payload: () => ({
      body: 'signed_parameters=a.b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: anyone(404),
    mutates: true,
  },
];
