/** What a form's action came to: a polite status when it worked, an alert when it did not. */
export function OutcomeLine({ outcome }: { outcome: { ok: boolean; message: string } | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'success-text' : 'error-text'}>
      {outcome.message}
    </p>
  );
}
