import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, newUserSchema, publicUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../app';
import { AppError } from '../http/errors';
import { currentUser, registerUser, signIn, signOut } from './service';

/**
 * SPEC section 7 "Auth and team". These routes are 'public' because they handle the session
 * themselves: /api/user answers 401 when nobody is signed in, /api/register checks inside.
 */
export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/user', { config: { access: 'public' }, schema: { response: { 200: publicUser } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return currentUser(deps, request);
    });

    app.post('/api/login', { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: publicUser } } }, async (request, reply) => {
      try {
        return await signIn(deps, request, reply, request.body);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') reply.header('Retry-After', String(err.extra.retryAfterSeconds));
        throw err;
      }
    });

    // Idempotent: signing out without a session still answers 204 and clears the cookie.
    app.post('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
      await signOut(deps, request, reply);
      return reply.status(204).send();
    });

    app.post('/api/register', { config: { access: 'public' }, schema: { body: newUserSchema, response: { 201: publicUser } } }, async (request, reply) => {
      const user = await registerUser(deps, request, request.body);
      return reply.status(201).send(user);
    });
  };
}
