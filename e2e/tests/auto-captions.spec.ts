import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { QuestionDto } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, killAll, spawnServer, waitHealthy } from '../../server/test/child-server';
import { lectureTexts, speechVideo } from '../../test-media/speech/make-speech.mjs';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { ACTION_CEILING_MS, useBrowser } from '../support/browser';
import { seriousViolations } from '../support/page-check';
import { FIXTURES, answerViaApi, seedJoinedLecture, uploadVideo } from '../support/seed';

// Automatic captions in the browser (issue 25): an instructor's answer video with speech espeak-ng made
// from a known script is captioned by PocketSphinx by itself; the captions page says so, the answer's
// transcript tells viewers it was heard by a machine, and course search finds a word that was said. A
// server of its own, since the shared one runs with AUTO_CAPTIONS=off (e2e/global-setup.ts).

const root = path.resolve(import.meta.dirname, '../..');
/** The physics lecture's first sentence, about 4 s of speech: "In this lecture we study the motion…". */
const SCRIPT = lectureTexts()
  .find((l) => l.name === 'physics')!
  .text.split(/(?<=\.) /)[0]!;
const QUESTION = 'What are we studying today?';

describe('automatic captions of an answer video', { timeout: 600_000 }, () => {
  const b = useBrowser();
  const servers: ChildServer[] = [];
  let server: ChildServer;
  let admin: E2eUser;
  let student: E2eUser;
  let courseId: string;
  let responseId: string;

  const pageOn = async (): Promise<Page> => {
    const context = await b.browser.newContext({ baseURL: server.url });
    context.setDefaultTimeout(ACTION_CEILING_MS);
    return context.newPage();
  };

  beforeAll(async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-autocaptions-'));
    server = await spawnServer(data, {
      AUTO_CAPTIONS: 'pocketsphinx',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'),
    });
    servers.push(server);
    await waitHealthy(server);
    const base = server.url;
    [admin, student] = await Promise.all([
      signupViaApi({ name: 'Prof Ada' }, base),
      signupViaApi({ name: 'Sam Student' }, base),
    ]);
    const ids = await seedJoinedLecture(admin, student, false, base);
    courseId = ids.courseId;
    const videoId = await uploadVideo(admin, ids, 'answer-4s.mp4', 'Kinematics', base);
    const question = await apiCall<QuestionDto>('/api/questions', {
      method: 'POST',
      token: student.token,
      body: { question: QUESTION, videoId, time: 2 },
      base,
    });
    const fixture = path.relative(FIXTURES, speechVideo('physics-first-sentence', SCRIPT));
    await answerViaApi(admin, question.id, { fixture, base });
    const answered = await apiCall<QuestionDto>(`/api/questions/${question.id}`, {
      token: admin.token,
      base,
    });
    responseId = answered.response!;
  });

  afterAll(() => killAll(servers));

  it('shows the instructor the automatic state, then the track marked automatic', async () => {
    const page = await pageOn();
    await loginThroughUi(page, admin);
    await page.goto(`/captions/response/${responseId}`);
    const section = page.getByRole('region', { name: 'Automatic captions' });
    const status = section.getByRole('status');
    // Queued or transcribing first (the engine runs niced: on a busy machine it takes minutes), then done.
    await expect
      .poll(() => status.textContent(), { timeout: 480_000, interval: 1000 })
      .toMatch(/^Automatic captions — review them/);
    await section.getByText('Speech recognition: PocketSphinx (US English), on this server.').waitFor();
    await page.getByText('English (automatic)', { exact: false }).first().waitFor();
    await page.getByText('automatic, not yet reviewed', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds a spoken word in course search and opens the answer with its transcript labelled automatic', async () => {
    const page = await pageOn();
    await loginThroughUi(page, student);
    await page.goto(`/courses/${courseId}`);
    await page.getByLabel('Search lectures and answers').fill('motion');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText('Said in an answer', { exact: false }).waitFor();
    await results.getByRole('link').first().click();
    const overlay = page.getByRole('dialog', { name: QUESTION });
    const transcript = overlay.getByRole('region', { name: 'Transcript' });
    await transcript
      .getByText('English (automatic): made by speech recognition, not yet reviewed.')
      .waitFor();
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
