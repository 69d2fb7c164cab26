import { ERRORS } from '@lectern/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert';
import { Page } from '../../components/ui/Page';
import { takeLtiHandover } from '../../features/auth/api/lti-handover';
import { useSession } from '../../features/auth/session-context';
import { errorMessage } from '../../lib/api-client';

/** The code in this page's fragment (#code=…), read once: the fragment never reaches a server or a log. */
function takeCodeFromUrl(): string {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * Where an LTI launch lands (/lti/enter#code=…), usually inside the LMS's frame, where the browser keeps no
 * third-party cookie: the one-time code becomes the bearer session the web app keeps anyway, and the page
 * moves on to the launch's course or lecture.
 */
export function LtiEnterPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs the effect twice: the code is good for one trade only.
    if (started.current) return;
    started.current = true;
    takeLtiHandover({ code: takeCodeFromUrl() })
      .then((answer) => {
        signIn(answer);
        void navigate(answer.target, { replace: true });
      })
      .catch((failure: unknown) => setError(errorMessage(failure, ERRORS.unexpected)));
  }, [signIn, navigate]);

  return (
    <Page title="Opening Lectern">
      <div className="card auth-card">
        {error ? <FormAlert message={error} /> : <p role="status">Signing you in…</p>}
      </div>
    </Page>
  );
}
