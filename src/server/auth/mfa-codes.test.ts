import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrlOf,
  stepAt,
  totpCodeAt,
} from './mfa-codes';

const at = new Date('2026-11-22T23:00:10.000Z');

describe('two-factor codes', () => {
  it('accepts the code of the current step and one step either side, and nothing further', () => {
    const secret = newTotpSecret();
    expect(matchingStep(secret, totpCodeAt(secret, at), at)).toBe(stepAt(at));
    expect(matchingStep(secret, totpCodeAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(stepAt(at) - 1);
    expect(matchingStep(secret, totpCodeAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(stepAt(at) + 1);
    expect(matchingStep(secret, totpCodeAt(secret, new Date(at.getTime() - 90_000)), at)).toBeNull();
    expect(matchingStep(newTotpSecret(), totpCodeAt(secret, at), at)).toBeNull();
  });

  it('names the business and the user in the address the QR code carries', () => {
    const url = otpauthUrlOf('JBSWY3DPEHPK3PXP', 'Perth Mobile Tyres', 'sam');
    expect(url).toMatch(/^otpauth:\/\/totp\/Perth%20Mobile%20Tyres:sam\?/);
    expect(url).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(url).toContain('issuer=Perth%20Mobile%20Tyres');
  });

  it('makes ten different recovery codes, and reads one back whatever its case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{5}-[A-HJ-KM-NP-Z2-9]{5}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode('u1', code.toLowerCase().replace('-', ' '))).toBe(hashRecoveryCode('u1', code));
    expect(hashRecoveryCode('u2', code)).not.toBe(hashRecoveryCode('u1', code));
  });
});
