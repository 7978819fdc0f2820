import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isSealed, keyFromDataDir, needsSealing, openSecret, sealSecret, secretKeyOf } from './at-rest';

// docs/decisions/401-secrets-at-rest.md
const keyOf = () => secretKeyOf(randomBytes(32));

describe('secrets at rest', () => {
  it('seals with AES-256-GCM beside the key id, and opens with the same key', () => {
    const ring = { current: keyOf() };
    const sealed = sealSecret(ring, 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(new RegExp(`^v1:${ring.current.id}:[\\w-]{16}:[\\w-]{22}:[\\w-]+$`));
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(ring, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(ring, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(isSealed(sealed)).toBe(true);
    expect(needsSealing(ring, sealed)).toBe(false);
  });

  it('opens a value sealed under the previous key, and marks it for resealing', () => {
    const old = keyOf();
    const sealed = sealSecret({ current: old }, 'SECRET');
    const ring = { current: keyOf(), previous: old };
    expect(openSecret(ring, sealed)).toBe('SECRET');
    expect(needsSealing(ring, sealed)).toBe(true);
    expect(() => openSecret({ current: keyOf() }, sealed)).toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
  });

  it('refuses a changed value', () => {
    const ring = { current: keyOf() };
    const sealed = sealSecret(ring, 'SECRET');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('SECRFT').toString('base64url');
    expect(() => openSecret(ring, parts.join(':'))).toThrow();
  });

  it('answers a plain value as it is and marks it for sealing', () => {
    const ring = { current: keyOf() };
    expect(openSecret(ring, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(needsSealing(ring, 'JBSWY3DPEHPK3PXP')).toBe(true);
  });

  it('makes a key file in DATA_DIR once, readable only by its owner', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-key-')), 'data');
    try {
      const first = keyFromDataDir(dir);
      expect(first.created).toBe(true);
      expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
      const second = keyFromDataDir(dir);
      expect(second.created).toBe(false);
      expect(second.ring.current.id).toBe(first.ring.current.id);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe('SECRETS_KEY in the configuration', () => {
  const key = randomBytes(32).toString('base64');

  it('takes 32 bytes in base64, and the previous key beside it', () => {
    const previous = randomBytes(32).toString('base64');
    const config = loadConfig({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: previous });
    expect(config.secrets?.current.key.toString('base64')).toBe(key);
    expect(config.secrets?.previous?.key.toString('base64')).toBe(previous);
  });

  it('says how to make one when it is malformed', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'not-a-key' })).toThrow(
      'SECRETS_KEY: must be 32 random bytes in base64: make one with `openssl rand -base64 32`',
    );
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow('SECRETS_KEY: must be 32');
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: key })).toThrow(
      'SECRETS_KEY: is required with SECRETS_KEY_PREVIOUS',
    );
  });

  it('is required in production with DATABASE_URL, not with the embedded database', () => {
    const server = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db/tyres' };
    expect(() => loadConfig(server)).toThrow('openssl rand -base64 32');
    expect(loadConfig({ ...server, SECRETS_KEY: key }).secrets).toBeDefined();
    expect(loadConfig({ NODE_ENV: 'production' }).secrets).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).secrets).toBeDefined();
  });
});
