import type { ContractDef } from './contract';

/** The owner's suburbPages (decision 280). */
export const suburbPages = {} satisfies Record<string, ContractDef>;
