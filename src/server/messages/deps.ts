import type { AppDeps } from '../deps';

/** What the message scheduler and the "on my way" text use. */
export type MessageDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'settings' | 'outbox'> & {
  sms?: Pick<AppDeps['sms'], 'kick'>;
};

/** A Perth wall-clock time ("HH:MM") on a day, as an instant: Perth is UTC+8 all year. */
export function perthMoment(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+08:00`);
}
