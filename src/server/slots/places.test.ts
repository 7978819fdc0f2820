import { describe, expect, it } from 'vitest';
import { usablePlaces } from './places';

describe('the places a new job may take (decision 302)', () => {
  it('are the free places up to the capacity, lowest first', () => {
    expect(usablePlaces([], 1)).toEqual([1]);
    expect(usablePlaces([1], 1)).toEqual([]);
    expect(usablePlaces([2], 3)).toEqual([1, 3]);
    expect(usablePlaces([1, 2, 3], 3)).toEqual([]);
    expect(usablePlaces([], 0)).toEqual([]);
  });

  it('count the jobs held above the capacity, so a slot never holds more live jobs than its capacity', () => {
    // Two vans lowered to one, the job in place 1 cancelled: the job in place 2 still fills the slot.
    expect(usablePlaces([2], 1)).toEqual([]);
    // Three vans lowered to two with places 2 and 3 held: full.
    expect(usablePlaces([2, 3], 2)).toEqual([]);
    // Three vans lowered to two with place 3 held: one place left, the lowest.
    expect(usablePlaces([3], 2)).toEqual([1]);
    expect(usablePlaces([5], 3)).toEqual([1, 2]);
  });
});
