import { describe, it, expect } from 'vitest';
import { exGst, gstOf } from './gst';

describe('GST is total / 11, never 10%', () => {
  it.each([
    [12980, 1180, 11800],
    [9980, 907, 9073],
    [8980, 816, 8164],
    [11000, 1000, 10000],
    [85580, 7780, 77800],
    [0, 0, 0],
    [1, 0, 1],
    [6, 1, 5],
  ] as const)('%i -> gst %i, ex %i', (total, gst, ex) => {
    expect(gstOf(total)).toBe(gst);
    expect(exGst(total)).toBe(ex);
    expect(gstOf(total) + exGst(total)).toBe(total);
  });
});
