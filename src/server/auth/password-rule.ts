import { PASSWORD_RULES, passwordRuleProblem } from '../../shared/schemas/auth';
import { invalid } from '../http/errors';
import { isCommonPassword } from './common-passwords';

/**
 * The one password rule (docs/decisions/394-one-password-rule.md): what the browser checks (10 to
 * 128 characters, not containing the username) and the 10,000 most common passwords. Every password
 * a person types goes through it: owner setup, ADMIN_PASSWORD at start, `npm run user:create`, a new
 * user from Team, an admin's temporary password and a change of one's own. Answers the message a
 * form shows (PASSWORD_RULES), or undefined when the password passes.
 */
export function passwordProblem(password: string, username: string): string | undefined {
  return passwordRuleProblem(password, username) ?? (isCommonPassword(password) ? PASSWORD_RULES.common : undefined);
}

/** The rule as a 400 naming the field, with the same message as its text. */
export function assertPasswordAllowed(password: string, username: string, field: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw invalid(problem, { [field]: problem });
}
