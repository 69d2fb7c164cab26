/** The rows of a list to render: [first, end) — those in view and `overscan` more on each side. */
export interface RowWindow {
  first: number;
  end: number;
}

/**
 * Which rows of `count` equal rows of `rowHeight` px a scroller `viewHeight` px tall shows at `scrollTop`,
 * with `overscan` rows beyond each edge, so that the arrow keys always find the next row rendered.
 */
export function rowWindow(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
  overscan: number,
): RowWindow {
  const top = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const bottom = Math.ceil((Math.max(0, scrollTop) + viewHeight) / rowHeight);
  return { first: Math.max(0, top - overscan), end: Math.min(count, bottom + overscan) };
}

/** The scrollTop that shows row `index` a third of the way down the scroller (the spoken line's place). */
export const scrollTopFor = (index: number, rowHeight: number, viewHeight: number): number =>
  Math.max(0, index * rowHeight - viewHeight / 3);
