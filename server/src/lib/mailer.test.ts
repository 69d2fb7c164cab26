import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

// Issue 12 (Low): the outbox .eml split the reset link across lines (quoted-printable soft breaks) and
// was readable by every user of the machine although it holds a live token.

describe('the outbox mailer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-outbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const log = { info: () => undefined } as unknown as FastifyBaseLogger;

  it('writes the reset link whole, the text as written, in a file only its owner can read', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer(
      { smtpUrl: undefined, outboxDir, from: 'Lectern <no-reply@lectern.local>' },
      log,
    );
    const link = `https://lectern.example.edu/reset-password/${'Ab9_-'.repeat(9)}`;
    const text = `Hello Zoë,\n\nSomeone asked to reset your password. Open this link within 60 minutes:\n${link}\n\n${'Long line. '.repeat(20)}\n`;
    await mailer.deliver({ to: 'zoe@test.lectern', subject: 'Réinitialiser', text });

    const [name] = fs.readdirSync(outboxDir);
    const file = path.join(outboxDir, name!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(outboxDir).mode & 0o077).toBe(0);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    expect(eml.split('\n')).toContain(link);
    expect(eml.endsWith(text)).toBe(true);
  });
});
