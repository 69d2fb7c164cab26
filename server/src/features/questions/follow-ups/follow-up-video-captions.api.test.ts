import type { CaptionTrackDto, CaptionTrackWithCuesDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../../../test/calls';
import type { TestUser } from '../../../../test/factories';
import { seedFollowUp } from '../../../../test/seed';
import { SCRIPT, automatic, captionsOf, speechFile } from '../../captions/test/auto-captions-calls';
import { wordErrorRate } from '../../captions/transcription/word-error-rate';
import { answerFollowUpWithVideo } from '../test/follow-up-answers';
import { questionsWorldFixture } from '../test/world';

// A follow-up's answer video is captioned automatically like any answer video (issue 24): real upload, the
// real job queue, Debian's PocketSphinx on espeak-ng speech (as auto-captions.api.test.ts). Its track is read
// by whoever may read the follow-up, and by nobody else: a hidden follow-up's by its author and the admins.

/** As auto-captions.api.test.ts measured for this speech (38.7 %), with room. */
const WER_BOUND = 0.45;

describe('automatic captions of a follow-up’s answer video', { timeout: 600_000 }, () => {
  const { t, w } = questionsWorldFixture({ app: { env: { AUTO_CAPTIONS: 'pocketsphinx' } } });

  const cues = (who: TestUser | null, responseId: string) =>
    t.app.inject({
      method: 'GET',
      url: `${captionsOf('response', responseId)}/en`,
      headers: who?.auth ?? {},
    });

  it('makes its track, readable by the follow-up’s readers only, hidden or not', async () => {
    const { studentA, studentA2, adminA, studentB, adminB } = w.users;
    const f = await seedFollowUp(t.db, w.qAnswered.id, studentA2.id, 'Could you say that again, slowly?');
    const responseId = await answerFollowUpWithVideo(t, adminA, f.id, speechFile());
    await t.settle();

    expect(await automatic(t, adminA, 'response', responseId)).toMatchObject({ state: 'done' });
    const tracks = await t.app.inject({
      method: 'GET',
      url: captionsOf('response', responseId),
      headers: studentA.auth,
    });
    expectStatus(tracks, 200);
    expect(tracks.json<CaptionTrackDto[]>()).toMatchObject([
      { language: 'en', source: 'speech-to-text:pocketsphinx-en-us' },
    ]);
    for (const who of [studentA, studentA2, adminA]) {
      const res = await cues(who, responseId);
      expectStatus(res, 200);
      const heard = res.json<CaptionTrackWithCuesDto>().cues.map((c) => c.plainText);
      expect(wordErrorRate(SCRIPT, heard.join(' '))).toBeLessThan(WER_BOUND);
    }
    // Outside the course: nothing, as for the follow-up itself.
    for (const who of [studentB, adminB, null]) expectStatus(await cues(who, responseId), 404);

    const hide = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/followUp/${f.id}/hidden`,
      headers: adminA.auth,
      payload: { hidden: true },
    });
    expectStatus(hide, 204);
    expectStatus(await cues(studentA, responseId), 404);
    for (const who of [studentA2, adminA]) expectStatus(await cues(who, responseId), 200);
  });
});
