import { type Case, type Row, hiddenUntilReleased, nobody, ofCourseB, anyone, statuses } from './table';
import { captionVariantRows } from './routes-captions';
import { meetingVariantRows } from './routes-meetings';
import { roomVariantRows } from './routes-rooms';
import { lectureVideoMetadata, tusCreate } from './routes-tus';
import { duplicateBody, lectureDates, videoFileBody, youtubeBody } from './routes-lectures';
import { videoResponseBody } from './routes-questions';
import { freshCourseA, freshLecture, freshQuestion } from './world';
import { foreignIdRows } from './variants-foreign-ids';
import { mixedIdRows } from './variants-mixed-ids';

// Rows that pass a first check but must still be refused: unreleased objects (AC-8), objects of course B
// while the caller administers A (AC-3, AC-7), objects that do not belong together (AC-6), and ids of
// another user (AC-4, in variants-foreign-ids.ts).

const get = (variant: string, route: string, url: (c: Case) => string, expect: Row['expect']): Row => ({
  method: 'GET',
  route,
  variant,
  url,
  expect,
  mutates: false,
});

/** The unsigned URL, or the signed one the caller was given, if any (only admins see LU's videos). */
async function hiddenFileUrl({ t, w, user }: Case) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/upload/lecture-videos/${w.LU}`,
    headers: user?.auth ?? {},
  });
  const given = res.statusCode === 200 ? res.json<{ videoSource: string }[]>()[0]?.videoSource : undefined;
  return { file: given ?? `/media/${w.media.hidden}.mp4` };
}

/** Questions need a login; then an unreleased lecture's are 404 for all but A's admins (AC-8). */
const hiddenFromSignedIn = statuses({ anon: 401, outside: 404, studentA: 404, admins: 200 });

const unreleased: Row[] = [
  get('unreleased LU', '/api/lectures/:id', ({ w }) => `/api/lectures/${w.LU}`, hiddenUntilReleased(200)),
  get(
    'unreleased LU',
    '/api/lectures/lectureVideos/:lectureId',
    ({ w }) => `/api/lectures/lectureVideos/${w.LU}`,
    hiddenUntilReleased(200),
  ),
  get(
    'unreleased LU',
    '/api/upload/lecture-videos/:lectureId',
    ({ w }) => `/api/upload/lecture-videos/${w.LU}`,
    hiddenUntilReleased(200),
  ),
  get(
    'unreleased LU',
    '/api/upload/lecture-video/:lectureId',
    ({ w }) => `/api/upload/lecture-video/${w.LU}`,
    hiddenUntilReleased(200),
  ),
  get('unreleased VU', '/api/upload/:videoId', ({ w }) => `/api/upload/${w.VU}`, hiddenUntilReleased(200)),
  get('unsigned file of VU', '/media/:file', ({ w }) => `/media/${w.media.hidden}.mp4`, anyone(404)),
  {
    ...get('file of VU as given', '/media/:file', () => '', hiddenUntilReleased(200)),
    fresh: hiddenFileUrl,
    url: (_c, f) => f.file!,
  },
  get(
    'unreleased LU',
    '/api/questions/lecture-questions/:lectureId',
    ({ w }) => `/api/questions/lecture-questions/${w.LU}`,
    hiddenFromSignedIn,
  ),
  get(
    'own question on VU',
    '/api/questions/:id',
    ({ w }) => `/api/questions/${w.qUnreleased}`,
    hiddenFromSignedIn,
  ),
  get(
    "another student's open question",
    '/api/questions/:id',
    ({ w }) => `/api/questions/${w.qOpenOther}`,
    statuses({ anon: 401, outside: 403, studentA: 404, admins: 200 }),
  ),
];

const inB = 'object of course B';
const courseB: Row[] = [
  get(inB, '/api/courses/:id', ({ w }) => `/api/courses/${w.B}`, ofCourseB(200, 200)),
  get(
    inB,
    '/api/admin/logs/video/:id/student-activity',
    ({ w }) => `/api/admin/logs/video/${w.VB}/student-activity`,
    ofCourseB(403, 200),
  ),
  {
    method: 'DELETE',
    route: '/api/lectures/:id',
    variant: inB,
    fresh: (c) => freshLecture(c, c.w.B),
    url: (_c, f) => `/api/lectures/${f.lecture}`,
    expect: ofCourseB(403, 200),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/upload/renameLectureVideo/:id',
    variant: inB,
    fresh: (c) => freshLecture(c, c.w.B),
    url: (_c, f) => `/api/upload/renameLectureVideo/${f.v1}`,
    payload: () => ({ body: { title: 'Renamed video' } }),
    expect: ofCourseB(403, 200),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/questions/:id',
    variant: inB,
    fresh: (c) => freshQuestion(c, { inB: true }),
    url: (_c, f) => `/api/questions/${f.question}`,
    payload: () => ({ body: { question: 'An edited question text', level: 2, timeAsked: 3 } }),
    expect: ofCourseB(403, 200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/questions/:id',
    variant: inB,
    fresh: (c) => freshQuestion(c, { inB: true }),
    url: (_c, f) => `/api/questions/${f.question}`,
    expect: ofCourseB(403, 204),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/questions/status/:id',
    variant: inB,
    fresh: (c) => freshQuestion(c, { inB: true }),
    url: (_c, f) => `/api/questions/status/${f.question}`,
    payload: () => ({ body: { status: 'processing' } }),
    expect: ofCourseB(403, 200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/upload/videoResponse',
    variant: inB,
    fresh: (c) => freshQuestion(c, { inB: true }),
    url: () => '/api/upload/videoResponse',
    payload: (_c, f) => videoResponseBody(f.question!),
    expect: ofCourseB(403, 201),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/upload/createLectureOnly',
    variant: inB,
    url: () => '/api/upload/createLectureOnly',
    payload: (c) => ({ body: { courseID: c.w.B, title: 'Created', topic: 'Matrix', ...lectureDates(c) } }),
    expect: ofCourseB(403, 201),
    mutates: true,
  },
];

const post = (
  variant: string,
  route: string,
  payload: Row['payload'],
  options: { fresh?: Row['fresh']; expect?: Row['expect'] } = {},
): Row => ({
  method: 'POST',
  route,
  variant,
  fresh: options.fresh,
  url: () => (route === '/tus/*' ? '/tus/' : route),
  payload,
  expect: options.expect ?? nobody(403),
  mutates: true,
});
/** A's admins may upload to A, so they learn that the lecture is not A's (400); everyone else gets 403. */
const notTogether = { expect: statuses({ anon: 401, outside: 403, studentA: 403, admins: 400 }) };

const mismatched = 'lecture of B with course A';
const apart: Row[] = [
  post(mismatched, '/api/upload/youtubeToLecture', ({ w }) => youtubeBody(w.A, w.LB), notTogether),
  post(mismatched, '/api/upload/videoFileToLecture', ({ w }) => videoFileBody(w.A, w.LB), notTogether),
  post(mismatched, '/tus/*', ({ w }) => tusCreate(lectureVideoMetadata(w.A, w.LB)), notTogether),
  post(
    'from B into a course of A',
    '/api/lectures/duplicate',
    (c, f) => duplicateBody(c, f.course!, c.w.LB),
    { fresh: freshCourseA },
  ),
  post('from A into B', '/api/lectures/duplicate', (c) => duplicateBody(c, c.w.B, c.w.LA)),
];

export const variantRows: Row[] = [
  ...unreleased,
  ...courseB,
  ...apart,
  ...foreignIdRows,
  ...mixedIdRows,
  ...captionVariantRows,
  ...meetingVariantRows,
  ...roomVariantRows,
];
