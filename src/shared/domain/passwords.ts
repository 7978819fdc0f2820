/**
 * A password a person chooses for themselves is at least this long
 * (docs/decisions/325-passwords-people-choose.md); the full rule is src/shared/schemas/auth.ts.
 */
export const CHOSEN_PASSWORD_MIN = 10;
