import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../components/ui/toast';
import { onDemand } from './on-demand';

/** Said when a form's rules could not be fetched (no signal and nothing cached): nothing is sent unchecked. */
export const RULES_UNAVAILABLE = 'Could not check the form. Try again.';

/**
 * A react-hook-form resolver for the server's own schema, fetched (with zod) on the form's first
 * check rather than with the screen that shows the form: the settings tab holds a dozen forms, and
 * building their schemas up front held a phone's first screen
 * (docs/decisions/381-form-rules-on-demand.md). `preload` fetches it ahead, when the form is focused.
 */
export function rulesOnDemand<In extends FieldValues, Out>(
  load: () => Promise<z.ZodType<Out, In>>,
): { resolver: Resolver<In, unknown, Out>; preload: () => void } {
  const schema = onDemand(load);
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => {
    let rules: z.ZodType<Out, In>;
    try {
      rules = await schema();
    } catch {
      toast({ title: 'Error', description: RULES_UNAVAILABLE, variant: 'destructive' });
      const errors = { root: { type: 'unavailable', message: RULES_UNAVAILABLE } } as FieldErrors<In>;
      return { values: {}, errors };
    }
    return zodResolver(rules)(values, context, options);
  };
  return { resolver, preload: () => void schema().catch(() => undefined) };
}
