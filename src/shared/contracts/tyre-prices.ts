import type { ContractDef } from './contract';

/** The owner's tyrePrices (decision 280). */
export const tyrePrices = {} satisfies Record<string, ContractDef>;
