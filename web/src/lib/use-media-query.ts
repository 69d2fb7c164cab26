import { useCallback, useSyncExternalStore } from 'react';

/** The phone layout's breakpoint, the same width as the stylesheets' `@media (max-width: 800px)`. */
export const PHONE_LAYOUT = '(max-width: 800px)';

/** Whether the media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
