import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving the page while some work would be lost (issue 11 #4: an upload in progress):
 * closing or reloading the tab gets the browser's own question, a link inside Lectern asks `message`.
 * `start` and `stop` take effect at once, so navigating right after `stop` is never held up.
 */
export function useLeaveWarning(message: string) {
  const active = useRef(false);
  const blocker = useBlocker(() => active.current);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (active.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  const start = useCallback(() => {
    active.current = true;
  }, []);
  const stop = useCallback(() => {
    active.current = false;
  }, []);
  return { start, stop };
}
