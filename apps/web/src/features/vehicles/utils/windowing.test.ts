import { describe, expect, it } from 'vitest';
import { indexAt, rowOffset, totalHeight, visibleRange, type WindowLayout } from './windowing.ts';

const flat: WindowLayout = { count: 5000, rowHeight: 80, expandedIndex: null, expandedHeight: 400 };
const open: WindowLayout = { ...flat, expandedIndex: 10 };

describe('windowing', () => {
  it('places fixed-height rows', () => {
    expect(rowOffset(flat, 3)).toBe(240);
    expect(totalHeight(flat)).toBe(400_000);
    expect(visibleRange(flat, 0, 800, 2)).toEqual({ start: 0, end: 13 });
    expect(visibleRange(flat, 80_000, 800, 2)).toEqual({ start: 998, end: 1013 });
  });

  it('accounts for the expanded row', () => {
    expect(rowOffset(open, 10)).toBe(800);
    expect(rowOffset(open, 11)).toBe(1200);
    expect(totalHeight(open)).toBe(400_000 + 320);
    expect(indexAt(open, 1000)).toBe(10);
    expect(indexAt(open, 1199)).toBe(10);
    expect(indexAt(open, 1200)).toBe(11);
    expect(indexAt(open, 1280)).toBe(12);
    expect(indexAt(open, 10_000_000)).toBe(4999);
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRange({ ...flat, count: 0 }, 0, 800, 5)).toEqual({ start: 0, end: 0 });
  });
});
