import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { apiCall } from './api';

// Mail the app sent through SMTP lands in inject('mailDir') as .eml files (global setup).

/** The text of one message, decoded from quoted-printable or base64 when the message says so. */
export function decodeEml(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split).trim();
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body, 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Waits for a message to `to` whose text matches `pattern`, and returns that text. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const mailDir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of fs.readdirSync(mailDir).filter((n) => n.endsWith(`-${to}.eml`))) {
      const text = decodeEml(fs.readFileSync(path.join(mailDir, name), 'utf8'));
      if (pattern.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

/** Proves a user's address the way its owner would: with the token of the link mailed at signup. */
export async function verifyAddress(email: string): Promise<void> {
  const link = await waitForMail(email, /\/verify-email\//);
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(link)![1]!;
  await apiCall('/api/account/verify-email', { method: 'POST', body: { token } });
}
