import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { asEightBit } from './outbox-eml';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Hands one message to SMTP or the outbox; throws if it could not (the mail job then retries). */
export interface Mailer {
  deliver(message: MailMessage): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox dir. */
export function createMailer(
  options: { smtpUrl: string | undefined; outboxDir: string; from: string },
  log: FastifyBaseLogger,
): Mailer {
  // nodemailer is loaded with the first message, not at start (issue 14): most starts send none.
  let transport: Promise<Transporter> | undefined;
  const createTransport = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };

  return {
    async deliver(message) {
      transport ??= createTransport();
      const info = await (await transport).sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      // Each file holds live links (a password reset): readable by Lectern's user only (issue 12).
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, asEightBit((info as unknown as { message: Buffer }).message), { mode: 0o600 });
      // The link itself is a secret (SECURITY LOG-2): the log says where to find it.
      log.info({ file, subject: message.subject }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
