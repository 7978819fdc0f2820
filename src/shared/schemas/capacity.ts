import { z } from 'zod';
import { MAX_VANS, VANS_LABEL } from '../domain/settings';
import { wholeNumber } from './fields';

/**
 * The "Vans on the road" setting (docs/decisions/302-slot-places-one-per-van.md): how many jobs each
 * slot takes. The dashboard's form and the server read this one schema, so a refusal carries the
 * words the form shows.
 */
export const VANS_MESSAGE = `${VANS_LABEL} must be a whole number from 1 to ${MAX_VANS}`;

export const capacityForm = z.object({ vans: wholeNumber(VANS_LABEL, 1, MAX_VANS, VANS_MESSAGE) });
export type CapacityForm = z.input<typeof capacityForm>;

export const capacityView = z.object({ vans: z.number().int() });
export type CapacityView = z.infer<typeof capacityView>;
