import { createHash, randomBytes } from 'node:crypto';

// The customer's manage-my-booking link (docs/decisions/341-foundation-offline-day-and-self-service.md):
// 192 random bits as base64url, sent only in the customer's messages; the database keeps its SHA-256,
// so a copy of the database opens no booking. Different from an invoice's pay token.

/** 24 random bytes: 192 bits (more than the 128 asked for), 32 base64url characters. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;
/** The link works until this many days after the visit's day (decision 341). */
export const MANAGE_LINK_DAYS_AFTER_VISIT = 30;

export interface ManageToken {
  /** The plain token: put it in the customer's email or SMS and nowhere else. */
  token: string;
  /** What `jobs.manage_token_hash` stores. */
  hash: string;
}

/** SHA-256 of a manage token, hex: the value looked up in `jobs.manage_token_hash`. */
export const hashManageToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token for a booking; store `hash` on the job, send `token` to the customer. */
export function newManageToken(): ManageToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

/** Whether a string could be a manage token at all (anything else is a miss without a database look-up). */
export const isManageTokenShape = (token: string): boolean => TOKEN_SHAPE.test(token);

/** The customer's page for the booking: `{PUBLIC_BASE_URL}/booking/{token}`. */
export const manageUrlOf = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}/booking/${token}`;

/** The link for a message (email, SMS, reminder), from the app's config and the plain token. */
export const manageLinkFor = (config: { publicBaseUrl: string }, token: string): string =>
  manageUrlOf(config.publicBaseUrl, token);
