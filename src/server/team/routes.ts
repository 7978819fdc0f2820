import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newUserSchema, publicUser, userIdParams, userStatusSchema } from '../../shared/schemas/auth';
import type { AppDeps } from '../app';
import { addUser, listUsers, setUserActive } from './service';

/** SPEC section 2 "Team tab" and section 7: admin only (DECISIONS.md "Staff, sessions and permissions"). */
export function teamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/users', { config: { access: 'admin' }, schema: { response: { 200: z.array(publicUser) } } }, async () => listUsers(deps));

    app.post('/api/admin/users', { config: { access: 'admin' }, schema: { body: newUserSchema, response: { 201: publicUser } } }, async (request, reply) => {
      const user = await addUser(deps.db, request.body);
      return reply.status(201).send(user);
    });

    app.patch(
      '/api/admin/users/:userId/status',
      { config: { access: 'admin' }, schema: { params: userIdParams, body: userStatusSchema, response: { 200: publicUser } } },
      async (request) => setUserActive(deps, request.user!.id, request.params.userId, request.body.isActive),
    );
  };
}
