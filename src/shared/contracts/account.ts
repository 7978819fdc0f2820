import { z } from 'zod';
import { changePasswordSchema, deviceSession, deviceSessionParams } from '../schemas/auth';
import { defineContract } from './contract';

/**
 * The signed-in staff user's own account, for every staff user: the browsers signed in as them and
 * their password (docs/decisions/326-signed-in-devices.md, 325-passwords-people-choose.md).
 */
export const account = {
  listSessions: defineContract({
    method: 'GET',
    path: '/api/user/sessions',
    access: 'staff',
    summary: 'My signed-in browsers (browser and system, address, last seen), the one asking marked current.',
    response: z.array(deviceSession),
  }),
  endSession: defineContract({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    access: 'staff',
    affects: ['account'],
    summary: 'Signs one of my browsers out at once (404 for any id that is not one of mine).',
    params: deviceSessionParams,
    responseKind: 'empty',
  }),
  endOtherSessions: defineContract({
    method: 'DELETE',
    path: '/api/user/sessions',
    access: 'staff',
    affects: ['account'],
    summary: 'Signs out every browser of mine but this one.',
    response: z.object({ ended: z.number().int() }),
  }),
  changePassword: defineContract({
    method: 'POST',
    path: '/api/user/password',
    access: 'staff',
    affects: ['account', 'auth'],
    summary: 'Changes my password (the current one required); every other browser of mine is signed out.',
    body: changePasswordSchema,
    responseKind: 'empty',
  }),
};
