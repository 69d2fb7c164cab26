import fs from 'node:fs';
import path from 'node:path';
import type { CourseDto, LectureDto, QuestionDto, VideoDto } from '@lectern/shared';
import { type E2eUser, apiCall, signupViaApi } from './api';
import { baseURL } from './browser';

// Seeding through the real API (DESIGN §9): the data a journey starts from, never the journey itself.

/** The project's own test media (test-media/make.mjs makes them). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../test-media');
export const HOUR = 60 * 60 * 1000;
export const youtubeUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** A lecture and its course, as the upload endpoints take them. */
export interface LectureIds {
  courseId: string;
  lectureId: string;
}

/** POST /api/courses: `owner` becomes the first admin. */
export const seedCourse = (owner: E2eUser, name: string, description = `About ${name}`, base?: string) =>
  apiCall<CourseDto>('/api/courses', {
    method: 'POST',
    token: owner.token,
    body: { name, description, adminId: owner.id },
    base,
  });

/** POST /api/courses/join for a student. */
export const joinCourse = (student: E2eUser, courseId: string, base?: string) =>
  apiCall('/api/courses/join', { method: 'POST', token: student.token, body: { courseId }, base });

/** POST /api/upload/createLectureOnly; times are epoch ms, the lecture date is its start. */
export const seedLecture = (
  owner: E2eUser,
  lecture: { courseID: string; title: string; topic: string; start: number; end: number; available?: number },
  base?: string,
) =>
  apiCall<LectureDto>('/api/upload/createLectureOnly', {
    method: 'POST',
    token: owner.token,
    body: {
      courseID: lecture.courseID,
      title: lecture.title,
      topic: lecture.topic,
      lectureDate: new Date(lecture.start).toISOString(),
      ...(lecture.available !== undefined && {
        lectureDateAvailable: new Date(lecture.available).toISOString(),
      }),
      lectureDateStart: new Date(lecture.start).toISOString(),
      lectureDateEnd: new Date(lecture.end).toISOString(),
    },
    base,
  });

/** POST /api/upload/youtubeToLecture. */
export const addYouTubeVideo = (owner: E2eUser, ids: LectureIds, title: string, videoSource: string) =>
  apiCall<VideoDto>('/api/upload/youtubeToLecture', {
    method: 'POST',
    token: owner.token,
    body: { courseID: ids.courseId, lectureID: ids.lectureId, title, videoSource },
  });

/** A multipart POST with one fixture mp4 as `file`; the upload endpoints answer 201. */
async function postFixture(
  url: string,
  token: string,
  fields: Record<string, string>,
  fixture: string,
  base = baseURL(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const mp4 = fs.readFileSync(path.join(FIXTURES, fixture));
  form.append('file', new Blob([mp4], { type: 'video/mp4' }), fixture);
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`POST ${url} ${fixture} → ${res.status} ${await res.text()}`);
  return res;
}

/** The instructor's upload of a fixture into the lecture; the title defaults to the file name. */
export async function uploadVideo(
  owner: E2eUser,
  ids: LectureIds,
  fixture: string,
  title?: string,
  base?: string,
) {
  const res = await postFixture(
    '/api/upload/videoFileToLecture',
    owner.token,
    {
      courseID: ids.courseId,
      lectureID: ids.lectureId,
      title: title ?? fixture.replace('.mp4', ''),
      sourceType: 'localFile',
    },
    fixture,
    base,
  );
  return ((await res.json()) as VideoDto).id;
}

/** A question asked through the API (POST /api/questions). */
export const askViaApi = (asker: E2eUser, videoId: string, question: string, time: number) =>
  apiCall<QuestionDto>('/api/questions', {
    method: 'POST',
    token: asker.token,
    body: { question, videoId, time },
  });

/** The instructor's answer in words (PUT /api/questions/{id}/answer-text). */
export const answerInWordsViaApi = (admin: E2eUser, questionId: string, text: string) =>
  apiCall(`/api/questions/${questionId}/answer-text`, { method: 'PUT', token: admin.token, body: { text } });

/** The instructor's answer (POST /api/upload/videoResponse), with the 4 s fixture unless named. */
export async function answerViaApi(
  admin: E2eUser,
  questionID: string,
  { fixture = 'answer-4s.mp4', base }: { fixture?: string; base?: string } = {},
) {
  await postFixture(
    '/api/upload/videoResponse',
    admin.token,
    { questionID, title: 'Answer', sourceType: 'localFile' },
    fixture,
    base,
  );
}

/** A lecture released yesterday with one YouTube video per title, as GET /api/lectures/{id} then shows it. */
export async function seedLectureWithYouTubeVideos(
  owner: E2eUser,
  courseID: string,
  title: string,
  videoTitles: string[],
) {
  const at = Date.now() - 24 * HOUR;
  const lecture = await seedLecture(owner, { courseID, title, topic: 'Basics', start: at, end: at + HOUR });
  const ids = { courseId: courseID, lectureId: lecture.id };
  for (const [index, videoTitle] of videoTitles.entries()) {
    await addYouTubeVideo(owner, ids, videoTitle, youtubeUrl(`abcdefghij${index}`));
  }
  return apiCall<LectureDto>(`/api/lectures/${lecture.id}`, { token: owner.token });
}

/** A new student's question at 1:05 on the video, answered by the instructor with an uploaded mp4. */
export async function seedAnsweredQuestion(owner: E2eUser, courseId: string, videoId: string, text: string) {
  const student = await signupViaApi();
  await joinCourse(student, courseId);
  const question = await askViaApi(student, videoId, text, 65);
  await answerViaApi(owner, question.id);
  return question;
}

/** A course of `admin` that `student` joined, with one lecture released 3 h ago; live now or ended 1 h ago. */
export async function seedJoinedLecture(
  admin: E2eUser,
  student: E2eUser,
  live = false,
  base?: string,
): Promise<LectureIds> {
  const course = await seedCourse(admin, `Physics ${admin.id.slice(0, 4)}`, 'Motion and light', base);
  await joinCourse(student, course.id, base);
  const now = Date.now();
  const lecture = await seedLecture(
    admin,
    {
      courseID: course.id,
      title: 'Kinematics',
      topic: 'Motion',
      available: now - 3 * HOUR,
      start: now - 2 * HOUR,
      end: now + (live ? HOUR : -HOUR),
    },
    base,
  );
  return { courseId: course.id, lectureId: lecture.id };
}

/** What seedClassroom makes: the instructor, the student, their lecture and its video. */
export interface Classroom {
  admin: E2eUser;
  student: E2eUser;
  ids: LectureIds;
  videoId: string;
}

/** The classroom of the watching journeys: Prof Ada's lecture with the 90 s video, joined by Sam Student. */
export async function seedClassroom(): Promise<Classroom> {
  const [admin, student] = await Promise.all([
    signupViaApi({ name: 'Prof Ada' }),
    signupViaApi({ name: 'Sam Student' }),
  ]);
  const ids = await seedJoinedLecture(admin, student);
  const videoId = await uploadVideo(admin, ids, 'lecture-90s.mp4');
  return { admin, student, ids, videoId };
}
