import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopFor } from './row-window';

describe('rowWindow', () => {
  it('renders the rows in view and the overscan around them, never past either end', () => {
    expect(rowWindow(1000, 40, 0, 400, 5)).toEqual({ first: 0, end: 15 });
    expect(rowWindow(1000, 40, 4000, 400, 5)).toEqual({ first: 95, end: 115 });
    expect(rowWindow(1000, 40, 39_600, 400, 5)).toEqual({ first: 985, end: 1000 });
  });

  it('counts a row cut by an edge as in view', () => {
    expect(rowWindow(1000, 40, 20, 400, 0)).toEqual({ first: 0, end: 11 });
  });

  it('renders nothing for an empty list, and copes with an elastic scroll above the top', () => {
    expect(rowWindow(0, 40, 0, 400, 5)).toEqual({ first: 0, end: 0 });
    expect(rowWindow(10, 40, -30, 400, 2)).toEqual({ first: 0, end: 10 });
  });
});

describe('scrollTopFor', () => {
  it('puts the row a third of the way down, or the list at its top', () => {
    expect(scrollTopFor(100, 40, 600)).toBe(3800);
    expect(scrollTopFor(2, 40, 600)).toBe(0);
  });
});
