import type { DbOrTx } from '../db/client';
import type { MailMessage, Mailer } from '../lib/mailer';
import { type JobQueue, PermanentJobError } from './job-queue';

export const MAIL_JOB = 'mail.send';

/** Mail leaves through the job table: queued with the change that causes it, sent even after a crash. */
export interface MailQueue {
  /** Queues in the caller's transaction (or at once, given the database itself). */
  send(db: DbOrTx, message: MailMessage): Promise<void>;
}

// An SMTP 5xx answer (unknown mailbox, refused sender) will not change on retry; anything else might.
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

export function createMailQueue(jobs: JobQueue, mailer: Mailer): MailQueue {
  jobs.handle<MailMessage>(
    MAIL_JOB,
    async ({ payload }) => {
      try {
        await mailer.deliver(payload);
      } catch (error) {
        if (isPermanent(error))
          throw new PermanentJobError(error instanceof Error ? error.message : 'refused');
        throw error;
      }
    },
    { concurrency: 2 },
  );
  return {
    async send(db, message) {
      await jobs.enqueue(db, MAIL_JOB, message, { maxAttempts: 8 });
    },
  };
}
