import { useState } from 'react';

interface SendOptions {
  /** Shows a failed request (a toast, or `setError` for an inline message). */
  onFailure(failure: unknown): void;
  /** The form stays on screen after success (e.g. Save Changes), so its button is enabled again. */
  staysOpen?: boolean;
}

/**
 * The inline error and busy state every form submit shares. `send` clears the error and disables the
 * submit button while the request runs; after a failure the button is enabled again for a retry, after a
 * success it stays disabled (the form navigates away) unless `staysOpen`.
 */
export function useFormSubmit() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(request: () => Promise<void>, { onFailure, staysOpen = false }: SendOptions) {
    setError('');
    setBusy(true);
    try {
      await request();
      if (staysOpen) setBusy(false);
    } catch (failure) {
      onFailure(failure);
      setBusy(false);
    }
  }

  return { error, setError, busy, send };
}
