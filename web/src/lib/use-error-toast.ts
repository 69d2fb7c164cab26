import { useEffect } from 'react';
import { toast } from './toast';
import { isNetworkError } from './connection';

/**
 * Shows a failed fetch as the spec's toast (SPEC §7 "Handling of answers"). The message is the toast id,
 * so a re-render or a second mount does not stack copies. A failure to reach the server at all raises
 * none: the connection banner is its one display (issue 11 #9). Pages that show a failure inline (with
 * Retry) do not toast it too.
 */
export function useErrorToast(message: string | false | null, error: unknown) {
  const show = message && !isNetworkError(error) ? message : null;
  useEffect(() => {
    if (show) toast.error(show, { toastId: show });
  }, [show]);
}
