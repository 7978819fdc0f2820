import { z } from 'zod';
import { CHOSEN_PASSWORD_MIN } from '../domain/passwords';

/** The new-user and sign-in forms (docs/product.md "Messages the UI shows"); passwords also capped at 128 characters. */
export const ROLES = ['admin', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The one rule for every password a person types: the owner's at setup, ADMIN_PASSWORD,
 * `npm run user:create`, a new user's, an admin's temporary one and a change of one's own
 * (docs/decisions/394-one-password-rule.md, 325): 10 or more characters, not containing the
 * username, and not one of the 10,000 most common passwords. The browser checks the first two;
 * the server also checks the common ones (a list too large for the browser,
 * src/server/auth/password-rule.ts), with a message in the same words.
 */
export const PASSWORD_RULES = {
  tooShort: `Password must be at least ${CHOSEN_PASSWORD_MIN} characters`,
  tooLong: 'Password must be at most 128 characters',
  hasUsername: 'Password must not contain your username',
  common: 'That password is one of the most common ones: choose one that is harder to guess',
  currentRequired: 'Enter your current password',
  currentWrong: 'Your current password is not right',
  mustDiffer: 'Choose a password different from your current one',
} as const;

/** The one rule's length, as a schema field. */
export const chosenPassword = z
  .string({ message: PASSWORD_RULES.tooShort })
  .min(CHOSEN_PASSWORD_MIN, PASSWORD_RULES.tooShort)
  .max(128, PASSWORD_RULES.tooLong);

/** The username rule, shared by the form (which knows who is signed in) and the server. */
export function containsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length > 0 && password.toLowerCase().includes(name);
}

/**
 * What the browser can check of the one rule (length, then the username), as the message to show;
 * undefined when the password passes. The server adds the common passwords (password-rule.ts).
 */
export function passwordRuleProblem(password: string, username: string): string | undefined {
  const length = chosenPassword.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? PASSWORD_RULES.tooShort;
  if (containsUsername(password, username)) return PASSWORD_RULES.hasUsername;
  return undefined;
}

/** Adds the one rule's username check to a form holding a username and a password. */
function usernameRule(value: { username: string; password: string }, ctx: z.RefinementCtx): void {
  if (containsUsername(value.password, value.username))
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_RULES.hasUsername });
}

const newUserFields = z.object({
  username: z
    .string({ message: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(64, 'Username must be at most 64 characters'),
  password: chosenPassword,
  email: z
    .union([z.literal(''), z.email('Invalid email address')])
    .optional()
    .nullable(),
  role: z.enum(ROLES).default('technician'),
});

/** A new staff user (Team, `npm run user:create`): the password under the one rule. */
export const newUserSchema = newUserFields.superRefine(usernameRule);
export type NewUserInput = z.input<typeof newUserSchema>;

export const loginSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** PATCH /api/admin/users/{userId}/status */
export const userStatusSchema = z.object({
  isActive: z.boolean({ message: 'isActive must be true or false' }),
});

export const userIdParams = z.object({ userId: z.uuid('User not found') });

/** The one message for an unknown user, a wrong password and an inactive user (docs/product.md "Staff sign-in and sessions"). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

export const SETUP_CODE_REQUIRED = 'Enter the setup code from the server log';
/** Creating the owner account on a new site (decision 111): the new-user rules plus the setup code. */
export const ownerSetupSchema = newUserFields
  .omit({ role: true })
  .extend({
    setupCode: z
      .string({ message: SETUP_CODE_REQUIRED })
      .trim()
      .min(1, SETUP_CODE_REQUIRED)
      .max(40, SETUP_CODE_REQUIRED),
  })
  .superRefine(usernameRule);
export type OwnerSetupInput = z.output<typeof ownerSetupSchema>;
export type OwnerSetupForm = z.input<typeof ownerSetupSchema>;

export const setupStatus = z.object({ ownerSetupNeeded: z.boolean() });

/** What GET /api/user and POST /api/login answer: the user, and whether they must choose a new password first. */
export const signedInUser = publicUser.extend({ passwordChangeRequired: z.boolean().optional() });
export type SignedInUser = z.infer<typeof signedInUser>;

/** POST /api/user/password */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: PASSWORD_RULES.currentRequired })
    .min(1, PASSWORD_RULES.currentRequired)
    .max(128, PASSWORD_RULES.tooLong),
  newPassword: chosenPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The form adds the username rule, which the server checks against the signed-in user's name. */
export const changePasswordFormSchema = (username: string) =>
  changePasswordSchema.superRefine((value, ctx) => {
    if (containsUsername(value.newPassword, username))
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_RULES.hasUsername });
  });

/**
 * POST /api/admin/users/{userId}/password: a temporary password the admin types (under the one
 * rule, the username being the user's) or, left empty, one the server makes and shows once.
 */
export const resetPasswordSchema = z.object({
  temporaryPassword: z.union([z.literal(''), chosenPassword]).optional(),
});
/** The reset form adds the username rule, against the user being reset. */
export const resetPasswordFormSchema = (username: string) =>
  resetPasswordSchema.superRefine((value, ctx) => {
    if (value.temporaryPassword && containsUsername(value.temporaryPassword, username))
      ctx.addIssue({ code: 'custom', path: ['temporaryPassword'], message: PASSWORD_RULES.hasUsername });
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export const resetPasswordResult = z.object({ username: z.string(), temporaryPassword: z.string() });

/** One signed-in browser of mine, for "Your devices" (the id is opaque: never the session token). */
export const deviceSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  address: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessionParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, 'Device not found') });

/** The answer to a dashboard request while the user still has to replace a temporary password. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Choose a new password before going on.';
/*
 * Two-factor sign-in (docs/decisions/320-two-factor-sign-in.md): a TOTP code from an authenticator
 * app (RFC 6238), or one of ten single-use recovery codes.
 */
export const MFA_CODE_RULE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_RULE = 'Enter one of your recovery codes';
/** "123 456" as an app shows it is read as "123456". */
export const mfaCode = z
  .string({ message: MFA_CODE_RULE })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MFA_CODE_RULE));
export const recoveryCode = z
  .string({ message: RECOVERY_CODE_RULE })
  .trim()
  .min(1, RECOVERY_CODE_RULE)
  .max(40, RECOVERY_CODE_RULE);

/** POST /api/user/mfa/confirm: the first code from the app proves it holds the secret. */
export const mfaConfirmSchema = z.object({ code: mfaCode });
export type MfaConfirmForm = z.input<typeof mfaConfirmSchema>;

/** POST /api/login/mfa: a code from the app, or a recovery code. */
export const loginMfaSchema = z
  .object({ code: mfaCode.optional(), recoveryCode: recoveryCode.optional() })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.recoveryCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: MFA_CODE_RULE });
  });

/** DELETE /api/user/mfa: turning two-factor off needs the password and a current code. */
export const mfaDisableSchema = z.object({
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
  code: mfaCode,
});
export type MfaDisableForm = z.input<typeof mfaDisableSchema>;

/** What the authenticator app needs: the secret as a QR code (SVG) and as text to type. */
export const mfaSetupView = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type MfaSetupView = z.infer<typeof mfaSetupView>;

/** The ten recovery codes, shown once when two-factor is turned on. */
export const recoveryCodesView = z.object({ recoveryCodes: z.array(z.string()) });

/** The signed-in user's two-factor state; `required` when the owner requires it of admins and this user is one. */
export const mfaStatusView = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type MfaStatusView = z.infer<typeof mfaStatusView>;

/** POST /api/login for a user with two-factor: the password was right, the code comes next. */
export const mfaRequiredView = z.object({ mfaRequired: z.literal(true) });
export const loginResult = z.union([signedInUser, mfaRequiredView]);

/** The Team tab's list of who uses two-factor sign-in. */
export const userMfaView = z.object({ userId: z.string(), enabledAt: z.string() });

/** The owner's sign-in rules (settings key `security`). */
export const securityForm = z.object({
  requireAdminMfa: z.boolean({ message: 'Require two-factor sign-in for admins must be on or off' }),
});
export type SecurityForm = z.infer<typeof securityForm>;
