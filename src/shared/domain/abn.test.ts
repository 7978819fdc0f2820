import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn } from './abn';

describe('the ABN check digits', () => {
  it.each([
    ['51 824 753 556', true],
    ['51824753556', true],
    ['53 004 085 616', true],
    ['51 824 753 557', false],
    ['00 000 000 000', false],
    ['5182475355', false],
    ['51 824 753 55a', false],
    ['', false],
  ])('%s is valid: %s', (abn, valid) => {
    expect(isValidAbn(abn)).toBe(valid);
  });

  it('prints an ABN in groups of 2, 3, 3 and 3', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn(' 51 8247 53556 ')).toBe('51 824 753 556');
  });
});
