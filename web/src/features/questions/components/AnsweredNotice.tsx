/**
 * The asker's notice that their question was answered, with a link to the response (SPEC §2: the video
 * page with the response id opens it). Toasts render outside the router, so the caller navigates.
 */
export function AnsweredNotice({ href, onOpen }: { href: string; onOpen(): void }) {
  return (
    <p className="answered-notice">
      Your question has a response.{' '}
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      >
        click to view response
      </a>
    </p>
  );
}
