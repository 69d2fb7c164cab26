import { fixture, multipart } from '../../src/features/videos/test/video-world';
import {
  type Case,
  type Payload,
  type Row,
  adminsOfA,
  anyUser,
  anyone,
  asPayload,
  membersOfA,
} from './table';
import { freshCourseA, freshLecture } from './world';

// Lectures, lecture videos and uploads (SPEC §7 "Courses and lectures", "Videos and uploads").

const HOUR = 3_600_000;
const iso = (c: Case, hours: number) => new Date(c.w.now.getTime() + hours * HOUR).toISOString();
export const lectureDates = (c: Case) => ({
  lectureDate: iso(c, 24),
  lectureDateAvailable: iso(c, 23),
  lectureDateStart: iso(c, 24),
  lectureDateEnd: iso(c, 25),
});
const youtube = 'https://youtu.be/dQw4w9WgXcQ';

/** Body of POST /api/lectures/duplicate from `lecture` into `course`. */
export const duplicateBody = (c: Case, course: string, lecture: string) => ({
  body: { courseID: course, lectureID: lecture, ...lectureDates(c), mode: 'duplicate' },
});
export const youtubeBody = (course: string, lecture: string) => ({
  body: { courseID: course, lectureID: lecture, title: 'Linked', videoSource: youtube },
});
/** A real mp4 sent to POST /api/upload/videoFileToLecture: VA1's file, so no hidden file gets released. */
export const videoFileBody = (course: string, lecture: string): Payload =>
  asPayload(
    multipart(
      { courseID: course, lectureID: lecture, title: 'Uploaded' },
      { name: 'clip.mp4', data: fixture('lecture-10s.mp4') },
    ),
  );

export const lectureRows: Row[] = [
  {
    method: 'GET',
    route: '/api/lectures/courseLectures/:courseId',
    url: ({ w }) => `/api/lectures/courseLectures/${w.A}`,
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/lectures/lectureVideos/:lectureId',
    url: ({ w }) => `/api/lectures/lectureVideos/${w.LA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/lectures/duplicate',
    // The target must be another course: one administered by the same people as A.
    fresh: freshCourseA,
    url: () => '/api/lectures/duplicate',
    payload: (c, f) => duplicateBody(c, f.course!, c.w.LA),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/upload/createLectureOnly',
    url: () => '/api/upload/createLectureOnly',
    payload: (c) => ({ body: { courseID: c.w.A, title: 'Created', topic: 'Matrix', ...lectureDates(c) } }),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/lectures/:id',
    url: ({ w }) => `/api/lectures/${w.LA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/lectures/:id',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}`,
    payload: (c) => ({ body: { title: 'Edited', topic: 'Edited', ...lectureDates(c) } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/lectures/:id',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}`,
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/lectures/:id/removeVideo',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}/removeVideo`,
    payload: (_c, f) => ({ body: { videoId: f.v1 } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/lectures/:id/reorderVideos',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/lectures/${f.lecture}/reorderVideos`,
    payload: (_c, f) => ({ body: { videoIds: [f.v2, f.v1] } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/upload/videoFileToLecture',
    fresh: (c) => freshLecture(c),
    url: () => '/api/upload/videoFileToLecture',
    payload: (c, f) => videoFileBody(c.w.A, f.lecture!),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/upload/storage',
    url: () => '/api/upload/storage',
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/upload/youtubeToLecture',
    fresh: (c) => freshLecture(c),
    url: () => '/api/upload/youtubeToLecture',
    payload: (c, f) => youtubeBody(c.w.A, f.lecture!),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/upload/lecture-videos/:lectureId',
    url: ({ w }) => `/api/upload/lecture-videos/${w.LA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/upload/lecture-video/:lectureId',
    url: ({ w }) => `/api/upload/lecture-video/${w.LA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/upload/videoAnswers/:responseId',
    url: ({ w }) => `/api/upload/videoAnswers/${w.RA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/upload/contexts/:videoId',
    url: ({ w }) => `/api/upload/contexts/${w.VA1}`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/upload/renameLectureVideo/:id',
    fresh: (c) => freshLecture(c),
    url: (_c, f) => `/api/upload/renameLectureVideo/${f.v1}`,
    payload: () => ({ body: { title: 'Renamed video' } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/media/:file',
    url: ({ w }) => `/media/${w.media.lecture}.mp4`,
    payload: () => ({ headers: { range: 'bytes=0-99' } }),
    expect: anyone(206),
    mutates: false,
  },
];
