/**
 * Loads something once, the first time it is asked for, and again on the next ask if that load
 * failed (a dropped connection must not leave it broken until a reload). Used for code a screen
 * needs only after a tap: a dialog, a form's schema (docs/decisions/380-staff-first-screen-without-zod.md).
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/**
 * Runs `task` once the page has painted and loaded and the browser is idle (or after `timeoutMs`
 * of waiting for idle), never while the visitor asked to save data. Answers a function that calls
 * it off. For code a tap is likely to need soon: the booking wizard after the home page's first
 * paint (docs/decisions/413-returning-customer-frictions.md), outside the first load's budget.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (saveData) return () => undefined;
  let cancelled = false;
  let idleId: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a short pause after the load stands in for it.
    if (typeof window.requestIdleCallback === 'function')
      idleId = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    else timer = window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
