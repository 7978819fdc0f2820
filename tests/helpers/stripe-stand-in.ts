import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedStripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body, keys as Stripe writes them (`metadata[bookingToken]`). */
  form: Record<string, string>;
};

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

/**
 * A small local stand-in for the Stripe API (the PaymentIntent calls this app makes), so the real
 * `stripe` SDK can be pointed at it with host 127.0.0.1, its port and protocol 'http'. It records
 * every request and honours Idempotency-Key the way Stripe does (same key, same intent).
 */
export async function startStripeStandIn() {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey,
        authorization: req.headers.authorization,
        form,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++counter}` });
        res.end(JSON.stringify(body));
      };

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const existing = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, intents.get(existing));
        const id = `pi_standin_${++counter}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_test`,
          metadata,
        };
        intents.set(id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, id);
        return send(200, intent);
      }
      const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get?.[1]) {
        const intent = intents.get(get[1]);
        return intent
          ? send(200, intent)
          : send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${get[1]}'` } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        if (!intents.has(form.payment_intent ?? ''))
          return send(404, {
            error: { type: 'invalid_request_error', message: `No such payment_intent: '${form.payment_intent}'` },
          });
        const refund = {
          id: `re_standin_${++counter}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        };
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: '127.0.0.1',
    requests,
    intents,
    /** Calls that created a PaymentIntent. */
    get creates() {
      return requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    },
    setStatus(id: string, status: string) {
      const intent = intents.get(id);
      if (intent) intent.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
