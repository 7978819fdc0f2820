import type { AppDeps } from '../deps';

/** What the message scheduler and the "on my way" text use. */
export type MessageDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'settings' | 'outbox'> & {
  sms?: Pick<AppDeps['sms'], 'kick'>;
};
