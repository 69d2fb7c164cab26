import type { LoginAnswer } from '@lectern/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from './session-context';
import { afterLoginPath } from './utils/after-login';

/**
 * Stores a new session and leaves the login or signup page for the right place (see afterLoginPath).
 * `finishing` lets the page tell "just signed in here" from "arrived already signed in".
 */
export function useFinishSignIn(courseIDtoJoin: string | undefined) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [finishing, setFinishing] = useState(false);

  function finish(answer: LoginAnswer, greet: (name: string) => void): void {
    setFinishing(true);
    signIn(answer);
    greet(answer.name);
    void navigate(afterLoginPath(courseIDtoJoin, location.state), { replace: true });
  }

  return { finishing, finish };
}
