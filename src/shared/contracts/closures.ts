import type { ContractDef } from './contract';

/** The owner's closures (decision 280). */
export const closures = {} satisfies Record<string, ContractDef>;
