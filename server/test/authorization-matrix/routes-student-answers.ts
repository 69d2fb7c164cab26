import { type Row, adminsOfA, anyUser, membersOfA, nobody, statuses } from './table';
import { freshClassmateQuestion, freshQuestion, freshStudentAnswer } from './world';

// Students' answers to classmates' questions (issue 24). Course A lets students answer. The members of
// the lecture a question was asked in read them; a student of it answers another's question once; its
// author edits it; its author or the course's admins delete it; only those admins endorse one.
const answerText = () => ({ body: { text: 'Because the velocity points down.' } });

export const studentAnswerRows: Row[] = [
  {
    method: 'GET',
    route: '/api/videos/:videoId/open-questions',
    url: ({ w }) => `/api/videos/${w.VA1}/open-questions`,
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/questions/:id/student-answers',
    url: ({ w }) => `/api/questions/${w.qOpenOther}/student-answers`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/questions/:id/student-answers',
    fresh: freshClassmateQuestion,
    url: (_c, f) => `/api/questions/${f.question}/student-answers`,
    payload: answerText,
    // Instructors answer with an answer of their own, not as a student.
    expect: statuses({ anon: 401, outside: 403, studentA: 201, admins: 403 }),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/questions/:id/student-answers',
    variant: "the caller's own question",
    fresh: (c) => freshQuestion(c),
    url: (_c, f) => `/api/questions/${f.question}/student-answers`,
    payload: answerText,
    expect: nobody(403),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/student-answers/:id',
    fresh: (c) => freshStudentAnswer(c, { own: true }),
    url: (_c, f) => `/api/student-answers/${f.answer}`,
    payload: answerText,
    expect: statuses({ anon: 401, outside: 403, studentA: 200, admins: 200 }),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/student-answers/:id',
    variant: "a classmate's answer: its author's alone",
    fresh: (c) => freshStudentAnswer(c),
    url: (_c, f) => `/api/student-answers/${f.answer}`,
    payload: answerText,
    expect: nobody(403),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/student-answers/:id/endorsement',
    fresh: (c) => freshStudentAnswer(c),
    url: (_c, f) => `/api/student-answers/${f.answer}/endorsement`,
    payload: () => ({ body: { endorsed: true } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/student-answers/:id',
    fresh: (c) => freshStudentAnswer(c),
    url: (_c, f) => `/api/student-answers/${f.answer}`,
    expect: adminsOfA(204),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/student-answers/:id',
    variant: "the caller's own answer",
    fresh: (c) => freshStudentAnswer(c, { own: true }),
    url: (_c, f) => `/api/student-answers/${f.answer}`,
    expect: statuses({ anon: 401, outside: 403, studentA: 204, admins: 204 }),
    mutates: true,
  },
];
