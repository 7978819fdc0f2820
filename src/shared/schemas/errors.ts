import { z } from 'zod';

/** The body of every refusal: a code, a sentence a person can act on, and per-field messages for a bad form. */
export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .catchall(z.unknown());
