import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords a chosen password must not be (docs/decisions/325-passwords-people-choose.md). */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The 10,000 most common passwords, lower-case: zxcvbn-ts's ranked list (most common first, built
 * from leaked-password corpora and kept up to date by its maintainers), read once on first use.
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

/** True when the password, in any case, is among the most common ones. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
