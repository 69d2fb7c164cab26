// The demo course (`npm run demo`), seeded through Lectern's own HTTP API, as a person would make it:
// the API applies every rule (who may answer, live windows, processing, posters), so the demo stays right
// as the code changes. Also run by e2e/tests/demo.spec.ts against the browser tests' instance.
import fs from 'node:fs';
import path from 'node:path';
import type { CourseDto, LectureDto, LoginAnswer, QuestionDto, UsageAction, VideoDto } from '@lectern/shared';
import { DEMO_LECTURE_SLIDES, type DemoSlide, slidesVtt } from './demo-lectures';
import { DEMO_QUESTIONS } from './demo-questions';

/** Every demo account's password (printed with the logins). */
export const DEMO_PASSWORD = 'lectern-demo';

export interface DemoLogin {
  role: 'Instructor' | 'Co-instructor' | 'Student';
  name: string;
  email: string;
}

export const DEMO_LOGINS = {
  instructor: { role: 'Instructor', name: 'Prof. Ada Byron', email: 'ada@demo.lectern' },
  coAdmin: { role: 'Co-instructor', name: 'Dr. Alan Moore', email: 'alan@demo.lectern' },
  grace: { role: 'Student', name: 'Grace Park', email: 'grace@demo.lectern' },
  kofi: { role: 'Student', name: 'Kofi Mensah', email: 'kofi@demo.lectern' },
  lena: { role: 'Student', name: 'Lena Novak', email: 'lena@demo.lectern' },
} as const satisfies Record<string, DemoLogin>;

export const DEMO_COURSE_NAME = 'PHYS 101: Motion and Waves';

/** The mp4 files the lectures and answers are made of (generated for the demo, or test media in tests). */
export interface DemoVideos {
  /** One per lecture video, at least 40 s long (questions are pinned up to 0:36). */
  lectures: [string, string, string, string];
  answer: string;
}

export interface DemoSeed {
  courseId: string;
  lectureIds: string[];
  /** The questions answered by video, as asked. */
  answered: string[];
}

type User = { id: string; token: string };

const HOUR = 60 * 60 * 1000;
/** The speed the demo's students watch at (the seeding waits for their viewing in real time). */
const VIEWING_RATE = 2;
const DAY = 24 * HOUR;

/** The text of the last mail Lectern sent to `email` that matches `pattern` (the demo reads its outbox). */
export type ReadMail = (email: string, pattern: RegExp) => Promise<string>;

/** The verification link's token in a mail's text. */
const VERIFY_LINK = /\/verify-email\/([A-Za-z0-9_-]+)/;

export async function seedDemoCourse(
  baseUrl: string,
  videos: DemoVideos,
  readMail: ReadMail,
): Promise<DemoSeed> {
  const call = async <T>(method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const upload = async <T>(url: string, token: string, fields: Record<string, string>, file: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`POST ${url} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const signup = async (login: DemoLogin): Promise<User> => {
    const answer = await call<LoginAnswer>('POST', '/api/signup/', undefined, {
      name: login.name,
      email: login.email,
      password: DEMO_PASSWORD,
    });
    // Verified as its owner would, by the mailed link: an unverified address gets no notifications.
    const token = VERIFY_LINK.exec(await readMail(login.email, VERIFY_LINK))![1]!;
    await call('POST', '/api/account/verify-email', undefined, { token });
    return { id: answer.id, token: answer.token };
  };
  const ada = await signup(DEMO_LOGINS.instructor);
  const alan = await signup(DEMO_LOGINS.coAdmin);
  const [grace, kofi, lena] = [
    await signup(DEMO_LOGINS.grace),
    await signup(DEMO_LOGINS.kofi),
    await signup(DEMO_LOGINS.lena),
  ];

  const course = await call<CourseDto>('POST', '/api/courses', ada.token, {
    name: DEMO_COURSE_NAME,
    description:
      'Kinematics, oscillations and sound, with a question box under every lecture: ask at the moment you get lost.',
    adminId: ada.id,
  });
  // Adding an admin is an invitation the invitee accepts (issue 12).
  await call('POST', '/api/courses/add-admin', ada.token, { courseId: course.id, adminId: alan.id });
  const [invitation] = await call<Array<{ id: string }>>('GET', '/api/invitations', alan.token);
  await call('POST', `/api/invitations/${invitation!.id}/accept`, alan.token, {});
  for (const student of [grace, kofi, lena]) {
    await call('POST', '/api/courses/join', student.token, { courseId: course.id });
  }

  const now = Date.now();
  /** A lecture (its live window is the class hour) with one uploaded video, captioned with its narration. */
  const lecture = async (
    title: string,
    topic: string,
    start: number,
    file: string,
    videoTitle: string,
    slides: DemoSlide[],
  ) => {
    const created = await call<LectureDto>('POST', '/api/upload/createLectureOnly', ada.token, {
      courseID: course.id,
      title,
      topic,
      lectureDate: new Date(start).toISOString(),
      lectureDateAvailable: new Date(Math.min(start, now) - HOUR).toISOString(),
      lectureDateStart: new Date(start).toISOString(),
      lectureDateEnd: new Date(start + 2 * HOUR).toISOString(),
    });
    const video = await upload<VideoDto>(
      '/api/upload/videoFileToLecture',
      ada.token,
      { courseID: course.id, lectureID: created.id, title: videoTitle, sourceType: 'localFile' },
      file,
    );
    const captions = await fetch(`${baseUrl}/api/captions/video/${video.id}/en?label=English`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'text/vtt' },
      body: slidesVtt(slides),
    });
    if (!captions.ok) throw new Error(`PUT captions → ${captions.status} ${await captions.text()}`);
    return { lectureId: created.id, videoId: video.id };
  };
  const motion = await lecture(
    '1. Describing motion',
    'Kinematics',
    now - 14 * DAY,
    videos.lectures[0],
    'Position, velocity, acceleration',
    DEMO_LECTURE_SLIDES[0],
  );
  const oscillations = await lecture(
    '2. Oscillations',
    'Simple harmonic motion',
    now - 7 * DAY,
    videos.lectures[1],
    'The spring and the pendulum',
    DEMO_LECTURE_SLIDES[1],
  );
  // In class right now: a question asked here is live (a student waits in a virtual room).
  const sound = await lecture(
    '3. Sound waves',
    'Waves',
    now - 30 * 60 * 1000,
    videos.lectures[2],
    'Pitch and loudness',
    DEMO_LECTURE_SLIDES[2],
  );
  const light = await lecture(
    '4. Light',
    'Optics',
    now + 2 * DAY,
    videos.lectures[3],
    'Reflection and refraction',
    DEMO_LECTURE_SLIDES[3],
  );

  const ask = (
    who: User,
    at: { videoId: string; lectureId: string },
    question: string,
    time: number,
    live = false,
  ) =>
    call<QuestionDto>('POST', '/api/questions', who.token, {
      question,
      videoId: at.videoId,
      lectureId: at.lectureId,
      time,
      live,
    });
  const answer = (admin: User, question: QuestionDto) =>
    upload(
      '/api/upload/videoResponse',
      admin.token,
      { questionID: question.id, title: 'Answer', sourceType: 'localFile' },
      videos.answer,
    );
  const vote = (who: User, question: QuestionDto, voteOptions: 'UP' | 'DOWN') =>
    call('PUT', `/api/questions/ratings/${question.id}`, who.token, { voteOptions });

  // Asked in order (demo-questions.ts); each answered one is answered before the next is asked.
  const lectures = [motion, oscillations, sound, light];
  const users = { grace, kofi, lena, instructor: ada, coAdmin: alan };
  const answered: QuestionDto[] = [];
  for (const q of DEMO_QUESTIONS) {
    const asked = await ask(users[q.asker], lectures[q.lecture]!, q.text, q.time, q.live);
    if (!q.answeredBy) continue;
    await answer(users[q.answeredBy], asked);
    answered.push(asked);
  }
  await vote(kofi, answered[0]!, 'UP');
  await vote(lena, answered[0]!, 'UP');
  await vote(grace, answered[1]!, 'UP');
  await vote(lena, answered[1]!, 'DOWN');
  await vote(grace, answered[2]!, 'UP');

  // Who watched what: the usage page's student list and engagement chart. The chart counts only what
  // the wall clock allows between a play and its pause, so each viewing plays out in real time, at 2×,
  // all of them at once (about 25 s).
  const log = (
    who: User,
    at: { videoId: string; lectureId: string },
    action: UsageAction,
    videoTime: number,
  ) =>
    call('POST', '/api/logging/log', who.token, {
      action,
      videoTime,
      rate: VIEWING_RATE,
      courseID: course.id,
      lectureID: at.lectureId,
      videoID: at.videoId,
    });
  /** Plays each [from, to] stretch of the video in turn, seeking between stretches that do not meet. */
  const view = async (
    who: User,
    at: { videoId: string; lectureId: string },
    stretches: Array<[number, number]>,
  ) => {
    let playhead = 0;
    for (const [from, to] of stretches) {
      if (from !== playhead) await log(who, at, 'videoSeekedLecture', from);
      await log(who, at, 'videoPlayLecture', from);
      await new Promise((resolve) => setTimeout(resolve, ((to - from) / VIEWING_RATE) * 1000));
      await log(who, at, 'videoPauseLecture', to);
      playhead = to;
    }
  };
  // Grace watches lecture 1 through and goes back to the acceleration slide; Kofi stops at the top of the
  // throw; Lena skims to the throw. In lecture 2, Lena comes back for the period of a spring.
  await Promise.all([
    view(grace, motion, [
      [0, 27],
      [20, 40],
    ]),
    view(kofi, motion, [[0, 24]]),
    view(lena, motion, [
      [0, 6],
      [30, 38],
    ]),
    view(kofi, oscillations, [[0, 40]]),
    view(lena, oscillations, [
      [0, 9],
      [10, 22],
    ]),
    view(grace, oscillations, [[0, 18]]),
    view(grace, sound, [[0, 12]]),
  ]);

  return {
    courseId: course.id,
    lectureIds: lectures.map((l) => l.lectureId),
    answered: answered.map((q) => q.question),
  };
}
