// Minimal API calls for benchmark setup: an instructor with a course and a lecture.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

async function call(base, path, { method = 'POST', body, token } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function instructorWithLecture(base) {
  const signup = await call(base, '/api/signup/', {
    body: { name: 'Bench Instructor', email: `${randomUUID()}@bench.lectern`, password: 'bench password 1' },
  });
  const token = signup.token;
  const course = await call(base, '/api/courses', {
    token,
    body: { name: 'Bench', description: 'Benchmarks' },
  });
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const lecture = await call(base, '/api/upload/createLectureOnly', {
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
