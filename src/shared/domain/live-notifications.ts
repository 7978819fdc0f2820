/**
 * The live notification socket's timings and close codes (docs/product.md "Live notifications",
 * decision 196). Apart from the message shapes (src/shared/contracts/notifications.ts), so the
 * dashboard can hold the socket open without loading zod before it needs it (decision 380).
 */

/** The client pings this often; the server answers pong and re-checks the session. */
export const NOTIFICATION_PING_MS = 30_000;
/** The normal close (sign-out, leaving the page): the client does not reconnect after it. */
export const NORMAL_CLOSE = 1000;
/** The server closes with this when the staff session has ended (logout, deactivation, expiry). */
export const SESSION_ENDED_CLOSE = 4401;
