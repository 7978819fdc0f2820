import { createHash, randomBytes } from 'node:crypto';
import { Issuer, type Client, type TokenSet } from 'openid-client';
import { XeroClient } from 'xero-node';

/**
 * The app's one way to Xero (docs/decisions/418-xero-sync.md), through the official xero-node SDK:
 * its XeroClient holds the openid-client it signs in with and its AccountingApi makes the calls.
 * xero-node 20 builds its consent URL and exchanges the code without PKCE, so the PKCE parts are
 * asked of the same openid-client the SDK keeps (`xero.openIdClient`): a code_challenge (S256) on
 * the consent URL and the code_verifier on the exchange. The same code talks to the real Xero or to
 * the labelled simulated Xero (simulated-xero.ts), which differ only in their addresses.
 */

export const XERO_SCOPES = [
  'offline_access',
  'accounting.transactions',
  'accounting.contacts',
  'accounting.settings.read',
] as const;

export type XeroEndpoints = {
  /** Where the consent page, the token exchange and revocation are (an OpenID issuer). */
  identity: { authorize: string; token: string; revoke: string } | 'discover';
  /** The Accounting API's base (…/api.xro/2.0) and the connections list. */
  accountingBase: string;
  connections: string;
};

export const REAL_XERO: XeroEndpoints = {
  identity: 'discover',
  accountingBase: 'https://api.xero.com/api.xro/2.0',
  connections: 'https://api.xero.com/connections',
};

export type StoredTokens = { access_token: string; refresh_token: string; expires_at: number };

/** A refusal from Xero: its status and its own words (the validation messages when it gives them). */
export class XeroError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
  get retryable() {
    return this.status === 429 || this.status >= 500 || this.status === 0;
  }
  get connectionRefused() {
    return this.status === 401 || this.status === 403;
  }
}

/** Xero's own message out of an SDK rejection (a JSON string of { response: { statusCode, body, headers } }). */
export function xeroErrorOf(err: unknown): XeroError {
  if (err instanceof XeroError) return err;
  let parsed: unknown = err;
  if (typeof err === 'string') {
    try {
      parsed = JSON.parse(err);
    } catch {
      return new XeroError(0, err);
    }
  }
  const r = (
    parsed as {
      response?: {
        statusCode?: number;
        status?: number;
        body?: unknown;
        data?: unknown;
        headers?: Record<string, string>;
      };
    }
  )?.response;
  if (!r) return new XeroError(0, err instanceof Error ? err.message : 'Xero could not be reached');
  const status = r.statusCode ?? r.status ?? 0;
  const body = (r.body ?? r.data) as Record<string, unknown> | string | undefined;
  const retryAfter = Number(r.headers?.['retry-after'] ?? r.headers?.['Retry-After']);
  return new XeroError(
    status,
    messageOf(status, body),
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

function messageOf(status: number, body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 500);
  const b = body as { Message?: string; Detail?: string; Elements?: { ValidationErrors?: { Message?: string }[] }[] };
  const validation = (b?.Elements ?? [])
    .flatMap((e) => (e.ValidationErrors ?? []).map((v) => v.Message))
    .filter(Boolean);
  if (validation.length) return validation.join('; ').slice(0, 500);
  return (b?.Detail ?? b?.Message ?? `Xero answered ${status}`).slice(0, 500);
}

export function makePkce(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(16).toString('base64url'),
  };
}

export type XeroGateway = {
  readonly simulated: boolean;
  /** Makes ready what `api` needs (the simulated Xero starts its server). */
  prepare?(): Promise<void>;
  consentUrl(state: string, challenge: string): Promise<string>;
  exchange(callbackUrl: string, state: string, verifier: string): Promise<StoredTokens>;
  refresh(tokens: StoredTokens): Promise<StoredTokens>;
  revoke(tokens: StoredTokens): Promise<void>;
  /** The organisations the tokens reach: the first is the one connected. */
  tenants(tokens: StoredTokens): Promise<{ tenantId: string; tenantName: string }[]>;
  api(tokens: StoredTokens): XeroClient;
};

export function createXeroGateway(opts: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  endpoints: XeroEndpoints;
  simulated: boolean;
}): XeroGateway {
  const xeroOf = () =>
    new XeroClient({
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      redirectUris: [opts.redirectUri],
      scopes: [...XERO_SCOPES],
    });
  let issuerClient: Promise<Client> | undefined;
  /** The SDK's own openid-client: discovered at Xero, or built from the stand-in's addresses. */
  async function client(): Promise<Client> {
    issuerClient ??= (async () => {
      const xero = xeroOf();
      if (opts.endpoints.identity === 'discover') {
        await xero.initialize();
        return xero.openIdClient;
      }
      const id = opts.endpoints.identity;
      const issuer = new Issuer({
        issuer: id.authorize.replace(/\/[^/]*\/[^/]*\/[^/]*$/, ''),
        authorization_endpoint: id.authorize,
        token_endpoint: id.token,
        revocation_endpoint: id.revoke,
      });
      return new issuer.Client({
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
      });
    })();
    return issuerClient;
  }
  const stored = (t: TokenSet): StoredTokens => ({
    access_token: t.access_token ?? '',
    refresh_token: t.refresh_token ?? '',
    expires_at: t.expires_at ?? Math.floor(Date.now() / 1000) + 1800,
  });
  return {
    simulated: opts.simulated,
    async consentUrl(state, challenge) {
      return (await client()).authorizationUrl({
        redirect_uri: opts.redirectUri,
        scope: XERO_SCOPES.join(' '),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
    },
    async exchange(callbackUrl, state, verifier) {
      const c = await client();
      const params = c.callbackParams(callbackUrl);
      // No openid scope: an OAuth callback (no id token), checked against the state and the PKCE verifier.
      return stored(await c.oauthCallback(opts.redirectUri, params, { state, code_verifier: verifier }));
    },
    async refresh(tokens) {
      return stored(await (await client()).refresh(tokens.refresh_token));
    },
    async revoke(tokens) {
      await (await client()).revoke(tokens.refresh_token, 'refresh_token');
    },
    async tenants(tokens) {
      const res = await fetch(opts.endpoints.connections, {
        headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
      });
      if (!res.ok) throw new XeroError(res.status, `Xero answered ${res.status} listing the organisations`);
      return (await res.json()) as { tenantId: string; tenantName: string }[];
    },
    api(tokens) {
      const xero = xeroOf();
      xero.setTokenSet(tokens);
      xero.accountingApi.basePath = opts.endpoints.accountingBase;
      return xero;
    },
  };
}
