import { RESPONSE_ID_HEADER, UPLOAD_KINDS } from '@lectern/shared';
import { expectStatus } from '../../../../test/calls';
import type { TestUser } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';
import { tusMetadata } from '../../videos/test/tus-requests';
import { fixture } from '../../videos/test/video-world';

// A follow-up's answer video through tus (kind followUpAnswer, issue 24), as the follow-ups UI sends it.

const TUS = { 'tus-resumable': '1.0.0' };

/** POST /tus/ of an answer video to follow-up `followUpID`, `length` bytes long, as `as`. */
export const createFollowUpAnswerUpload = (t: TestApp, as: TestUser, followUpID: string, length: number) =>
  t.app.inject({
    method: 'POST',
    url: '/tus/',
    headers: {
      ...as.auth,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ kind: UPLOAD_KINDS.followUpAnswer, followUpID, title: 'Why' }),
    },
  });

/** Uploads test video `file` as follow-up `followUpID`'s answer, as `as`; returns the response id. */
export async function answerFollowUpWithVideo(
  t: TestApp,
  as: TestUser,
  followUpID: string,
  file: string,
): Promise<string> {
  const data = fixture(file);
  const created = await createFollowUpAnswerUpload(t, as, followUpID, data.length);
  expectStatus(created, 201);
  const done = await t.app.inject({
    method: 'PATCH',
    url: String(created.headers.location),
    headers: { ...as.auth, ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: data,
  });
  expectStatus(done, 204);
  return String(done.headers[RESPONSE_ID_HEADER.toLowerCase()]);
}
