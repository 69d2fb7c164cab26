import { ERRORS } from '@lectern/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert';
import { Page } from '../../components/ui/Page';
import { takeLtiHandover } from '../../features/auth/api/lti-handover';
import { useSession } from '../../features/auth/session-context';
import { errorMessage } from '../../lib/api-client';

/**
 * The codes in this page's fragment (#code=…, and a deep link's &picker=…), read once: the fragment never
 * reaches a server or a log.
 */
function takeCodesFromUrl() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return { code: fragment.get('code') ?? '', picker: fragment.get('picker') };
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
    const { code, picker } = takeCodesFromUrl();
    takeLtiHandover({ code })
      .then((answer) => {
        signIn(answer);
        // The deep-linking picker's token goes on in the fragment, out of every log as here.
        void navigate(picker ? `${answer.target}#picker=${picker}` : answer.target, { replace: true });
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
