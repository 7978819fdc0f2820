import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors';

/**
 * Who may call a route. Every /api and /ws route must state it in `config.access`;
 * the server refuses to start otherwise, so a route cannot be added without deciding.
 */
export type Access = 'public' | 'staff' | 'admin' | 'webhook';

export type SessionUser = {
  id: string;
  username: string;
  email: string | null;
  role: 'admin' | 'technician';
  isActive: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export type UserResolver = (request: FastifyRequest) => Promise<SessionUser | null>;

export const ACCESS_LEVELS: readonly Access[] = ['public', 'staff', 'admin', 'webhook'];

export function needsStatedAccess(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/ws');
}

export function registerAccessControl(app: FastifyInstance, resolveUser: UserResolver) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (needsStatedAccess(route.url) && (!access || !ACCESS_LEVELS.includes(access))) {
      throw new Error(`Route ${route.method} ${route.url} must state config.access (${ACCESS_LEVELS.join(' | ')})`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'staff' || access === 'admin') {
      const user = await resolveUser(request);
      if (!user || !user.isActive) throw unauthenticated();
      request.user = user;
      if (access === 'admin' && user.role !== 'admin') throw forbidden('Only an administrator can do that.');
    }
  });
}
