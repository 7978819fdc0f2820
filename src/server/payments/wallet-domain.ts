import { readFile } from 'node:fs/promises';

/** Where Apple Pay looks for the domain association file (docs/decisions/411-apple-pay-domain-file.md). */
export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * The association file's text from APPLE_PAY_DOMAIN_ASSOCIATION_FILE, read once at start; null when
 * the variable is unset. A set but unreadable or empty file stops start-up with the variable's name,
 * so a wrong path is found at deploy time, not by a customer whose Apple Pay button never shows.
 */
export async function readDomainAssociation(path: string | undefined): Promise<string | null> {
  if (!path) return null;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new Error(
      `APPLE_PAY_DOMAIN_ASSOCIATION_FILE: cannot read ${path} (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (text.trim() === '') throw new Error(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE: ${path} is empty`);
  return text;
}
