import { useSyncExternalStore } from 'react';

/** The phone layout: the same width as the stylesheets' `@media (max-width: 800px)`. */
const PHONE = '(max-width: 800px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(PHONE);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Whether the page has its phone layout now; the component renders again when that changes. */
export const usePhoneLayout = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
