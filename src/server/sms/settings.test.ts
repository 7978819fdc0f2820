import { describe, expect, it } from 'vitest';
import { ConfigError, testConfig } from '../config';
import { createSmsSender } from './provider';

const SID = `AC${'a'.repeat(32)}`;

describe('choosing the SMS provider from the configuration', () => {
  it('keeps texts in the local outbox when Twilio is not configured', () => {
    const config = testConfig();
    expect(config.twilio).toBeUndefined();
    expect(createSmsSender(config).kind).toBe('local');
  });

  it('sends by Twilio with the SID, token and a sending number', () => {
    const config = testConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+61412345678' });
    expect(config.twilio).toEqual({
      accountSid: SID,
      authToken: 'token',
      from: '+61412345678',
      messagingServiceSid: undefined,
    });
    expect(createSmsSender(config).kind).toBe('twilio');
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: SID }, 'TWILIO_AUTH_TOKEN', 'must be set together'],
    [{ TWILIO_AUTH_TOKEN: 'token' }, 'TWILIO_ACCOUNT_SID', 'must be set together'],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token' }, 'TWILIO_FROM', 'is required with Twilio keys'],
    [
      { TWILIO_ACCOUNT_SID: 'not-a-sid', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+61412345678' },
      'TWILIO_ACCOUNT_SID',
      'Account SID',
    ],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '0412 345 678' }, 'TWILIO_FROM', 'E.164'],
  ])('refuses %o, naming %s', (env, name, words) => {
    expect(() => testConfig(env)).toThrow(ConfigError);
    expect(() => testConfig(env)).toThrow(new RegExp(`${name}: .*${words}`));
  });
});
