import { useState } from 'react';
import { useLocation } from 'react-router';
import { newTabCode } from '../../features/lti/api/new-tab';

const FAILED = 'Lectern could not open a new tab. Try again.';

/**
 * "Open in a new tab" inside an LMS frame (issue 23): the frame's session lives in the page, so the new
 * tab signs in with a new one-time code, in its address's fragment (never sent to a server, so in no log).
 * The tab is opened in the click itself, where no popup blocker stops it, and sent on once the code is in.
 */
export function OpenInNewTab() {
  const [busy, setBusy] = useState(false);
  const { pathname, search } = useLocation();
  const [error, setError] = useState('');

  function open() {
    setError('');
    const tab = window.open('about:blank', '_blank');
    if (!tab) return setError('Your browser blocked the new tab. Allow pop-ups for Lectern and try again.');
    setBusy(true);
    newTabCode({ target: `${pathname}${search}` })
      .then(
        ({ code }) => {
          tab.opener = null;
          tab.location.replace(new URL(`/lti/enter#code=${code}`, window.location.origin).href);
        },
        () => {
          tab.close();
          setError(FAILED);
        },
      )
      .finally(() => setBusy(false));
  }

  return (
    <span className="open-in-new-tab">
      <button type="button" className="link-button" onClick={open} disabled={busy}>
        Open in a new tab
      </button>
      {error && (
        <span role="alert" className="error-text">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
