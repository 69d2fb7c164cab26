import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends without making the caller wait; failures are logged, never shown to the requester. */
  sendLater(message: MailMessage): void;
  /** Resolves once every message handed to sendLater has been dealt with (tests, shutdown). */
  idle(): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox dir. */
export function createMailer(
  options: { smtpUrl: string | undefined; outboxDir: string; from: string },
  log: FastifyBaseLogger,
): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (options.smtpUrl) return;
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(
      options.outboxDir,
      `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`,
    );
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    // The link itself is a secret (SECURITY LOG-2): the log says where to find it.
    log.info({ file, subject: message.subject }, 'mail written to the outbox (no SMTP_URL set)');
  }

  return {
    sendLater(message) {
      const job = deliver(message)
        .catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
