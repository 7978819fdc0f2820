import { auth, team } from './auth';
import { bookings } from './bookings';
import type { ContractDef } from './contract';
import { docs } from './docs';
import { emails } from './emails';
import { expenses } from './expenses';
import { invoices } from './invoices';
import { jobs, staffSlots } from './jobs';
import { notifications } from './notifications';
import { payments } from './payments';
import { pricing } from './pricing';
import { purchases } from './purchases';
import { reports } from './reports';
import { slots } from './slots';
import { suburbs } from './suburbs';

/** Every API operation, by area: the server must implement each, the browser calls them as `api.<area>.<name>`. */
export const contracts = { auth, team, slots, pricing, bookings, payments, suburbs, jobs, staffSlots, invoices, emails, notifications, purchases, expenses, reports, docs } as const;
export type Contracts = typeof contracts;

/** Every operation with its area and name, e.g. for the permission matrix and the OpenAPI document. */
export function listContracts(): { area: string; name: string; contract: ContractDef }[] {
  return Object.entries(contracts).flatMap(([area, ops]) =>
    Object.entries(ops as Record<string, ContractDef>).map(([name, contract]) => ({ area, name, contract })),
  );
}
