import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';
import { type RowWindow, rowWindow } from '../utils/row-window';

const OVERSCAN = 8;
/** Until a row is rendered to be measured: the desk's one-line row (captions.css). */
const FIRST_GUESS_PX = 40;

/**
 * The rows of a long list of equal rows that its scroller shows now (plus a few around them), re-read on
 * every scroll and resize: a list of 1,000 cues keeps a few dozen rows in the page. The row height is
 * measured from a rendered row (`rowSelector`), so the stylesheet alone decides it (one line at a desk,
 * two on a phone). `scrollTo` moves the scroller and renders the rows there at once, so a row can be
 * focused right after.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowSelector: string,
): RowWindow & { rowHeight: number; onScroll(): void; scrollTo(top: number): void } {
  const [view, setView] = useState({ top: 0, height: 0, rowHeight: FIRST_GUESS_PX });
  const read = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    const row = box.querySelector<HTMLElement>(rowSelector);
    setView((was) => ({
      top: box.scrollTop,
      height: box.clientHeight,
      rowHeight: row?.offsetHeight || was.rowHeight,
    }));
  }, [scroller, rowSelector]);
  useLayoutEffect(() => {
    read();
    const box = scroller.current;
    if (!box) return;
    const observer = new ResizeObserver(read); // a new width may be the other layout's row height
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
  return {
    ...rowWindow(count, view.rowHeight, view.top, view.height, OVERSCAN),
    rowHeight: view.rowHeight,
    onScroll: read,
    scrollTo,
  };
}
