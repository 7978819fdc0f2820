import { z } from 'zod';
import {
  loginMfaSchema,
  loginResult,
  mfaConfirmSchema,
  mfaDisableSchema,
  mfaSetupView,
  mfaStatusView,
  recoveryCodesView,
  userIdParams,
  userMfaView,
} from '../schemas/auth';
import { defineContract } from './contract';

/**
 * Two-factor sign-in (docs/decisions/320-two-factor-sign-in.md): every staff user may turn it on in
 * Settings; sign-in then asks for a code after the password; an admin resets another user's.
 */
export const twoFactor = {
  status: defineContract({
    method: 'GET',
    path: '/api/user/mfa',
    access: 'staff',
    summary:
      'Whether two-factor sign-in is on for me, how many recovery codes are left, and whether the owner requires it of me.',
    response: mfaStatusView,
  }),
  setup: defineContract({
    method: 'POST',
    path: '/api/user/mfa/setup',
    access: 'staff',
    affects: ['twoFactor'],
    summary:
      'Makes a new secret for my authenticator app (a QR code and the text to type); two-factor stays off until a code confirms it.',
    response: mfaSetupView,
  }),
  confirm: defineContract({
    method: 'POST',
    path: '/api/user/mfa/confirm',
    access: 'staff',
    affects: ['twoFactor'],
    summary:
      'Turns two-factor sign-in on with the first code from the app, and answers ten single-use recovery codes (shown this once).',
    body: mfaConfirmSchema,
    response: recoveryCodesView,
  }),
  disable: defineContract({
    method: 'DELETE',
    path: '/api/user/mfa',
    access: 'staff',
    affects: ['twoFactor'],
    summary: 'Turns two-factor sign-in off: my password and a current code are both required.',
    body: mfaDisableSchema,
    responseKind: 'empty',
  }),
  completeSignIn: defineContract({
    method: 'POST',
    path: '/api/login/mfa',
    access: 'public',
    affects: ['auth'],
    summary:
      'Completes a sign-in that answered { mfaRequired: true }: a code from the app or a recovery code (each works once), then the session cookie as POST /api/login sets it.',
    body: loginMfaSchema,
    response: loginResult,
  }),
  enrolledUsers: defineContract({
    method: 'GET',
    path: '/api/admin/mfa',
    access: 'admin',
    summary: 'The staff users who have two-factor sign-in on, and since when.',
    response: z.array(userMfaView),
  }),
  reset: defineContract({
    method: 'DELETE',
    path: '/api/admin/users/:userId/mfa',
    access: 'admin',
    affects: ['twoFactor', 'team'],
    summary:
      "Resets another user's two-factor sign-in (a lost phone): their secret and recovery codes are removed; recorded in the audit log.",
    params: userIdParams,
    responseKind: 'empty',
  }),
};
