import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';
import { dictionary } from '@zxcvbn-ts/language-common';

describe('the most common passwords', () => {
  it('refuses the well-known ones in any case, and only the first 10,000 of the ranked list', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('1234567890')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    const ranked = dictionary['passwords-common'];
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const beyond = ranked
      .slice(COMMON_PASSWORD_COUNT)
      .find((p) => !ranked.slice(0, COMMON_PASSWORD_COUNT).some((q) => q.toLowerCase() === p.toLowerCase()));
    expect(beyond).toBeDefined();
    expect(isCommonPassword(beyond!)).toBe(false);
  });

  it('lets a long unusual password through', () => {
    expect(isCommonPassword('tyre-van-42-rockingham')).toBe(false);
  });
});
