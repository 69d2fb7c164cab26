import { randomBytes } from 'node:crypto';
import { findTrack } from '../../src/features/captions/captions.repository';
import { publishCues } from '../../src/features/captions/captions.service';
import { type Case, type Fresh, type Row, adminsOfA, anyone, membersOfA, statuses } from './table';

// Captions and the course search (issue 13). Captions follow their video: public once released, hidden (404)
// before, changed by the course's admins only. Tracks are made for a case through the service itself.

const cues = [{ start: 1, end: 3, text: 'Sampling and aliasing' }];
const vttBody = () => ({
  body: Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nA matrix caption\n'),
  headers: { 'content-type': 'text/vtt' },
});

/** An English track on `video` (VA1 unless given), made once. */
async function captioned({ t, w }: Case, video = w.VA1): Promise<Fresh> {
  if (!(await findTrack(t.db, 'video', video, 'en')))
    await publishCues(t.app.deps, {
      owner: 'video',
      ownerId: video,
      language: 'en',
      label: 'English',
      cues,
      source: 'upload',
      createdBy: null,
    });
  return { video };
}

/** A track of VA1 in a language of its own, for one case to delete. */
async function freshTrack(c: Case): Promise<Fresh> {
  const language = `zz-${randomBytes(4).toString('hex')}`;
  await publishCues(c.t.app.deps, {
    owner: 'video',
    ownerId: c.w.VA1,
    language,
    label: 'Scratch',
    cues,
    source: 'upload',
    createdBy: null,
  });
  return { language };
}

/** Unreleased: 404 for all but course A's admins; writes still need a login first. */
const hiddenWrite = (ok: number) => statuses({ anon: 401, outside: 404, studentA: 404, admins: ok });
const hiddenRead = (ok: number) => statuses({ anon: 404, outside: 404, studentA: 404, admins: ok });

export const captionRows: Row[] = [
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId',
    url: ({ w }) => `/api/captions/video/${w.VA1}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId/:language',
    fresh: (c) => captioned(c),
    url: ({ w }) => `/api/captions/video/${w.VA1}/en`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId/:language/vtt',
    fresh: (c) => captioned(c),
    url: ({ w }) => `/api/captions/video/${w.VA1}/en/vtt`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/captions/:owner/:ownerId/:language',
    url: ({ w }) => `/api/captions/video/${w.VA1}/nl?label=Nederlands`,
    payload: vttBody,
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/captions/:owner/:ownerId/:language/versions',
    fresh: (c) => captioned(c),
    url: ({ w }) => `/api/captions/video/${w.VA1}/en/versions`,
    payload: () => ({ body: { cues } }),
    expect: adminsOfA(201),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/captions/:owner/:ownerId/:language',
    fresh: freshTrack,
    url: ({ w }, f) => `/api/captions/video/${w.VA1}/${f.language}`,
    expect: adminsOfA(204),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId/automatic',
    url: ({ w }) => `/api/captions/video/${w.VA1}/automatic`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    // AUTO_CAPTIONS is off in the tests: past the permission, the admins hear that it is off (409).
    method: 'POST',
    route: '/api/captions/:owner/:ownerId/automatic',
    url: ({ w }) => `/api/captions/video/${w.VA1}/automatic`,
    expect: adminsOfA(409),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/courses/:id/search',
    url: ({ w }) => `/api/courses/${w.A}/search?q=sampling`,
    expect: membersOfA(200),
    mutates: false,
  },
];

// The same routes on the unreleased lecture's video, and on the answer video (AC-8).
const unreleased = 'unreleased lecture';
export const captionVariantRows: Row[] = [
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId/:language/vtt',
    variant: unreleased,
    fresh: (c) => captioned(c, c.w.VU),
    url: ({ w }) => `/api/captions/video/${w.VU}/en/vtt`,
    expect: hiddenRead(200),
    mutates: false,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId',
    variant: unreleased,
    url: ({ w }) => `/api/captions/video/${w.VU}`,
    expect: hiddenRead(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/captions/:owner/:ownerId/:language',
    variant: unreleased,
    url: ({ w }) => `/api/captions/video/${w.VU}/nl?label=Nederlands`,
    payload: vttBody,
    expect: hiddenWrite(200),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId',
    variant: 'answer video',
    url: ({ w }) => `/api/captions/response/${w.RA}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/captions/:owner/:ownerId/:language',
    variant: 'answer video',
    url: ({ w }) => `/api/captions/response/${w.RA}/en?label=English`,
    payload: vttBody,
    expect: adminsOfA(200),
    mutates: true,
  },
];
