import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashManageToken, isManageTokenShape, manageLinkFor, newManageToken } from './token';

describe('manage tokens', () => {
  it('are unguessable: at least 128 random bits as base64url, a new one every time', () => {
    const tokens = Array.from({ length: 200 }, () => newManageToken().token);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(isManageTokenShape(token)).toBe(true);
    }
  });

  it('keep only the SHA-256 of the token, never the token', () => {
    const { token, hash } = newManageToken();
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
    expect(hashManageToken(token)).toBe(hash);
  });

  it('make the link the customer gets, under the public address', () => {
    expect(manageLinkFor({ publicBaseUrl: 'https://tyres.example.com/' }, 'abc')).toBe(
      'https://tyres.example.com/booking/abc',
    );
    expect(isManageTokenShape('../../etc/passwd')).toBe(false);
  });
});
