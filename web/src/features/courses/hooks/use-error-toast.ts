import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Shows a failed fetch as the spec's toast (SPEC §7 "Handling of answers"). The message is the toast id,
 * so a re-render or a second mount does not stack copies.
 */
export function useErrorToast(message: string | null) {
  useEffect(() => {
    if (message) toast.error(message, { toastId: message });
  }, [message]);
}
