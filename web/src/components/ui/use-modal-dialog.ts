import { type RefObject, useEffect } from 'react';

/**
 * Opens a <dialog> as a modal when it mounts, and on unmount gives focus back to what had it before (the
 * button or card that opened it), so keyboard and screen-reader users carry on where they were.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [dialog]);
}
