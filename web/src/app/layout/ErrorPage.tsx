import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { dropEarlyShell } from '../../lib/early-reads';

/** The router's error page (SPEC §2: "Unexpected Application Error!"). */
export function ErrorPage() {
  const error = useRouteError();
  // A watch page's shell would hide this page (lib/early-reads.ts).
  useLayoutEffect(dropEarlyShell, []);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <a href="/">Return to the home page</a>
    </div>
  );
}
