import { account } from './account';
import type { Area } from './areas';
import { audit } from './audit';
import { auth, team } from './auth';
import { bookings, staffBookings } from './bookings';
import type { ContractDef } from './contract';
import { docs } from './docs';
import { emails } from './emails';
import { expenses } from './expenses';
import { invoices } from './invoices';
import { jobs } from './jobs';
import { messages } from './messages';
import { notifications } from './notifications';
import { payments } from './payments';
import { pricing } from './pricing';
import { purchaseInvoices } from './purchase-invoices';
import { reports } from './reports';
import { runs } from './runs';
import { slots, staffSlots } from './slots';
import { suburbs } from './suburbs';
import { settings } from './settings';
import { tyrePrices } from './tyre-prices';
import { tyres } from './tyres';
import { closures } from './closures';
import { suburbPages } from './suburb-pages';
import { twoFactor } from './two-factor';
import { customerMessages } from './customer-messages';
import { manage } from './manage';
import { system } from './system';
import { accounting } from './accounting';

/**
 * Every API operation, by area: the server must implement each, the browser calls them as
 * `api.<area>.<name>`. The keys are exactly the list of area names (areas.ts).
 */
export const contracts = {
  auth,
  account,
  team,
  slots,
  staffSlots,
  pricing,
  bookings,
  staffBookings,
  payments,
  suburbs,
  jobs,
  runs,
  invoices,
  emails,
  messages,
  notifications,
  purchaseInvoices,
  expenses,
  reports,
  settings,
  tyrePrices,
  tyres,
  closures,
  suburbPages,
  audit,
  docs,
  twoFactor,
  customerMessages,
  manage,
  system,
  accounting,
} as const satisfies Record<Area, Record<string, ContractDef>>;
export type Contracts = typeof contracts;

/** Every operation with its area and name, e.g. for the permission matrix and the OpenAPI document. */
export function listContracts(): { area: Area; name: string; contract: ContractDef }[] {
  return Object.entries(contracts).flatMap(([area, ops]) =>
    Object.entries(ops as Record<string, ContractDef>).map(([name, contract]) => ({
      area: area as Area,
      name,
      contract,
    })),
  );
}
