import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVELS, type Access, type ContractDef } from '../../shared/contracts/contract';
import { forbidden, unauthenticated } from './errors';

export type SessionUser = {
  id: string;
  username: string;
  email: string | null;
  role: 'admin' | 'technician';
  isActive: boolean;
  /** Set after an admin's reset: every dashboard request but choosing a new password answers 403. */
  passwordMustChange?: boolean;
};

/** One registered route and the contract it implements (undefined for non-API routes such as pages). */
export type RouteAccess = { method: string; url: string; contract: ContractDef | undefined };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in active staff user on staff, admin and optional-staff routes; null otherwise. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered so far: the permission-matrix test checks it against the contracts. */
    routeAccess: readonly RouteAccess[];
  }
}

export type UserResolver = (request: FastifyRequest) => Promise<SessionUser | null>;

export function isApiPath(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/ws');
}

/**
 * Access comes from the operation's contract (src/shared/contracts): an /api or /ws route without
 * one stops the server at start, so no route can be added without deciding who may call it.
 */
export function registerAccessControl(app: FastifyInstance, resolveUser: UserResolver) {
  const registry: RouteAccess[] = [];
  app.decorate('routeAccess', registry);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const contract = (route.config as { contract?: ContractDef } | undefined)?.contract;
    if (isApiPath(route.url) && (!contract || !ACCESS_LEVELS.includes(contract.access))) {
      throw new Error(
        `Route ${route.method} ${route.url} must be registered from a contract (src/shared/contracts) with addRoute`,
      );
    }
    for (const method of [route.method].flat()) registry.push({ method, url: route.url, contract });
  });

  // onRequest, before the body is read or validated: an anonymous caller learns nothing about a
  // staff route's input rules, and gets 401 whatever it sent.
  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.contract?.access;
    if (access === 'staff' || access === 'admin') {
      const user = await resolveUser(request);
      if (!user || !user.isActive) throw unauthenticated();
      request.user = user;
      if (access === 'admin' && user.role !== 'admin') throw forbidden('Only an administrator can do that.');
    } else if (access === 'optional-staff') {
      const user = await resolveUser(request);
      request.user = user?.isActive ? user : null;
    }
  });
}
