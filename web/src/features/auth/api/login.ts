import type { LoginAnswer, LoginBody, LoginHeldBody } from '@lectern/shared';
import { ApiError, api } from '../../../lib/api-client';
import { solveChallenge } from '../utils/solve-challenge';

// Logging in (SPEC §2 Login). While a login hold is on, a browser new to the account is refused with a
// challenge (issue 20): it is solved here and the password sent once more with the solution. Only the login
// form imports this, so the solver stays out of every other page's code.

const postLogin = (body: LoginBody) => api<LoginAnswer>('/api/login', { method: 'POST', body });

const challengeOf = (error: unknown) =>
  error instanceof ApiError && error.status === 429
    ? (error.body as LoginHeldBody | undefined)?.challenge
    : undefined;

/** `onChecking`: called when the browser starts solving a challenge (about a second of work). */
export async function logIn(
  credentials: { email: string; password: string },
  onChecking: () => void,
): Promise<LoginAnswer> {
  try {
    return await postLogin(credentials);
  } catch (error) {
    const challenge = challengeOf(error);
    if (!challenge) throw error;
    onChecking();
    const solution = await solveChallenge(challenge);
    return postLogin({ ...credentials, challenge: { token: challenge.token, solution } });
  }
}
