import { z } from 'zod';
import {
  loginResult,
  loginSchema,
  newUserSchema,
  ownerSetupSchema,
  publicUser,
  resetPasswordResult,
  resetPasswordSchema,
  setupStatus,
  signedInUser,
  userIdParams,
  userStatusSchema,
} from '../schemas/auth';
import { roster, rosterRequest, technicianIdParams } from '../schemas/roster';
import { defineContract } from './contract';

/** Staff sign-in and the first account (docs/product.md "Staff sign-in and sessions"). */
export const auth = {
  currentUser: defineContract({
    method: 'GET',
    path: '/api/user',
    access: 'optional-staff',
    summary:
      'The signed-in staff user (and whether they must choose a new password first); 401 when nobody is signed in.',
    response: signedInUser,
  }),
  login: defineContract({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary:
      'Signs in with username and password and sets the session cookie (and the known-device cookie); for a user with two-factor sign-in it answers { mfaRequired: true } and a short-lived pending cookie instead (then POST /api/login/mfa).',
    body: loginSchema,
    response: loginResult,
  }),
  logout: defineContract({
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    summary: 'Ends the session (answers 204 even without one).',
    responseKind: 'empty',
  }),
  setupStatus: defineContract({
    method: 'GET',
    path: '/api/setup',
    access: 'public',
    summary: 'Whether the site still needs its owner account (no staff user exists yet).',
    response: setupStatus,
  }),
  createOwner: defineContract({
    method: 'POST',
    path: '/api/setup',
    access: 'public',
    affects: ['auth'],
    summary:
      "Creates the owner account (an admin) with the one-time setup code from the server's log, and signs it in.",
    body: ownerSetupSchema,
    response: publicUser,
    status: 201,
  }),
  register: defineContract({
    method: 'POST',
    path: '/api/register',
    access: 'optional-staff',
    affects: ['team'],
    summary: 'Creates a staff user (signed-in admins only).',
    body: newUserSchema,
    response: publicUser,
    status: 201,
  }),
};

/** The Team tab: admins only. */
export const team = {
  listUsers: defineContract({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Every staff user.',
    response: z.array(publicUser),
  }),
  addUser: defineContract({
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    affects: ['team'],
    summary: 'Adds a staff user.',
    body: newUserSchema,
    response: publicUser,
    status: 201,
  }),
  setUserStatus: defineContract({
    method: 'PATCH',
    path: '/api/admin/users/:userId/status',
    access: 'admin',
    affects: ['team', 'jobs'],
    summary: 'Activates or deactivates a staff user (never the last active admin, never yourself).',
    params: userIdParams,
    body: userStatusSchema,
    response: publicUser,
  }),
  resetPassword: defineContract({
    method: 'POST',
    path: '/api/admin/users/:userId/password',
    access: 'admin',
    affects: ['team'],
    summary:
      "Sets a temporary password (typed, or made and shown once) the user must replace at their next sign-in; ends the user's sessions.",
    params: userIdParams,
    body: resetPasswordSchema,
    response: resetPasswordResult,
  }),
  endUserSessions: defineContract({
    method: 'DELETE',
    path: '/api/admin/users/:userId/sessions',
    access: 'admin',
    affects: ['team', 'account'],
    summary: 'Signs a user out of every browser at once.',
    params: userIdParams,
    response: z.object({ ended: z.number().int() }),
  }),
  roster: defineContract({
    method: 'GET',
    path: '/api/dashboard/technicians/:id/roster',
    access: 'admin',
    summary:
      "A technician's working weekdays (ISO, 1 = Monday) and leave, with their live jobs that fall on a day off.",
    params: technicianIdParams,
    response: roster,
  }),
  setRoster: defineContract({
    method: 'PUT',
    path: '/api/dashboard/technicians/:id/roster',
    access: 'admin',
    affects: ['team', 'jobs', 'slots', 'staffSlots'],
    summary:
      "Replaces a technician's working weekdays and leave; answers the jobs on their days off that need another technician.",
    params: technicianIdParams,
    body: rosterRequest,
    response: roster,
  }),
};
