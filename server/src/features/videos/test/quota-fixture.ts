import { listening } from '../../../../test/fixture';
import { createUpload, lectureVideoMetadata } from './tus-requests';
import { fixture, uploadToLectureA, videoWorldFixture } from './video-world';

// The storage-quota tests' set-up (upload allowance, upload reservations): the video world on a real
// socket with a quota, and the two ways its admin uploads into lecture A.

export function quotaFixture(quotaBytes: number) {
  const { t, w } = videoWorldFixture({ app: { env: { STORAGE_QUOTA_BYTES: String(quotaBytes) } } });
  const server = listening(t);
  const bytes = fixture('lecture-10s.mp4');
  return {
    t,
    w,
    server,
    /** The ten-second test video both kinds of upload send. */
    bytes,
    /** A tus creation of `length` bytes into lecture A (the admin's unless `auth` says otherwise). */
    create: (length: number, auth = w.admin.auth) =>
      createUpload(server.base, auth, length, lectureVideoMetadata(w)),
    /** The absolute address of a created tus upload. */
    urlOf: (created: Response) => new URL(created.headers.get('location')!, server.base).href,
    /** The test video sent as one multipart form into lecture A. */
    multipartUpload: () => uploadToLectureA(t, w, w.admin, bytes),
  };
}
