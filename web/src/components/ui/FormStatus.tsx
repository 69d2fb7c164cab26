/** What Save says when the form still holds the loaded values: nothing is sent. */
export const NOTHING_CHANGED = 'Nothing to save: no changes were made.';

/**
 * A form's polite status line (e.g. NOTHING_CHANGED). The live region is always in the page, so screen
 * readers announce the message when it appears.
 */
export function FormStatus({ message }: { message: string | null | undefined }) {
  return (
    <p role="status" className="hint">
      {message}
    </p>
  );
}
