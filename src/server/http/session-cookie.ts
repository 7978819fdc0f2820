import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The staff session cookie: HttpOnly, SameSite=Lax, Secure on an https production site. */
const SESSION_COOKIE = 'sid';

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction && config.publicBaseUrl.startsWith('https:'),
    maxAge: Math.floor(config.sessions.maxMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
