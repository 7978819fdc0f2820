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

/** One registered route and the access level it stated (undefined for non-API routes that need none). */
export type RouteAccess = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered so far with its access level: the permission-matrix test walks it. */
    routeAccess: readonly RouteAccess[];
  }
}

export type UserResolver = (request: FastifyRequest) => Promise<SessionUser | null>;

export const ACCESS_LEVELS: readonly Access[] = ['public', 'staff', 'admin', 'webhook'];

export function needsStatedAccess(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/ws');
}

export function registerAccessControl(app: FastifyInstance, resolveUser: UserResolver) {
  const registry: RouteAccess[] = [];
  app.decorate('routeAccess', registry);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (needsStatedAccess(route.url) && (!access || !ACCESS_LEVELS.includes(access))) {
      throw new Error(`Route ${route.method} ${route.url} must state config.access (${ACCESS_LEVELS.join(' | ')})`);
    }
    for (const method of [route.method].flat()) registry.push({ method, url: route.url, access });
  });

  // onRequest, before the body is read or validated: an anonymous caller learns nothing about a
  // staff route's input rules, and gets 401 whatever it sent.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'staff' || access === 'admin') {
      const user = await resolveUser(request);
      if (!user || !user.isActive) throw unauthenticated();
      request.user = user;
      if (access === 'admin' && user.role !== 'admin') throw forbidden('Only an administrator can do that.');
    }
  });
}
