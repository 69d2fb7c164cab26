import { fixture, multipart } from '../../src/features/videos/test/video-world';
import {
  type Payload,
  type Row,
  adminsOfA,
  asPayload,
  anyUser,
  anyone,
  membersOfA,
  nobody,
  statuses,
} from './table';
import { freshFollowUp, freshQuestion, selfId } from './world';

// Questions, answers and the usage report (SPEC §7 "Questions and meetings", "Usage").

/** A real mp4 answering `question` (POST /api/upload/videoResponse), with extra text fields. */
export const videoResponseBody = (question: string, extra: Record<string, string> = {}): Payload =>
  asPayload(
    multipart(
      { questionID: question, title: 'Answer', ...extra },
      { name: 'answer.mp4', data: fixture('answer-4s.mp4') },
    ),
  );
export const questionBody = (video: string, extra: Record<string, unknown> = {}) => ({
  body: { question: 'What does the matrix test prove?', videoId: video, time: 3, ...extra },
});

export const questionRows: Row[] = [
  {
    method: 'GET',
    route: '/api/upload/:videoId',
    url: ({ w }) => `/api/upload/${w.VA1}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/upload/videoResponse',
    fresh: (c) => freshQuestion(c),
    url: () => '/api/upload/videoResponse',
    payload: (_c, f) => videoResponseBody(f.question!),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/questions',
    url: () => '/api/questions',
    payload: ({ w }) => questionBody(w.VA1),
    expect: membersOfA(201),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/questions/user-courses-questions/:userId',
    url: (c) => `/api/questions/user-courses-questions/${selfId(c)}`,
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/user-questions/:userId',
    url: (c) => `/api/questions/user-questions/${selfId(c)}`,
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/with-response/:courseId',
    url: ({ w }) => `/api/questions/with-response/${w.A}`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/lecture-questions/:lectureId',
    url: ({ w }) => `/api/questions/lecture-questions/${w.LA}`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/questions/ratings/:questionId',
    fresh: (c) => freshQuestion(c, { answered: true }),
    url: (_c, f) => `/api/questions/ratings/${f.question}`,
    payload: () => ({ body: { voteOptions: 'UP' } }),
    expect: membersOfA(200),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/questions/status/:id',
    fresh: (c) => freshQuestion(c),
    url: (_c, f) => `/api/questions/status/${f.question}`,
    payload: () => ({ body: { status: 'processing' } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/questions/:id/answer-text',
    fresh: (c) => freshQuestion(c),
    url: (_c, f) => `/api/questions/${f.question}/answer-text`,
    payload: () => ({ body: { text: 'See slide 4: $x^2$.' } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/questions/:id',
    url: ({ w }) => `/api/questions/${w.qOpen}`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/questions/:id',
    fresh: (c) => freshQuestion(c, { answered: true }),
    url: (_c, f) => `/api/questions/${f.question}`,
    payload: () => ({
      body: { question: 'An edited question text', topic: 'Edited', level: 2, timeAsked: 3 },
    }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/questions/:id',
    fresh: (c) => freshQuestion(c, { answered: true }),
    url: (_c, f) => `/api/questions/${f.question}`,
    expect: adminsOfA(204),
    mutates: true,
  },
  ...(['student-activity', 'student-activity.csv', 'engagement'] as const).map((report): Row => ({
    method: 'GET',
    route: `/api/admin/logs/video/:id/${report}`,
    url: ({ w }) => `/api/admin/logs/video/${w.VA1}/${report}`,
    expect: adminsOfA(200),
    mutates: false,
  })),
  {
    method: 'GET',
    route: '/api/admin/logs/lecture/:id/activity',
    url: ({ w }) => `/api/admin/logs/lecture/${w.LA}/activity`,
    expect: adminsOfA(200),
    mutates: false,
  },
  // The instructor reuses answers (issue 24): the admins of the question's course see the possible answers
  // and link one, from a course holding the answered question's video that they administer too.
  {
    method: 'GET',
    route: '/api/questions/:id/possible-answers',
    url: ({ w }) => `/api/questions/${w.qOpen}/possible-answers`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/possible-answers',
    url: ({ w }) => `/api/questions/possible-answers?ids=${w.qOpen}`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/questions/:id/linked-answer',
    fresh: (c) => freshQuestion(c),
    url: (_c, f) => `/api/questions/${f.question}/linked-answer`,
    payload: ({ w }) => ({ body: { answeredQuestionId: w.qAnswered } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/questions/:id/linked-answer',
    variant: 'an answer of course A for a question of B: nobody administers both',
    fresh: (c) => freshQuestion(c, { inB: true }),
    url: (_c, f) => `/api/questions/${f.question}/linked-answer`,
    payload: ({ w }) => ({ body: { answeredQuestionId: w.qAnswered } }),
    expect: nobody(403),
    mutates: true,
  },
  // Follow-ups under an answered question (issue 24): its readers read and post them; the admins of its
  // course answer them; the author or those admins delete one.
  {
    method: 'GET',
    route: '/api/follow-ups/waiting',
    url: () => '/api/follow-ups/waiting',
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/:id/follow-ups',
    url: ({ w }) => `/api/questions/${w.qAnswered}/follow-ups`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/questions/:id/follow-ups',
    fresh: (c) => freshQuestion(c, { answered: true }),
    url: (_c, f) => `/api/questions/${f.question}/follow-ups`,
    payload: () => ({ body: { text: 'Does this hold for negative x too?' } }),
    expect: membersOfA(201),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/follow-ups/:id/answer',
    fresh: (c) => freshFollowUp(c),
    url: (_c, f) => `/api/follow-ups/${f.followUp}/answer`,
    payload: () => ({ body: { text: 'Yes: see slide 5.' } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/follow-ups/:id',
    fresh: (c) => freshFollowUp(c),
    url: (_c, f) => `/api/follow-ups/${f.followUp}`,
    expect: adminsOfA(204),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/follow-ups/:id',
    variant: "the caller's own follow-up",
    fresh: (c) => freshFollowUp(c, { own: true }),
    url: (_c, f) => `/api/follow-ups/${f.followUp}`,
    expect: statuses({ anon: 401, outside: 403, studentA: 204, admins: 204 }),
    mutates: true,
  },
  // Suggestions while typing (issue 24): anyone signed in who may see the video asks; what comes back is
  // scoped by the visibility policy (suggestions.api.test.ts). A question never suggested cannot be accepted.
  {
    method: 'GET',
    route: '/api/videos/:videoId/suggestions',
    url: ({ w }) =>
      `/api/videos/${w.VA1}/suggestions?q=${encodeURIComponent('why is the acceleration negative')}&t=3`,
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/videos/:videoId/suggestions/:questionId/accepted',
    url: ({ w }) => `/api/videos/${w.VA1}/suggestions/00000000-0000-4000-8000-000000000000/accepted`,
    expect: nobody(404),
    mutates: true,
  },
];
