import twilio from 'twilio';
import type { Config } from '../config';

export type SmsMessage = { to: string; body: string };

/**
 * The SMS adapter, chosen by configuration as the email adapter is (docs/decisions/363-sms-delivery.md):
 * 'twilio' sends through Twilio's SDK; 'local' sends nothing, and the outbox keeps the message as
 * 'stored' for staff to read in Settings.
 */
export type SmsSender = {
  kind: 'twilio' | 'local';
  /** Resolves with the provider's id for the message; throws SmsSendError when it is refused. */
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
};

/** A refusal; `permanent` when sending again cannot help (a number Twilio will never text), so no retry. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** Twilio's error code, when it answered with one. */
    readonly code?: number,
  ) {
    super(message);
  }
}

/** One send stays well inside the outbox's claim lease (emails/delivery-passes.ts CLAIM_LEASE_MS). */
const TWILIO_TIMEOUT_MS = 30_000;

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sending number or sender ID; unused when a Messaging Service is given. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** Tests only: Twilio's REST API at another address (a local stand-in); never set in production. */
  apiBaseUrl?: string;
};

/**
 * The SDK's own HTTP client, with Twilio's hosts replaced by `apiBaseUrl`: the SDK builds every
 * request (auth, form encoding) as it does for api.twilio.com, and the stand-in answers it.
 */
function httpClientFor(apiBaseUrl: string | undefined) {
  const client = new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS, autoRetry: false, keepAlive: false });
  if (!apiBaseUrl) return client;
  const base = new URL(apiBaseUrl);
  const request = client.request.bind(client);
  client.request = (opts) => {
    const target = new URL(opts.uri);
    target.protocol = base.protocol;
    target.host = base.host;
    return request({ ...opts, uri: target.href });
  };
  return client;
}

/** Twilio's "the recipient replied STOP": it will deliver nothing more to the number. */
export const TWILIO_UNSUBSCRIBED = 21610;
/** Twilio's error codes for a destination it will never deliver to: retrying cannot help. */
const PERMANENT_TWILIO_CODES = new Set([21211, 21408, TWILIO_UNSUBSCRIBED, 21612, 21614]);

export function createTwilioSender(settings: TwilioSettings): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken, { httpClient: httpClientFor(settings.apiBaseUrl) });
  return {
    kind: 'twilio',
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...(settings.messagingServiceSid
            ? { messagingServiceSid: settings.messagingServiceSid }
            : { from: settings.from! }),
        });
        return { providerId: sent.sid };
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        const status = (err as { status?: unknown }).status;
        const text = err instanceof Error ? err.message : String(err);
        throw new SmsSendError(
          typeof code === 'number' ? `Twilio ${String(status)} (${code}): ${text}` : `Twilio unreachable: ${text}`,
          typeof code === 'number' && PERMANENT_TWILIO_CODES.has(code),
          typeof code === 'number' ? code : undefined,
        );
      }
    },
  };
}

export function createLocalSmsSender(): SmsSender {
  return { kind: 'local', send: async () => ({ providerId: null }) };
}

export function createSmsSender(config: Pick<Config, 'twilio'>): SmsSender {
  return config.twilio ? createTwilioSender(config.twilio) : createLocalSmsSender();
}
