import { type RefObject, type UIEvent, useEffect, useState } from 'react';
import { type RowWindow, rowWindow } from '../utils/row-window';

const OVERSCAN = 8;
/** Until a row is rendered to be measured: the desk's one-line row (captions.css). */
const FIRST_GUESS_PX = 40;

interface View {
  top: number;
  height: number;
  rowHeight: number;
}

/** Where the scroller is and how tall its rows are now (a rendered row's height, else the last known). */
const measure = (box: HTMLElement, rowSelector: string, was: View): View => ({
  top: box.scrollTop,
  height: box.clientHeight,
  rowHeight: box.querySelector<HTMLElement>(rowSelector)?.offsetHeight || was.rowHeight,
});

/**
 * The rows of a long list of equal rows that its scroller shows now (plus a few around them), re-read on
 * every scroll (`onScroll`) and resize: a list of 1,000 cues keeps a few dozen rows in the page. The row
 * height is measured from a rendered row (`rowSelector`), so the stylesheet alone decides it (one line at
 * a desk, two on a phone).
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowSelector: string,
): RowWindow & { rowHeight: number; onScroll(event: UIEvent<HTMLElement>): void } {
  const [view, setView] = useState<View>({ top: 0, height: 0, rowHeight: FIRST_GUESS_PX });
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    // Reports the first size at once, then every resize (a new width may be the other layout's rows).
    const observer = new ResizeObserver(() => setView((was) => measure(box, rowSelector, was)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [scroller, rowSelector]);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const box = event.currentTarget;
    setView((was) => measure(box, rowSelector, was));
  };
  return {
    ...rowWindow(count, view.rowHeight, view.top, view.height, OVERSCAN),
    rowHeight: view.rowHeight,
    onScroll,
  };
}
