import type { ToastContent, ToastOptions } from 'react-toastify';

// react-toastify (~6 KB gzip with its styles) stays out of the first load (issue 11): it is imported when
// the container mounts just after the first render, or by the first toast if that comes sooner. Toasts
// shown before the container is there wait in react-toastify's own queue and appear when it mounts.

let toastify: Promise<typeof import('react-toastify')> | null = null;

/** react-toastify, imported once. */
export const loadToastify = () => (toastify ??= import('react-toastify'));

const show =
  (kind: 'info' | 'success' | 'error') =>
  (content: ToastContent, options?: ToastOptions): void =>
    void loadToastify().then(({ toast: shown }) => shown[kind](content, options));

/** The app's toasts: react-toastify's, loaded on first use. */
export const toast = { info: show('info'), success: show('success'), error: show('error') };
