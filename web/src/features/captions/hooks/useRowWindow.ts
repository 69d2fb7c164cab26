import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';
import { type RowWindow, rowWindow } from '../utils/row-window';

const OVERSCAN = 8;

/**
 * The rows of a long list of equal rows that its scroller shows now (plus a few around them), re-read on
 * every scroll and resize: a list of 1,000 cues keeps a few dozen rows in the page. `scrollTo` moves the
 * scroller and renders the rows there at once, so a row can be focused right after.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow & { onScroll(): void; scrollTo(top: number): void } {
  const [view, setView] = useState({ top: 0, height: 0 });
  const read = useCallback(() => {
    const box = scroller.current;
    if (box) setView({ top: box.scrollTop, height: box.clientHeight });
  }, [scroller]);
  useLayoutEffect(() => {
    read();
    const box = scroller.current;
    if (!box) return;
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, [read, scroller]);
  const scrollTo = useCallback(
    (top: number) => {
      const box = scroller.current;
      if (!box) return;
      box.scrollTop = top;
      read();
    },
    [read, scroller],
  );
  return { ...rowWindow(count, rowHeight, view.top, view.height, OVERSCAN), onScroll: read, scrollTo };
}
