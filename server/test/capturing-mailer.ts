import type { MailMessage, Mailer } from '../src/lib/mailer';

/** Keeps what would have been sent, for tests that do not need a real SMTP server. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  sendLater(message: MailMessage): void {
    this.sent.push(message);
  }

  async idle(): Promise<void> {}
}
