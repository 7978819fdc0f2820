import type { ContractDef } from './contract';

/** The owner's settings (decision 280). */
export const settings = {} satisfies Record<string, ContractDef>;
