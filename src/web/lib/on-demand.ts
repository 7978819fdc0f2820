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
