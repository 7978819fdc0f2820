import { z } from 'zod';

/** The new-user and sign-in forms (docs/product.md "Messages the UI shows"); passwords also capped at 128 characters. */
export const ROLES = ['admin', 'technician'] as const;
export type Role = (typeof ROLES)[number];

export const password = z
  .string({ message: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const newUserSchema = z.object({
  username: z.string({ message: 'Username must be at least 3 characters' }).trim().min(3, 'Username must be at least 3 characters').max(64, 'Username must be at most 64 characters'),
  password,
  email: z.union([z.literal(''), z.email('Invalid email address')]).optional().nullable(),
  role: z.enum(ROLES).default('technician'),
});
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
export const ownerSetupSchema = newUserSchema.omit({ role: true }).extend({
  setupCode: z.string({ message: SETUP_CODE_REQUIRED }).trim().min(1, SETUP_CODE_REQUIRED).max(40, SETUP_CODE_REQUIRED),
});
export type OwnerSetupInput = z.output<typeof ownerSetupSchema>;
export type OwnerSetupForm = z.input<typeof ownerSetupSchema>;

export const setupStatus = z.object({ ownerSetupNeeded: z.boolean() });
