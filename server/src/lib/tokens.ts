import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe (SECURITY SESS-1, RESET-2). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What we store instead of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
