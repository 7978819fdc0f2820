/**
 * The last quote this tab made. A customer back from checkout who books again replaces it, rather
 * than finding their own unpaid hold keeping the window from them
 * (docs/decisions/441-a-new-quote-replaces-your-own-hold.md).
 */
const LAST_QUOTE_KEY = 'tyres.last-quote';
type LastQuote = { token: string; date: string; timeSlot: string };

export function lastQuote(): LastQuote | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LAST_QUOTE_KEY) ?? 'null') as LastQuote | null;
    return saved && typeof saved.token === 'string' ? saved : null;
  } catch {
    return null;
  }
}

export function rememberQuote(quote: LastQuote | null) {
  try {
    if (quote) sessionStorage.setItem(LAST_QUOTE_KEY, JSON.stringify(quote));
    else sessionStorage.removeItem(LAST_QUOTE_KEY);
  } catch {
    // Storage refused (a private window): the quote is simply not replaced.
  }
}

/** Whether the window is the one this tab's own last quote holds, which the wizard still offers. */
export function heldByThisTab(day: string, slot: string): boolean {
  const held = lastQuote();
  return held !== null && held.date === day && held.timeSlot === slot;
}
