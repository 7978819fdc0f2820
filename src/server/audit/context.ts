import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who is asking and from which client address, for the request being served, so the audit log
 * records the address on every staff row without each writer passing it along
 * (docs/decisions/330-audit-log-address-and-download.md).
 */
export type AuditRequestContext = {
  /** The client address as the app sees it (request.ip: the trusted proxy's X-Forwarded-For, or the socket). */
  address: string;
  /** The signed-in staff user, or null. */
  actorId: string | null;
};

const requests = new AsyncLocalStorage<AuditRequestContext>();

/**
 * Serves every request's handler inside its context. The hook runs just before the handler, after
 * the session (access.ts, onRequest) and the body are read: a context entered in onRequest is lost
 * across the body stream's events, while the handler is called from this hook's continuation.
 */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    requests.run({ address: request.ip, actorId: request.user?.id ?? null }, () => done());
  });
}

/** The context of the request being served, or undefined outside one (a sweep, a script, a test's direct call). */
export function currentRequest(): AuditRequestContext | undefined {
  return requests.getStore();
}

/** The signed-in staff user of the request being served, or null for the system. */
export function requestActorId(): string | null {
  return requests.getStore()?.actorId ?? null;
}
