import { ROLES, type Case, type Fresh, type Role, type Row } from './table';

const BAD_TOKEN = { authorization: `Bearer ${'garbage'.repeat(5)}` };

/** The caller's credentials for a case: none when anonymous, garbage for badToken, else its session. */
export function authOf(c: Case, f: Fresh): Record<string, string> {
  if (c.role === 'badToken') return BAD_TOKEN;
  return c.user ? { authorization: `Bearer ${f.token ?? c.user.token}` } : {};
}

// Each role calls from its own address: IP-keyed limits (forgot-password) then count per role.
const addressOf = (role: Role) => `10.0.0.${ROLES.indexOf(role) + 1}`;

/** Sends a row's request as the case's role, through inject (every row but the SSE ones). */
export function injectRow(row: Row, c: Case, f: Fresh) {
  const { body, headers } = row.payload?.(c, f) ?? {};
  return c.t.app.inject({
    method: row.method,
    url: row.url(c, f),
    headers: { ...headers, ...authOf(c, f) },
    remoteAddress: addressOf(c.role),
    ...(body === undefined ? {} : Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
  });
}
