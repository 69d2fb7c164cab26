import type { CaptionTrackDto, CaptionTrackWithCuesDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captionFiles, questions } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { appFixture } from '../../../test/fixture';
import { seedCourseMember, seedQuestion, seedResponse } from '../../../test/seed';
import { buildCaptionWorld, uploadRequest } from './test/caption-world';

const { t, w } = appFixture(buildCaptionWorld);

const VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello and welcome\n\n00:01:07.000 --> 00:01:10.000\nthe Fourier transform\n';
const SRT = '1\r\n00:00:02,000 --> 00:00:05,000\r\nZweite Fassung\r\n';

function put(who: TestUser | null, url: string, text: string | Buffer, type?: string) {
  const req = uploadRequest(url, text, type);
  return t.app.inject({ ...req, headers: { ...req.headers, ...(who?.auth ?? {}) } });
}
const get = (who: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const video = (id: string, rest = '') => `/api/captions/video/${id}${rest}`;

describe('caption upload, replace and delete', () => {
  it('stores a WebVTT upload and serves it, its cues and the track list to a student', async () => {
    const res = await put(w.users.adminA, `${video(w.VA1.id, '/en')}?label=English`, VTT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CaptionTrackDto>()).toMatchObject({
      language: 'en',
      label: 'English',
      version: 1,
      cueCount: 2,
    });

    const cues = await get(w.users.studentA, video(w.VA1.id, '/en'));
    expect(cues.json<CaptionTrackWithCuesDto>().cues[1]).toEqual({
      start: 67,
      end: 70,
      text: 'the Fourier transform',
      plainText: 'the Fourier transform',
    });
    const file = await get(null, video(w.VA1.id, '/en/vtt'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nHello and welcome\n\n2\n00:01:07.000 --> 00:01:10.000\nthe Fourier transform\n',
    );
    const list = await get(w.users.studentA, video(w.VA1.id));
    expect(list.json<CaptionTrackDto[]>().map((x) => x.language)).toEqual(['en']);
  });

  it('replaces a track with a converted SRT file as its next version', async () => {
    await put(w.users.adminA, `${video(w.VA2.id, '/de')}?label=Deutsch`, VTT);
    const res = await put(
      w.users.coAdminA,
      `${video(w.VA2.id, '/de')}?label=Deutsch`,
      SRT,
      'application/x-subrip',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CaptionTrackDto>()).toMatchObject({ version: 2, cueCount: 1 });
    const file = await get(w.users.studentA, video(w.VA2.id, '/de/vtt'));
    expect(file.body).toBe('WEBVTT\n\n1\n00:00:02.000 --> 00:00:05.000\nZweite Fassung\n');
  });

  it('saves an edited cue list as a new version, refusing a bad one with the cue named', async () => {
    const url = video(w.VA1.id, '/en/versions');
    const cues = [
      { start: 1, end: 3, text: 'Hello' },
      { start: 3, end: 4, text: 'and welcome' },
    ];
    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers: w.users.adminA.auth,
      payload: { cues },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<CaptionTrackDto>()).toMatchObject({ version: 2, cueCount: 2, label: 'English' });
    const overlap = [cues[0], { start: 2, end: 5, text: 'too early' }];
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: w.users.adminA.auth,
      payload: { cues: overlap },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'Cue 2: the cue starts at 00:00:02.000, before the previous cue ends (00:00:03.000)',
    });
  });

  it('deletes a track and the files no version uses any more', async () => {
    const url = video(w.VA2.id, '/fr');
    await put(
      w.users.adminA,
      `${url}?label=Français`,
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour unique\n',
    );
    const before = (await t.db.select().from(captionFiles)).length;
    const res = await t.app.inject({ method: 'DELETE', url, headers: w.users.adminA.auth });
    expect(res.statusCode).toBe(204);
    expect((await t.db.select().from(captionFiles)).length).toBe(before - 1);
    expect((await get(w.users.adminA, url)).statusCode).toBe(404);
  });

  it('captions answer videos too', async () => {
    const url = `/api/captions/response/${w.RA.id}/en`;
    const res = await put(
      w.users.adminA,
      `${url}?label=English`,
      'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nGood question\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(null, `${url}/vtt`)).body).toContain('Good question');
  });
});

describe('overlapping cues (issue 21)', () => {
  it('accepts YouTube-style rolling captions and stores them one at a time', async () => {
    const rolling =
      'WEBVTT\nKind: captions\nLanguage: en\n\n' +
      '00:00:00.160 --> 00:00:03.990 align:start position:0%\nso today we look at\n\n' +
      '00:00:02.110 --> 00:00:06.000 align:start position:0%\nso today we look at\nthe heat equation\n';
    const res = await put(w.users.adminA, `${video(w.VA1.id, '/fr')}?label=Auto`, rolling);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CaptionTrackDto>()).toMatchObject({ cueCount: 2 });
    const file = await get(w.users.studentA, video(w.VA1.id, '/fr/vtt'));
    expect(file.body).toBe(
      'WEBVTT\n\n1\n00:00:00.160 --> 00:00:02.110\nso today we look at\n\n' +
        '2\n00:00:02.110 --> 00:00:06.000\nso today we look at\nthe heat equation\n',
    );
  });
});

describe('malformed files are refused with the line named', () => {
  const url = () => `${video(w.VA1.id, '/es')}?label=Español`;
  it.each([
    [
      'a bad timestamp',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nuno\n\n00:00:03 --> 00:00:04.000\ndos\n',
      'Line 6: "00:00:03" is not a timestamp (use hh:mm:ss.mmm)',
    ],
    [
      'a cue past the end of the video (212 s)',
      'WEBVTT\n\n00:03:00.000 --> 00:04:00.000\ntarde\n',
      'Line 3: the cue ends at 00:04:00.000, after the end of the video (00:03:32.000)',
    ],
    [
      'no caption file at all',
      '{"cues": []}',
      'Line 1: a caption file starts with WEBVTT (WebVTT) or a cue number (SRT)',
    ],
  ])('%s', async (_name, text, message) => {
    const res = await put(w.users.adminA, url(), text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('bytes that are not UTF-8', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nEspa'),
      Buffer.from([0xf1, 0x61, 0x0a]),
    ]);
    const res = await put(w.users.adminA, url(), latin1);
    expect(res.json()).toMatchObject({ error: 'Line 4: the file is not UTF-8 text (save it as UTF-8)' });
  });

  it('a file over the size limit (413) and a JSON body (415)', async () => {
    const big = `WEBVTT\n\n${'x'.repeat(2 * 1024 * 1024)}`;
    expect((await put(w.users.adminA, url(), big)).statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: w.users.adminA.auth,
      payload: { vtt: 'WEBVTT' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('captions follow the video’s access rules', () => {
  it('hides captions of an unreleased lecture from students (404) and shows them to its admins', async () => {
    const url = video(w.VU.id, '/en');
    expect((await put(w.users.adminA, `${url}?label=English`, VTT)).statusCode).toBe(200);
    expect((await get(w.users.adminA, url)).statusCode).toBe(200);
    for (const who of [w.users.studentA, w.users.outsider, null]) {
      expect((await get(who, url)).statusCode).toBe(404);
      expect((await get(who, `${url}/vtt`)).statusCode).toBe(404);
      expect((await get(who, video(w.VU.id))).statusCode).toBe(404);
    }
    const hiddenAnswer = `/api/captions/response/${w.RU.id}`;
    expect((await get(w.users.studentA, hiddenAnswer)).statusCode).toBe(404);
    expect((await get(w.users.adminA, hiddenAnswer)).statusCode).toBe(200);
  });

  it('keeps a hidden question’s answer captions to its asker and the course’s admins', async () => {
    const { adminA, coAdminA, studentA, studentB, outsider } = w.users;
    // Asked by a classmate of studentA (outsider joins A), answered, then hidden by A's admins.
    await seedCourseMember(t.db, w.A.id, outsider.id);
    const asked = await seedQuestion(t.db, w.VA1.id, outsider.id, { lectureId: w.LA.id });
    const answer = await seedResponse(t.db, asked.id, w.answerMedia, adminA.id);
    const url = `/api/captions/response/${answer.id}`;
    const cue = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nSee slide four\n'; // inside the 30 s answer
    expect((await put(adminA, `${url}/en?label=English`, cue)).statusCode).toBe(200);
    expect((await get(studentA, url)).statusCode).toBe(200);
    await t.db.update(questions).set({ hiddenAt: new Date() }).where(eq(questions.id, asked.id));
    for (const who of [outsider, adminA, coAdminA])
      expect((await get(who, `${url}/en`)).statusCode).toBe(200);
    for (const who of [studentA, studentB, null]) {
      expect((await get(who, url)).statusCode).toBe(404);
      expect((await get(who, `${url}/en/vtt`)).statusCode).toBe(404);
    }
    // Its asker reads it, but only the admins change it.
    expect((await put(outsider, `${url}/de?label=Deutsch`, cue)).statusCode).toBe(403);
  });

  it('lets only the course’s admins change captions', async () => {
    const url = `${video(w.VA1.id, '/it')}?label=Italiano`;
    expect((await put(w.users.studentA, url, VTT)).statusCode).toBe(403);
    expect((await put(w.users.adminB, url, VTT)).statusCode).toBe(403);
    expect((await put(null, url, VTT)).statusCode).toBe(401);
    expect((await put(w.users.adminB, `${video(w.VU.id, '/it')}?label=Italiano`, VTT)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: video(w.VA1.id, '/en'),
      headers: w.users.studentA.auth,
    });
    expect(del.statusCode).toBe(403);
  });
});
