import { UPLOAD_KINDS } from '@lectern/shared';
import type { TestUser } from '../factories';
import { type Case, type Fresh, type Row, adminsOfA, statuses } from './table';

// The resumable upload endpoint (SECURITY AC-5, UP-4): creation needs rights on the target; an upload is
// its creator's alone (decision: co-admins may not resume or cancel another admin's upload).

const TUS = { 'tus-resumable': '1.0.0' };
const LENGTH = 100;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Upload-Metadata of a lecture video for `course` / `lecture`. */
export const lectureVideoMetadata = (course: string, lecture: string) =>
  Object.entries({ kind: UPLOAD_KINDS.lectureVideo, courseID: course, lectureID: lecture, title: 'Taped' })
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

export const tusCreate = (metadata: string) => ({
  headers: { ...TUS, 'upload-length': String(LENGTH), 'upload-metadata': metadata },
});

/** An upload of lecture A started by adminA: its path. */
async function adminAUpload({ t, w }: Case): Promise<Fresh> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/tus/',
    headers: { ...w.users.adminA.auth, ...tusCreate(lectureVideoMetadata(w.A, w.LA)).headers },
  });
  if (res.statusCode !== 201) throw new Error(`tus create failed: ${res.statusCode} ${res.body}`);
  return { upload: String(res.headers.location) };
}

/** What the owner sees of the upload: a denied PATCH or DELETE must leave it as it was. */
const ownerView =
  (owner: (c: Case) => TestUser) =>
  async (c: Case, f: Fresh): Promise<unknown> => {
    const res = await c.t.app.inject({
      method: 'HEAD',
      url: f.upload!,
      headers: { ...owner(c).auth, ...TUS },
    });
    return { status: res.statusCode, offset: res.headers['upload-offset'] };
  };

const ownerOnly = (ok: number) =>
  statuses({ anon: 401, outside: 403, studentA: 403, admins: 403 }, { adminA: ok });
/** /tus itself names no upload: 404 for every caller allowed in. */
const noUpload = statuses({ anon: 401, outside: 404, studentA: 404, admins: 404 });

const tusCreateRow = (route: string, url: string): Row => ({
  method: 'POST',
  route,
  url: () => url,
  payload: ({ w }) => tusCreate(lectureVideoMetadata(w.A, w.LA)),
  expect: adminsOfA(201),
  mutates: true,
});

export const tusRows: Row[] = [
  tusCreateRow('/tus', '/tus'),
  tusCreateRow('/tus/*', '/tus/'),
  ...(['HEAD', 'PATCH', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/tus',
    url: () => '/tus',
    payload: () => ({ headers: TUS }),
    expect: noUpload,
    mutates: method !== 'HEAD',
  })),
  {
    method: 'HEAD',
    route: '/tus/*',
    fresh: adminAUpload,
    url: (_c, f) => f.upload!,
    payload: () => ({ headers: TUS }),
    expect: ownerOnly(200),
    mutates: false,
  },
  {
    method: 'PATCH',
    route: '/tus/*',
    fresh: adminAUpload,
    url: (_c, f) => f.upload!,
    payload: () => ({
      body: Buffer.alloc(10),
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
    expect: ownerOnly(204),
    mutates: true,
    untouchedIfDenied: ownerView((c) => c.w.users.adminA),
  },
  {
    method: 'DELETE',
    route: '/tus/*',
    fresh: adminAUpload,
    url: (_c, f) => f.upload!,
    payload: () => ({ headers: TUS }),
    expect: ownerOnly(204),
    mutates: true,
    untouchedIfDenied: ownerView((c) => c.w.users.adminA),
  },
];
