/**
 * A password a person chooses is at least this long: the one password rule
 * (docs/decisions/394-one-password-rule.md, 325); the full rule is src/shared/schemas/auth.ts.
 */
export const CHOSEN_PASSWORD_MIN = 10;

/** The one rule in a sentence, under every field where a password is chosen (no zod needed to show it). */
export const PASSWORD_HINT = `At least ${CHOSEN_PASSWORD_MIN} characters, not a common password, and not containing the username.`;
