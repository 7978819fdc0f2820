import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Access, ContractDef, ParsedRequestOf, ReplyOf } from '../../shared/contracts/contract';
import type { SessionUser } from './access';

/** Who the handler is told is calling, by the contract's access level. */
export type ActorFor<A extends Access> = A extends 'staff' | 'admin'
  ? SessionUser
  : A extends 'optional-staff'
    ? SessionUser | null
    : null;

/** Bytes sent as they are: a photo, a PDF. */
export type FileReply = {
  data: Buffer;
  contentType: string;
  filename: string;
  disposition?: 'inline' | 'attachment';
  cacheControl?: string;
};

type HandlerResult<C extends ContractDef> = C['paged'] extends true
  ? { items: ReplyOf<C>; total: number }
  : C['responseKind'] extends 'file'
    ? FileReply
    : C['responseKind'] extends 'html'
      ? string
      : C['responseKind'] extends 'empty'
        ? void
        : ReplyOf<C>;

export type HandlerArgs<C extends ContractDef> = ParsedRequestOf<C> & {
  actor: ActorFor<C['access']>;
  /** For what only the transport knows: the client address, cookies, a multipart stream. */
  request: FastifyRequest;
  reply: FastifyReply;
};

export type ContractHandler<C extends ContractDef> = (args: HandlerArgs<C>) => Promise<HandlerResult<C>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation this route implements; every /api route has one (see access.ts). */
    contract?: ContractDef;
  }
}

/**
 * A second contract answered on the same method and path (decision 276), e.g. the staff booking on
 * POST /api/bookings: `when` looks at the raw request, before anything is parsed; the chosen
 * contract's own schemas then parse it, so each shape keeps its own messages. It is never chosen
 * for a caller its access level would refuse, and it answers with the same response schema.
 */
export type SharedPath<A extends ContractDef> = {
  contract: A;
  when: (request: FastifyRequest) => boolean;
  handler: ContractHandler<A>;
};

function mayCall(access: Access, user: SessionUser | null | undefined): boolean {
  if (access === 'staff') return !!user;
  if (access === 'admin') return user?.role === 'admin';
  return access === 'public' || access === 'optional-staff';
}

/** Parses params, query and body with the contract's schemas and runs its handler. */
async function runHandler<C extends ContractDef>(
  contract: C,
  handler: ContractHandler<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const input: Record<string, unknown> = {};
  if (contract.params) input.params = contract.params.parse(request.params);
  if (contract.query) input.query = contract.query.parse(request.query ?? {});
  if (contract.body && !contract.multipart) input.body = contract.body.parse(request.body ?? {});
  return handler({ ...input, actor: request.user, request, reply } as HandlerArgs<C>);
}

/**
 * Registers the handler of one contract. Params, query and body are parsed with the contract's
 * own schemas (the ones the browser's forms use), so a refusal carries the same message the form
 * shows; the response is serialized through the response schema, so nothing undeclared leaks.
 */
export function addRoute<const C extends ContractDef, const A extends ContractDef = never>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  opts: { sharedWith?: SharedPath<A> } = {},
): void {
  const kind = contract.responseKind ?? 'json';
  const status = contract.status ?? 200;
  const shared = opts.sharedWith;
  if (shared && (shared.contract.method !== contract.method || shared.contract.response !== contract.response)) {
    throw new Error(
      `${shared.contract.method} ${shared.contract.path} cannot share ${contract.method} ${contract.path}: the method and the response must be the same`,
    );
  }
  app.route({
    method: contract.method,
    url: contract.path,
    config: { contract },
    schema: kind === 'json' && contract.response ? { response: { [status]: contract.response } } : {},
    handler: async (request, reply) => {
      const result =
        shared && mayCall(shared.contract.access, request.user) && shared.when(request)
          ? await runHandler(shared.contract, shared.handler, request, reply)
          : await runHandler(contract, handler, request, reply);
      if (kind === 'empty') return reply.status(204).send();
      if (kind === 'html') return reply.type('text/html; charset=utf-8').send(result);
      if (kind === 'file') {
        const file = result as FileReply;
        const asciiName = file.filename.replace(/[^\w.-]/g, '_');
        return reply
          .type(file.contentType)
          .header('Cache-Control', file.cacheControl ?? 'private, no-store')
          .header('Content-Disposition', `${file.disposition ?? 'inline'}; filename="${asciiName}"`)
          .send(file.data);
      }
      if (contract.paged) {
        const page = result as { items: unknown; total: number };
        return reply.status(status).header('X-Total-Count', String(page.total)).send(page.items);
      }
      return reply.status(status).send(result);
    },
  });
}

/** What a WebSocket handler receives: the parsed query and params, the caller, the open socket. */
export type SocketHandlerArgs<C extends ContractDef> = Omit<ParsedRequestOf<C>, 'body'> & {
  actor: ActorFor<C['access']>;
  socket: WebSocket;
  request: FastifyRequest;
};

const parsedSocketInput = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * Registers a WebSocket endpoint from its contract (a GET whose path starts /ws). The upgrade
 * request goes through the same hooks as any request, so the access guard (access.ts) answers 401
 * or 403 before a socket is opened, and the query is parsed by the contract's schema (400) before
 * the upgrade too. `beforeUpgrade` may refuse with an AppError as well. A plain GET without the
 * upgrade gets 426. Needs @fastify/websocket registered in the same or a parent context.
 */
export function addSocketRoute<const C extends ContractDef & { method: 'GET' }>(
  app: FastifyInstance,
  contract: C,
  handler: (args: SocketHandlerArgs<C>) => void,
  opts: { beforeUpgrade?: (request: FastifyRequest) => Promise<void> } = {},
): void {
  app.route({
    method: 'GET',
    url: contract.path,
    config: { contract },
    preHandler: async (request) => {
      if (!request.ws) return;
      await opts.beforeUpgrade?.(request);
      const input: Record<string, unknown> = {};
      if (contract.params) input.params = contract.params.parse(request.params);
      if (contract.query) input.query = contract.query.parse(request.query ?? {});
      parsedSocketInput.set(request, input);
    },
    // A refused upgrade (401, 403, 400) is answered on the raw connection, which no HTTP parser
    // owns any more: end it once the answer is out, or it stays open.
    onResponse: async (request) => {
      if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket.end();
    },
    handler: async (_request, reply) =>
      reply
        .status(426)
        .header('Upgrade', 'websocket')
        .send({ error: 'UPGRADE_REQUIRED', message: 'This address takes WebSocket connections only.' }),
    wsHandler: (socket, request) => {
      const input = parsedSocketInput.get(request) ?? {};
      handler({ ...input, actor: request.user, socket, request } as SocketHandlerArgs<C>);
    },
  });
}
