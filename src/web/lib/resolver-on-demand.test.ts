import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULES_UNAVAILABLE, rulesOnDemand } from './resolver-on-demand';

const rule = z.object({
  vans: z.coerce.number({ message: 'Vans must be a number' }).int('Vans must be a whole number'),
});
type In = z.input<typeof rule>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<In>;

describe('a form whose rules are fetched on its first check', () => {
  it('refuses to pass anything while the rules cannot be fetched, then checks with them once they come', async () => {
    let attempts = 0;
    const { resolver } = rulesOnDemand(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return rule;
    });

    const offline = await resolver({ vans: '2' }, undefined, options);
    expect(offline.values).toEqual({});
    expect(offline.errors.root?.message).toBe(RULES_UNAVAILABLE);

    const refused = await resolver({ vans: '2.5' }, undefined, options);
    expect(refused.errors.vans?.message).toBe('Vans must be a whole number');
    const passed = await resolver({ vans: '3' }, undefined, options);
    expect(passed).toEqual({ values: { vans: 3 }, errors: {} });
    expect(attempts).toBe(2);
  });
});
