import { createHash, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { XeroEndpoints } from './xero-gateway';

/**
 * SIMULATED XERO: a local stand-in of the parts of Xero the app uses, never the real service
 * (docs/decisions/418-xero-sync.md). It runs when no Xero credentials are set (outside production)
 * and in every test: its consent page says plainly that it is simulated, it checks PKCE like Xero's
 * identity server, keeps an organisation with Xero's standard AU accounts and tax types, and answers
 * the Accounting API's calls in Xero's JSON shapes, honouring Idempotency-Key. It counts what it
 * was sent (`created`), and a test can make it refuse a record (400 with a validation message) or
 * answer 429 with Retry-After.
 */

export const SIMULATED_ORGANISATION = 'Demo Tyres (simulated Xero)';

type Doc = Record<string, unknown> & { id: string };

export type SimulatedXero = {
  readonly url: string;
  readonly endpoints: XeroEndpoints;
  /** What was made, by collection: Contacts, Invoices (ACCREC and ACCPAY), CreditNotes, Payments, Allocations, BankTransactions. */
  created: Record<string, Doc[]>;
  /** Calls to the Accounting API, answered or not. */
  calls: number;
  /** The next `count` API calls answer 429 with this Retry-After. */
  throttle(count: number, retryAfterSeconds: number): void;
  /** Refuse documents whose JSON contains `text` with Xero's validation message. */
  refuse(text: string, message: string): void;
  /** Forget every token: the next call answers 401 (a revoked connection). */
  revokeAll(): void;
  /** The consent page's "Allow access" as a browser would follow it: answers the app's callback URL. */
  approve(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
};

const ACCOUNTS = [
  ['090', 'Business Bank Account', 'BANK'],
  ['200', 'Sales', 'REVENUE'],
  ['260', 'Other Revenue', 'REVENUE'],
  ['310', 'Cost of Goods Sold', 'DIRECTCOSTS'],
  ['400', 'Advertising', 'EXPENSE'],
  ['429', 'General Expenses', 'EXPENSE'],
  ['433', 'Insurance', 'EXPENSE'],
  ['445', 'Light, Power, Heating', 'EXPENSE'],
  ['449', 'Motor Vehicle Expenses', 'EXPENSE'],
  ['453', 'Office Expenses', 'EXPENSE'],
  ['469', 'Rent', 'EXPENSE'],
  ['473', 'Repairs and Maintenance', 'EXPENSE'],
  ['485', 'Subscriptions', 'EXPENSE'],
] as const;

const TAX_RATES = [
  ['OUTPUT', 'GST on Income', 10, true, false],
  ['INPUT', 'GST on Expenses', 10, false, true],
  ['EXEMPTOUTPUT', 'GST Free Income', 0, true, false],
  ['EXEMPTEXPENSES', 'GST Free Expenses', 0, false, true],
  ['BASEXCLUDED', 'BAS Excluded', 0, true, true],
] as const;

export async function startSimulatedXero(opts: { port?: number; host?: string } = {}): Promise<SimulatedXero> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tenantId = randomUUID();
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const idempotent = new Map<string, unknown>();
  const created: Record<string, Doc[]> = {};
  const refusals: { text: string; message: string }[] = [];
  let throttled = { count: 0, retryAfter: 0 };
  let calls = 0;

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><p style="background:#fde68a;padding:.5rem"><strong>Simulated Xero</strong>: a local stand-in for testing. No real Xero organisation is connected.</p>${body}</body></html>`;

  app.get('/identity/connect/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      return reply.status(400).type('text/html').send(page('Refused', '<p>PKCE (S256) is required.</p>'));
    const code = randomUUID();
    codes.set(code, { challenge: q.code_challenge, redirectUri: q.redirect_uri ?? '' });
    const back = new URL(q.redirect_uri ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state ?? '');
    const esc = back.toString().replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    return reply
      .type('text/html')
      .send(
        page(
          'Allow access',
          `<h1>${SIMULATED_ORGANISATION}</h1><p>The tyre app asks to read your accounts and send invoices, payments and bills.</p><a id="allow" href="${esc}" style="display:inline-block;min-height:44px;padding:.75rem 1rem;background:#13b5ea;color:#fff">Allow access</a>`,
        ),
      );
  });

  function issue() {
    const access = randomUUID();
    const refresh = randomUUID();
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: 1800,
      scope: 'offline_access accounting.transactions',
    };
  }

  app.post('/identity/connect/token', async (req, reply) => {
    const b = req.body as Record<string, string>;
    if (b.grant_type === 'authorization_code') {
      const entry = codes.get(b.code ?? '');
      codes.delete(b.code ?? '');
      const challenge = createHash('sha256')
        .update(b.code_verifier ?? '')
        .digest('base64url');
      if (!entry || entry.challenge !== challenge || entry.redirectUri !== b.redirect_uri)
        return reply.status(400).send({ error: 'invalid_grant' });
      return issue();
    }
    if (b.grant_type === 'refresh_token') {
      if (!refreshTokens.delete(b.refresh_token ?? '')) return reply.status(400).send({ error: 'invalid_grant' });
      return issue();
    }
    return reply.status(400).send({ error: 'unsupported_grant_type' });
  });

  app.post('/identity/connect/revocation', async (req) => {
    const b = req.body as Record<string, string>;
    refreshTokens.delete(b.token ?? '');
    return {};
  });

  function authorised(req: FastifyRequest, reply: FastifyReply): boolean {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!accessTokens.has(token)) {
      void reply.status(401).send({ Title: 'Unauthorized', Status: 401, Detail: 'AuthenticationUnsuccessful' });
      return false;
    }
    return true;
  }

  app.get('/connections', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    return [{ id: randomUUID(), tenantId, tenantType: 'ORGANISATION', tenantName: SIMULATED_ORGANISATION }];
  });

  const api = '/api.xro/2.0';
  app.addHook('preHandler', async (req, reply) => {
    if (!req.url.startsWith(api)) return;
    calls++;
    if (!authorised(req, reply)) return reply;
    if (req.headers['xero-tenant-id'] !== tenantId)
      return reply.status(403).send({ Title: 'Forbidden', Detail: 'AuthorizationUnsuccessful' });
    if (throttled.count > 0) {
      throttled.count--;
      return reply
        .status(429)
        .header('Retry-After', String(throttled.retryAfter))
        .header('X-Rate-Limit-Problem', 'minute')
        .send({ Title: 'Too Many Requests' });
    }
  });

  app.get(`${api}/Organisation`, async () => ({
    Organisations: [{ OrganisationID: tenantId, Name: SIMULATED_ORGANISATION, CountryCode: 'AU', BaseCurrency: 'AUD' }],
  }));
  app.get(`${api}/Accounts`, async () => ({
    Accounts: ACCOUNTS.map(([Code, Name, Type]) => ({ AccountID: `acc-${Code}`, Code, Name, Type, Status: 'ACTIVE' })),
  }));
  app.get(`${api}/TaxRates`, async () => ({
    TaxRates: TAX_RATES.map(([TaxType, Name, EffectiveRate, CanApplyToRevenue, CanApplyToExpenses]) => ({
      TaxType,
      Name,
      EffectiveRate,
      DisplayTaxRate: EffectiveRate,
      CanApplyToRevenue,
      CanApplyToExpenses,
      Status: 'ACTIVE',
    })),
  }));
  app.get(`${api}/Contacts`, async (req) => {
    const where = String((req.query as Record<string, string>).where ?? '');
    const name = /Name=="(.*)"/.exec(where)?.[1];
    const all = created.Contacts ?? [];
    return { Contacts: name ? all.filter((c) => String(c.Name).toLowerCase() === name.toLowerCase()) : all };
  });

  function validation(message: string) {
    return {
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: [{ ValidationErrors: [{ Message: message }] }],
    };
  }

  /** A create: idempotent by key, refused when asked, counted when made. */
  function create(collection: string, idField: string, check?: (item: Record<string, unknown>) => string | null) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${collection}:${key}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return idempotent.get(cacheKey);
      const body = req.body as Record<string, Record<string, unknown>[]>;
      const items = body[collection] ?? [];
      const text = JSON.stringify(items);
      const refused = refusals.find((r) => text.includes(r.text));
      if (refused) return reply.status(400).send(validation(refused.message));
      for (const item of items) {
        const problem = check?.(item);
        if (problem) return reply.status(400).send(validation(problem));
      }
      const made = items.map((item) => ({ ...item, [idField]: randomUUID() })) as Record<string, unknown>[];
      const list = (created[collection] ??= []);
      for (const m of made) list.push({ ...m, id: String(m[idField]) });
      const answer = { [collection]: made };
      if (cacheKey) idempotent.set(cacheKey, answer);
      return answer;
    };
  }

  const codesSet = new Set<string>(ACCOUNTS.map((a) => a[0]));
  const taxSet = new Set<string>(TAX_RATES.map((t) => t[0]));
  const lineCheck = (item: Record<string, unknown>) => {
    for (const l of (item.LineItems as Record<string, unknown>[] | undefined) ?? []) {
      if (l.AccountCode && !codesSet.has(String(l.AccountCode)))
        return `Account code '${String(l.AccountCode)}' is not a valid code for this document.`;
      if (l.TaxType && !taxSet.has(String(l.TaxType)))
        return `The TaxType code '${String(l.TaxType)}' does not exist or cannot be used for this type of transaction.`;
    }
    return null;
  };
  const byId = (collection: string, field: string, id: string) =>
    (created[collection] ?? []).find((d) => d[field] === id);

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${api}/Contacts`,
      handler: create('Contacts', 'ContactID', (c) =>
        (created.Contacts ?? []).some((x) => String(x.Name).toLowerCase() === String(c.Name).toLowerCase())
          ? `The contact name ${String(c.Name)} is already assigned to another contact. The contact name must be unique across all active contacts.`
          : null,
      ),
    });
    app.route({ method, url: `${api}/Invoices`, handler: create('Invoices', 'InvoiceID', lineCheck) });
    app.route({ method, url: `${api}/CreditNotes`, handler: create('CreditNotes', 'CreditNoteID', lineCheck) });
    app.route({
      method,
      url: `${api}/BankTransactions`,
      handler: create('BankTransactions', 'BankTransactionID', lineCheck),
    });
    app.route({
      method,
      url: `${api}/Payments`,
      handler: create('Payments', 'PaymentID', (p) => {
        const inv = p.Invoice as { InvoiceID?: string } | undefined;
        const cn = p.CreditNote as { CreditNoteID?: string } | undefined;
        if (inv?.InvoiceID && !byId('Invoices', 'InvoiceID', inv.InvoiceID)) return 'Invoice could not be found';
        if (cn?.CreditNoteID && !byId('CreditNotes', 'CreditNoteID', cn.CreditNoteID))
          return 'Credit note could not be found';
        if (!codesSet.has(String((p.Account as { Code?: string } | undefined)?.Code)))
          return 'Account could not be found';
        return null;
      }),
    });
  }
  app.put(`${api}/CreditNotes/:id/Allocations`, async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!byId('CreditNotes', 'CreditNoteID', id))
      return reply.status(404).send({ Message: 'The resource you are looking for cannot be found' });
    return create('Allocations', 'AllocationID')(req, reply);
  });
  app.post(`${api}/Invoices/:id`, async (req, reply) => {
    const { id } = req.params as { id: string };
    const doc = byId('Invoices', 'InvoiceID', id);
    if (!doc) return reply.status(404).send({ Message: 'The resource you are looking for cannot be found' });
    const status = ((req.body as { Invoices?: { Status?: string }[] }).Invoices ?? [])[0]?.Status;
    if (status === 'VOIDED') {
      if ((created.Payments ?? []).some((p) => (p.Invoice as { InvoiceID?: string } | undefined)?.InvoiceID === id))
        return reply
          .status(400)
          .send(
            validation(
              'Invoice not of valid status for modification. This document cannot be voided while it has payments.',
            ),
          );
      doc.Status = 'VOIDED';
      (created.Voids ??= []).push({ id, InvoiceID: id });
    }
    return { Invoices: [doc] };
  });

  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const url = address.replace('[::1]', '127.0.0.1');
  return {
    url,
    endpoints: {
      identity: {
        authorize: `${url}/identity/connect/authorize`,
        token: `${url}/identity/connect/token`,
        revoke: `${url}/identity/connect/revocation`,
      },
      accountingBase: `${url}${api}`,
      connections: `${url}/connections`,
    },
    created,
    get calls() {
      return calls;
    },
    throttle(count, retryAfterSeconds) {
      throttled = { count, retryAfter: retryAfterSeconds };
    },
    refuse(text, message) {
      refusals.push({ text, message });
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    async approve(authorizeUrl) {
      const res = await fetch(authorizeUrl);
      const html = await res.text();
      const href = /id="allow" href="([^"]+)"/.exec(html)?.[1];
      if (!href) throw new Error(`The simulated consent page refused: ${html.slice(0, 200)}`);
      return href.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
    },
    async close() {
      await app.close();
    },
  };
}
