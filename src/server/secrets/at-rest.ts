import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database, sealed with AES-256-GCM under a key from the environment
 * (docs/decisions/401-secrets-at-rest.md). A sealed value is
 * `v1:<keyId>:<iv>:<tag>:<ciphertext>`, each part base64url; the key's id is derived from the key
 * itself, so a new key (SECRETS_KEY) and the old one (SECRETS_KEY_PREVIOUS) are told apart without
 * naming them.
 */
export type SecretKey = { id: string; key: Buffer };
export type SecretsKeyring = { current: SecretKey; previous?: SecretKey | undefined };

export const KEY_BYTES = 32;
export const MAKE_A_KEY = 'openssl rand -base64 32';
export const BAD_KEY = `must be 32 random bytes in base64: make one with \`${MAKE_A_KEY}\``;
/** The key file the embedded database's start writes when SECRETS_KEY is unset (decision 401). */
export const KEY_FILE_NAME = 'secrets.key';
/** Only under NODE_ENV=test without SECRETS_KEY: a fixed key, known to everyone, for tests. */
const TEST_KEY = Buffer.alloc(KEY_BYTES, 7);

const SEALED = /^v1:([\w-]+):([\w-]+):([\w-]+):([\w-]*)$/;

/** The 32 bytes of a base64 key, or null when it is not exactly that. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export function secretKeyOf(key: Buffer): SecretKey {
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
}

export const testKeyring = (): SecretsKeyring => ({ current: secretKeyOf(TEST_KEY) });

export const isSealed = (value: string) => SEALED.test(value);

export function sealSecret(ring: SecretsKeyring, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return `v1:${ring.current.id}:${parts.join(':')}`;
}

/**
 * The plain secret of a stored value. A value not in the sealed format is answered as it is: a row
 * written by the release still serving during an upgrade, sealed at the next start (decision 401).
 */
export function openSecret(ring: SecretsKeyring, stored: string): string {
  const m = SEALED.exec(stored);
  if (!m) return stored;
  const [, keyId, iv, tag, ciphertext] = m as unknown as [string, string, string, string, string];
  const key = [ring.current, ring.previous].find((k) => k?.id === keyId);
  if (!key)
    throw new Error(
      `A secret in the database is sealed with key ${keyId}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
    );
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** A stored value to rewrite at start: plain, or sealed under the previous key. */
export function needsSealing(ring: SecretsKeyring, stored: string): boolean {
  const m = SEALED.exec(stored);
  return !m || m[1] !== ring.current.id;
}

/**
 * The embedded database's key when SECRETS_KEY is unset: DATA_DIR/secrets.key, made on the first
 * start (mode 600) and read after. It sits beside the database, so it protects copies of the
 * database made without it (a backup's dump), not the data directory as a whole.
 */
export function keyFromDataDir(dataDir: string): { ring: SecretsKeyring; file: string; created: boolean } {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  let created = false;
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} ${BAD_KEY}`);
  return { ring: { current: secretKeyOf(key) }, file, created };
}
