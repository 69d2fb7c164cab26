/** The inline error of an account form: announced to screen readers as soon as it appears. */
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="error-text">
      {message}
    </p>
  );
}
