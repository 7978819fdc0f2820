/**
 * RFC 8058 one-click unsubscribe headers for an email that carries the customer's unsubscribe link
 * (the return-visit reminder, docs/decisions/366-automated-messages-once-and-in-hours.md): a mail
 * program offers its own "Unsubscribe" button, which POSTs to the same link. The link is read
 * from the stored text, so the outbox needs no column of its own for it.
 */
const UNSUBSCRIBE_LINK = /https?:\/\/[^\s<>"']+\/unsubscribe\/[A-Za-z0-9_-]{16,64}/;

export function unsubscribeHeaders(email: { kind: string; text: string }): Record<string, string> | undefined {
  if (email.kind !== 'return-visit') return undefined;
  const link = UNSUBSCRIBE_LINK.exec(email.text)?.[0];
  if (!link) return undefined;
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
