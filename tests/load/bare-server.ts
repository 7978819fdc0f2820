/**
 * The yardstick for `npm run bench:api`: a bare Fastify server, started as its own process, whose
 * `GET /bytes/:size?type=json|html` answers that many bytes from memory, nothing else. The app's
 * closed-loop throughput on a route is compared with this one answering a body of the same size.
 *   PORT=4100 tsx tests/load/bare-server.ts
 */
import Fastify from 'fastify';

const bodies = new Map<string, Buffer>();

function body(size: number, type: string): Buffer {
  const key = `${type}:${size}`;
  let b = bodies.get(key);
  if (!b) {
    b = Buffer.alloc(size, type === 'json' ? ' ' : 'x');
    if (type === 'json' && size >= 2) b.write('{}');
    bodies.set(key, b);
  }
  return b;
}

const app = Fastify({ logger: false });
app.get<{ Params: { size: string }; Querystring: { type?: string } }>('/bytes/:size', async (request, reply) => {
  const type = request.query.type === 'html' ? 'html' : 'json';
  return reply
    .type(type === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
    .send(body(Number(request.params.size), type));
});

await app.listen({ port: Number(process.env.PORT ?? 4100), host: '127.0.0.1' });
console.log(`bare server listening on ${process.env.PORT ?? 4100}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
