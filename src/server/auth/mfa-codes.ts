import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The codes of two-factor sign-in (docs/decisions/320-two-factor-sign-in.md): TOTP as RFC 6238
 * and every authenticator app reads it (SHA-1, 6 digits, 30 s), and ten recovery codes.
 */
const PERIOD_SECONDS = 30;
/** The step before and after the current one are accepted too: a phone's clock may be a little off. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, label = 'staff', issuer = 'Dashboard'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries: the business's name as issuer, the username as label. */
export function otpauthUrlOf(secret: string, issuer: string, username: string): string {
  return totpOf(secret, username, issuer).toString();
}

/** The 30-second step a time falls in. */
export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);

/** The step the code belongs to when it is right at `at` (within one step either side), else null. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : stepAt(at) + delta;
}

/** The code an app shows at `at`: for tests and the local demo. */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

// No 0/O or 1/I/L: the codes are written down and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten codes of 10 characters from 31 (about 50 bits each), shown as XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * What is stored of a recovery code: SHA-256 of the user's id and the code. The codes are random
 * and long, so a slow hash adds nothing; the id keeps one user's hash useless for another.
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('base64url');
}
