import path from 'node:path';
import type { AutoCaptionsDto } from '@lectern/shared';
import { lectureTexts, speechVideo } from '../../../../../test-media/speech/make-speech.mjs';
import { expectStatus } from '../../../../test/calls';
import type { TestUser } from '../../../../test/factories';
import { FIXTURES_DIR } from '../../../../test/seed';
import type { TestApp } from '../../../../test/test-app';
import { fixture, multipart } from '../../videos/test/video-world';

// The calls the automatic captions' API tests share (issue 25).

/** The physics lecture's first two sentences: about 12 s of video, so the suite stays quick. */
export const SCRIPT = lectureTexts()
  .find((l) => l.name === 'physics')!
  .text.split(/(?<=\.) /)
  .slice(0, 2)
  .join(' ');

/** SCRIPT spoken over a still picture, as a fixture path for `uploadVideo`. */
export const speechFile = () => path.relative(FIXTURES_DIR, speechVideo('physics-opening', SCRIPT));

export const captionsOf = (owner: string, id: string) => `/api/captions/${owner}/${id}`;

/** An instructor's upload of `file` (relative to the fixtures) into a lecture. */
export function uploadVideo(t: TestApp, as: TestUser, courseID: string, lectureID: string, file: string) {
  const body = multipart(
    { courseID, lectureID, title: 'Projectiles' },
    { name: 'talk.mp4', data: fixture(file) },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/videoFileToLecture',
    payload: body.payload,
    headers: { ...body.headers, ...as.auth },
  });
}

/** Uploads, waits for every job (conversion and transcription) and returns the video's id. */
export async function uploadAndSettle(
  t: TestApp,
  as: TestUser,
  courseID: string,
  lectureID: string,
  file: string,
) {
  const res = await uploadVideo(t, as, courseID, lectureID, file);
  expectStatus(res, 201);
  await t.settle();
  return res.json<{ id: string }>().id;
}

/** The captions page's view of the automatic captions of a video or answer. */
export async function automatic(t: TestApp, as: TestUser, owner: string, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${captionsOf(owner, id)}/automatic`,
    headers: as.auth,
  });
  expectStatus(res, 200);
  return res.json<AutoCaptionsDto>();
}
