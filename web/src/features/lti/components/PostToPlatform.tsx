import { useEffect, useRef } from 'react';

/**
 * Posts the signed deep-linking response to the platform's return URL, as the form field `JWT` (Deep
 * Linking 2.0 §4.5): the frame then shows the platform's page again.
 */
export function PostToPlatform({ returnUrl, jwt }: { returnUrl: string; jwt: string }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.submit(), []);
  return (
    <form ref={form} method="post" action={returnUrl}>
      <input type="hidden" name="JWT" value={jwt} />
      <p role="status">Sending your choice to your course…</p>
      <noscript>
        <button type="submit">Send to my course</button>
      </noscript>
    </form>
  );
}
