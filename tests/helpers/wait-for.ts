import { TIME_BUDGET } from '../time-budget';

/** Test support: polls something a background pass writes (the test holds no handle on that pass). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  ms = TIME_BUDGET.waitMs,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
