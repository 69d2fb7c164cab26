// API calls for benchmark setup: users, an instructor with a course and a lecture, answers.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export async function instructorWithLecture(base) {
  const signup = await api(base, '/api/signup/', {
    body: { name: 'Bench Instructor', email: `${randomUUID()}@bench.lectern`, password: 'bench password 1' },
  });
  const token = signup.token;
  const course = await api(base, '/api/courses', {
    token,
    body: { name: 'Bench', description: 'Benchmarks' },
  });
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const lecture = await api(base, '/api/upload/createLectureOnly', {
    token,
    body: {
      courseID: course.id,
      title: 'Bench lecture',
      topic: 'Throughput',
      lectureDate: iso(now - 3_600_000),
      lectureDateStart: iso(now - 3_600_000),
      lectureDateEnd: iso(now + 3_600_000),
    },
  });
  return { token, courseId: course.id, lectureId: lecture.id };
}

/** Adds a YouTube video (no media to process) to the owner's lecture; returns it. */
export function youtubeVideo(base, owner, title) {
  return api(base, '/api/upload/youtubeToLecture', {
    token: owner.token,
    body: {
      courseID: owner.courseId,
      lectureID: owner.lectureId,
      title,
      videoSource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
  });
}

/** Adds a local mp4 to the lecture through the multipart endpoint; returns the video (with videoSource). */
export async function uploadVideoFile(base, { token, courseId, lectureId }, file) {
  const form = new FormData();
  form.append('courseID', courseId);
  form.append('lectureID', lectureId);
  form.append('title', path.basename(file));
  form.append('sourceType', 'localFile');
  form.append('file', await fs.openAsBlob(file, { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${base}/api/upload/videoFileToLecture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Resolves with the seconds from `startedAt` until the video is ready in the lecture (its admin's view). */
export async function untilReady(base, owner, videoId, startedAt) {
  for (;;) {
    const res = await fetch(`${base}/api/lectures/lectureVideos/${owner.lectureId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const video = (await res.json()).find((v) => v.id === videoId);
    if (video?.status === 'ready') return { seconds: (performance.now() - startedAt) / 1000, video };
    if (video?.status === 'failed') throw new Error(`processing failed: ${video.failureReason}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Uploads `file` to the owner's lecture and waits until its processing is done. */
export async function processedVideo(base, owner, file) {
  const uploaded = await uploadVideoFile(base, owner, file);
  return untilReady(base, owner, uploaded.id, performance.now());
}

export async function api(base, urlPath, { method = 'POST', body, token, headers = {} } = {}) {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

// Signups are limited per address (SECURITY RL-2): a class larger than that signs up from several
// networks, named in X-Forwarded-For (heeded by a server started with TRUST_PROXY=127.0.0.1).
const SIGNUPS_PER_NETWORK = 500;

/** The address the `i`th user of signupMany came from; its later requests may name it too. */
export const signupNetwork = (i) => `192.0.2.${1 + Math.floor(i / SIGNUPS_PER_NETWORK)}`;

/** `count` users, eight signups at a time (argon2 is deliberately slow). */
export async function signupMany(base, count, label) {
  const users = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
      api(base, '/api/signup/', {
        body: {
          name: `${label} ${i + j}`,
          email: `${randomUUID()}@bench.lectern`,
          password: 'bench password 1',
        },
        headers: { 'x-forwarded-for': signupNetwork(i + j) },
      }),
    );
    users.push(...(await Promise.all(batch)));
  }
  return users;
}

/** Joins every user to the course, 25 at a time. */
export async function joinAll(base, users, courseId) {
  for (let i = 0; i < users.length; i += 25) {
    await Promise.all(
      users
        .slice(i, i + 25)
        .map((u) => api(base, '/api/courses/join', { token: u.token, body: { courseId } })),
    );
  }
}

/** Answers a question with a video file through the multipart endpoint. */
export async function answerWithVideo(base, token, questionID, file) {
  const form = new FormData();
  form.append('questionID', questionID);
  form.append('title', 'Answer');
  form.append('file', await fs.openAsBlob(file, { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${base}/api/upload/videoResponse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`answer: ${res.status} ${await res.text()}`);
}
