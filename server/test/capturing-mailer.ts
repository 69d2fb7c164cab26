import type { MailMessage, Mailer } from '../src/lib/mailer';

/** Keeps what was delivered, for tests that do not need a real SMTP server. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async deliver(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
