import { questionBody } from './routes-questions';
import { type Row, adminsOfA, anyone, hiddenUntilReleased, statuses } from './table';
import { freshLecture } from './world';

// SECURITY AC-6 inside one call: a second id that points elsewhere (another lecture, another course, an
// unreleased lecture) must not widen what the first id allows.

export const mixedIdRows: Row[] = [
  {
    method: 'GET',
    route: '/api/upload/:videoId',
    variant: 'unreleased VU opened from released LA',
    url: ({ w }) => `/api/upload/${w.VU}?lectureId=${w.LA}`,
    expect: hiddenUntilReleased(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/upload/:videoId',
    variant: 'VA1 opened from unreleased LU',
    url: ({ w }) => `/api/upload/${w.VA1}?lectureId=${w.LU}`,
    // VA1 is public; a lecture the caller may not see is ignored, never echoed.
    expect: anyone(200),
    mustNotShow: ({ w, role }) => (role === 'adminA' || role === 'coAdminA' ? [] : [w.LU]),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/questions',
    variant: 'unreleased VU asked from released LA',
    url: () => '/api/questions',
    payload: ({ w }) => questionBody(w.VU, { lectureId: w.LA }),
    // VU is not in LA: nobody may file a question under a lecture that does not hold the video.
    expect: statuses({ anon: 401, outside: 404, studentA: 404, admins: 404 }),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/lectures/:id/removeVideo',
    variant: 'a video of B from a lecture of A',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}/removeVideo`,
    payload: ({ w }) => ({ body: { videoId: w.VB } }),
    expect: adminsOfA(404),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/lectures/:id/reorderVideos',
    variant: 'a video of B slipped into the order',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}/reorderVideos`,
    payload: ({ w }, f) => ({ body: { videoIds: [f.v2, w.VB] } }),
    expect: adminsOfA(400),
    mutates: true,
  },
];
