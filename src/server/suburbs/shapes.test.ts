import { describe, expectTypeOf, it } from 'vitest';
import type { SuburbPage } from '../../shared/schemas/suburbs';
import type { SUBURB_PAGE_COLUMNS } from './service';

/** A suburb page on the wire is the columns it is read with (decision 260). */
describe('a suburb page on the wire', () => {
  // A field added to the page's wire schema must be read from a column here (or worked out, like the neighbours).
  it('has exactly the fields read from the landing pages table, and the nearby suburbs', () => {
    expectTypeOf<keyof typeof SUBURB_PAGE_COLUMNS>().toEqualTypeOf<Exclude<keyof SuburbPage, 'nearby'>>();
  });
});
