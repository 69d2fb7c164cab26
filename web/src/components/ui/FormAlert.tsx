/**
 * The inline error of a form: announced to screen readers as soon as it appears. Renders nothing while
 * there is no message, so forms can always place it.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="error-text">
      {message}
    </p>
  );
}
