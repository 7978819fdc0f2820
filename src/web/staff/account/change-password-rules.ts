import { z } from 'zod';
import { changePasswordFormSchema } from '../../../shared/schemas/auth';

export const REPEAT_MISMATCH = 'The two new passwords are not the same';

/** The server's rules plus, on the form only, typing the new password twice. */
export const changePasswordRules = (username: string) =>
  changePasswordFormSchema(username)
    .and(z.object({ repeatPassword: z.string() }))
    .superRefine((value, ctx) => {
      if (value.repeatPassword !== value.newPassword)
        ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: REPEAT_MISMATCH });
    });
