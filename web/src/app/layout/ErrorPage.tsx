import { useLayoutEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { dropEarlyShell } from '../../lib/early-reads';
import { isStaleChunk, reloadOnce } from './stale-chunk';

/**
 * The router's error page (SPEC §2: "Unexpected Application Error!"). A page whose code could not be
 * fetched reloads once by itself, then offers a Reload button (stale-chunk.ts).
 */
export function ErrorPage() {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  const [reloading] = useState(() => stale && reloadOnce());
  // A watch page's shell would hide this page (lib/early-reads.ts).
  useLayoutEffect(dropEarlyShell, []);
  if (reloading) return null;
  const detail = stale
    ? 'Lectern may have been updated, or you are offline.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className="error-page" role="alert">
      <h1>{stale ? 'This page could not be loaded' : 'Unexpected Application Error!'}</h1>
      <p>{detail}</p>
      {stale ? (
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      ) : (
        <a href="/">Return to the home page</a>
      )}
    </div>
  );
}
