import type { LoginAnswer } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { hashToken, newToken } from '../../lib/tokens';
import { administersInstallation } from './installation-admin';
import { sessionExpiry } from './session-policy';
import { insertSession } from './sessions.repository';
import { toUserDto } from './user.mapper';
import type { UserRow } from './users.repository';

/** A new session for the user: the bearer token the web app keeps (only its sha256 is stored). */
export async function startSession({ db, clock, config }: AppDeps, user: UserRow): Promise<LoginAnswer> {
  const token = newToken();
  const now = clock();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    now,
    expiresAt: sessionExpiry(now, now),
  });
  return {
    token,
    name: user.name,
    id: user.id,
    user: toUserDto(user, administersInstallation(user, config.adminEmails)),
  };
}
