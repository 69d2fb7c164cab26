import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { type Mailer, createMailer } from '../../lib/mailer';
import type { TestUser } from '../../../test/factories';
import { answerWithVideo } from './test/answers';
import { call, expectStatus } from '../../../test/calls';
import { questionsWorldFixture } from './test/world';
import { VERIFICATION_SUBJECT } from '../auth/email-verification';

interface Received {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, so long links can be searched whole. */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on a free port that keeps every message it receives. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString()),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, inbox };
}

describe('e-mail notifications through a real SMTP server', () => {
  // The SMTP server starts before the app and stops after it (hooks registered first run first, and last).
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        outboxDir: '/nonexistent',
        from: 'Lectern <no-reply@lectern.test>',
      },
      pino({ level: 'silent' }),
    );
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));
  const { t, w } = questionsWorldFixture({ app: () => ({ mailer }) });

  const received = async (email: string) => {
    await t.settle();
    return smtp.inbox.filter(
      (m) =>
        (m.to.includes(email.toLowerCase()) || m.to.includes(email)) &&
        !m.raw.includes(`Subject: ${VERIFICATION_SUBJECT}`), // every signup mails its link
    );
  };
  const setPreferences = async (who: TestUser, submitting: boolean, answered: boolean) =>
    expectStatus(
      await call(t, 'POST', '/api/notification/update-notification', {
        as: who,
        payload: {
          userId: who.id,
          receiveEmailsSubmittingQuestion: submitting,
          receiveEmailsAnsweredQuestion: answered,
        },
      }),
      200,
    );
  const ask = async (who: TestUser, text: string) => {
    const res = await call(t, 'POST', '/api/questions', {
      as: who,
      payload: { question: text, videoId: w.VA1.id, time: 3, live: false },
    });
    expectStatus(res, 201);
    return res.json<QuestionDto>();
  };
  const respond = async (questionID: string) => (await answerWithVideo(t, w.users.adminA, questionID)).id;

  it('mails the instructors who want it about a new question, and the asker about the answer', async () => {
    await setPreferences(w.users.coAdminA, false, true);
    const q = await ask(w.users.studentA, 'Why is the spectrum periodic?');
    const toAdmin = await received(w.users.adminA.email);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.raw).toContain('Subject: New question in Course A: Why is the spectrum periodic?');
    expect(toAdmin[0]!.raw).toContain(`${t.config.publicUrl}/respond/${q.id}`);
    expect(await received(w.users.coAdminA.email)).toEqual([]);

    const responseId = await respond(q.id);
    const toStudent = await received(w.users.studentA.email);
    expect(toStudent).toHaveLength(1);
    expect(toStudent[0]!.raw).toContain('Subject: Your question was answered');
    expect(toStudent[0]!.raw).toContain(`${t.config.publicUrl}/video/${w.VA1.id}/${responseId}`);
  });

  it('sends nothing to an asker who turned answer mails off', async () => {
    await setPreferences(w.users.studentA2, true, false);
    const q = await ask(w.users.studentA2, 'Does windowing change the result?');
    await respond(q.id);
    expect(await received(w.users.studentA2.email)).toEqual([]);
  });
});
