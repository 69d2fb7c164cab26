import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// A page shows its h1 once its data is in; after this long a slow page keeps focus where it was.
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After a route change, focus moves to the new page's h1 (made focusable by script only) so a
 * screen reader announces where the user now is, and keyboard users start at the top of the content.
 * Not on the first load (the browser starts at the top anyway), and not when the page already moved
 * focus into itself (a field that takes focus on purpose).
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focusHeading = () => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const pageTookFocus = active && active !== root && root.contains(active);
      if (!pageTookFocus) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, main]);
}
