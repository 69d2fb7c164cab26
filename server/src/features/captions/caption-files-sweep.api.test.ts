import { describe, expect, it } from 'vitest';
import { captionFiles } from '../../db/schema';
import { worldFixture } from '../../../test/fixture';
import { deleteUnusedCaptionFiles } from './captions.repository';
import { uploadRequest } from './test/caption-world';

// A deleted lecture takes its videos' caption tracks along (a cascade); the hourly sweep then deletes the
// files no version uses, and only those.

const vtt = (words: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n${words}\n`;

describe('the sweep of unused caption files', () => {
  const { t, w } = worldFixture();

  const put = async (videoId: string, language: string, text: string, who = w.users.adminA) => {
    const req = uploadRequest(`/api/captions/video/${videoId}/${language}?label=${language}`, text);
    const res = await t.app.inject({ ...req, headers: { ...req.headers, ...who.auth } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const fileCount = async () => (await t.db.select().from(captionFiles)).length;

  it("deletes the files of a deleted lecture's captions, keeps a file another lecture still uses", async () => {
    await put(w.VA1.id, 'en', vtt('only in the deleted lecture'));
    await put(w.VA2.id, 'en', vtt('in both lectures'));
    await put(w.VU.id, 'en', vtt('in both lectures'));
    expect(await fileCount()).toBe(2);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/lectures/${w.LA.id}`,
      headers: w.users.adminA.auth,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await deleteUnusedCaptionFiles(t.db)).toBe(1);
    const kept = await t.db.select({ vtt: captionFiles.vtt }).from(captionFiles);
    expect(kept).toEqual([{ vtt: expect.stringContaining('in both lectures') as string }]);

    // Uploading the kept file's bytes again reuses it; nothing more to sweep.
    await put(w.VB.id, 'en', vtt('in both lectures'), w.users.adminB);
    expect(await deleteUnusedCaptionFiles(t.db)).toBe(0);
  });
});
