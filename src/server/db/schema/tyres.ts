import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { REMOVED_TYRE_FATES, STOCK_MOVEMENT_KINDS, TYRE_POSITIONS } from '../../../shared/domain/fitted-tyres';
import { TYRE_PART_KINDS } from '../../../shared/domain/tyre-parts';
import { createdAt, id, isOneOf, money, timestamptz, updatedAt } from './columns';
import { jobs } from './jobs';
import { users } from './users';

// The tyre trade's own records (docs/decisions/414-tyre-records.md): fitted tyres, warranty, stock.

/** A tyre fitted on a job: its place on the car, what it is, when it was made, and the tyre it replaced. */
export const fittedTyres = pgTable(
  'fitted_tyres',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: text('position', { enum: TYRE_POSITIONS }).notNull(),
    /** Normalised as the price list reads it (`205/55R16`). */
    size: text('size').notNull(),
    brand: text('brand').notNull(),
    model: text('model'),
    dotWeek: integer('dot_week').notNull(),
    dotYear: integer('dot_year').notNull(),
    /** The Perth day it was fitted: the warranty runs from it. */
    fittedOn: date('fitted_on', { mode: 'string' }).notNull(),
    /** Over six years old on the fitting day; recorded only after the technician confirmed it. */
    isOverAge: boolean('is_over_age').notNull().default(false),
    removed: text('removed', { enum: REMOVED_TYRE_FATES }).notNull(),
    /** The stock place it came from (`van-2`), null when not from stock. */
    fromLocation: text('from_location'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Each position once per job, held by the database so two phones cannot both fit "front left".
    unique('fitted_tyres_job_position_unique').on(t.jobId, t.position),
    index('fitted_tyres_fitted_on_idx').on(t.fittedOn),
    check('fitted_tyres_position_check', isOneOf(t.position, TYRE_POSITIONS)),
    check('fitted_tyres_removed_check', isOneOf(t.removed, REMOVED_TYRE_FATES)),
    check('fitted_tyres_dot_week_check', sql`${t.dotWeek} between 1 and 53`),
  ],
);

/** The owner's tyre settings, one row (id 1); absent means the defaults below. */
export const tyreSettings = pgTable(
  'tyre_settings',
  {
    id: integer('id').primaryKey().default(1),
    warrantyMonths: integer('warranty_months').notNull().default(12),
    /** A warranty claim's job charges no labour unless the owner turns this off. */
    claimLabourFree: boolean('claim_labour_free').notNull().default(true),
    /** Days a supplier takes to deliver a size no van or the depot holds. */
    orderLeadDays: integer('order_lead_days').notNull().default(3),
    /** Per tyre left with us for disposal; 0 charges nothing. */
    disposalLevy: money('disposal_levy').notNull().default('0.00'),
    /** Reorder below this many of a size and brand, unless the size has its own minimum. */
    defaultMinimum: integer('default_minimum').notNull().default(2),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('tyre_settings_one_row', sql`${t.id} = 1`),
    check('tyre_settings_warranty_check', sql`${t.warrantyMonths} between 0 and 120`),
    check('tyre_settings_lead_check', sql`${t.orderLeadDays} between 0 and 90`),
    check('tyre_settings_minimum_check', sql`${t.defaultMinimum} >= 0`),
    check('tyre_settings_levy_check', sql`${t.disposalLevy} >= 0`),
  ],
);

/** Tyres held at one place (the depot or a van) by size and brand; `reserved` are promised to booked jobs. */
export const tyreStock = pgTable(
  'tyre_stock',
  {
    id: id(),
    location: text('location').notNull(),
    size: text('size').notNull(),
    brand: text('brand').notNull(),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('tyre_stock_place_unique').on(t.location, t.size, t.brand),
    index('tyre_stock_size_idx').on(t.size),
    // Never below zero, never more promised than held: the database refuses the losing write of a race.
    check('tyre_stock_quantity_check', sql`${t.quantity} >= 0`),
    check('tyre_stock_reserved_check', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
    check('tyre_stock_location_check', sql`${t.location} ~ '^(depot|van-([1-9]|1[0-9]|20))$'`),
  ],
);

/** What to order: the owner's minimum and supplier per size and brand. */
export const tyreReorderRules = pgTable(
  'tyre_reorder_rules',
  {
    id: id(),
    size: text('size').notNull(),
    brand: text('brand').notNull(),
    supplier: text('supplier'),
    minimum: integer('minimum').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('tyre_reorder_rules_item_unique').on(t.size, t.brand),
    check('tyre_reorder_rules_minimum_check', sql`${t.minimum} >= 0`),
  ],
);

/** Every change of stock, signed; a stock take keeps what was counted and the difference. */
export const tyreStockMovements = pgTable(
  'tyre_stock_movements',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    location: text('location').notNull(),
    size: text('size').notNull(),
    brand: text('brand').notNull(),
    change: integer('change').notNull(),
    counted: integer('counted'),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tyre_stock_movements_at_idx').on(t.at),
    check('tyre_stock_movements_kind_check', isOneOf(t.kind, STOCK_MOVEMENT_KINDS)),
  ],
);

/** A booked job's hold on tyres at one place, released when they are fitted or the job is cancelled. */
export const tyreStockReservations = pgTable('tyre_stock_reservations', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  stockId: uuid('stock_id')
    .notNull()
    .references(() => tyreStock.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  createdAt: createdAt(),
});

/** A warranty claim: the new job it opened, linked to the job that fitted the tyre. */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: id(),
    claimJobId: uuid('claim_job_id')
      .notNull()
      .unique()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    originalJobId: uuid('original_job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fittedTyreId: uuid('fitted_tyre_id').references(() => fittedTyres.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('warranty_claims_original_idx').on(t.originalJobId)],
);

/**
 * The owner's small parts beside the tyres' price list: valves and TPMS sensors, each with its
 * retail price (GST included, as every price) and purchase price
 * (docs/decisions/432-valves-and-tpms-sensors.md).
 */
export const tyreParts = pgTable(
  'tyre_parts',
  {
    id: id(),
    kind: text('kind', { enum: TYRE_PART_KINDS }).notNull(),
    name: text('name').notNull(),
    retailPrice: money('retail_price').notNull(),
    purchasePrice: money('purchase_price').notNull().default('0.00'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('tyre_parts_name_unique').on(t.name),
    check('tyre_parts_kind_check', isOneOf(t.kind, TYRE_PART_KINDS)),
    check('tyre_parts_prices_check', sql`${t.retailPrice} >= 0 and ${t.purchasePrice} >= 0`),
  ],
);

/** Parts used on a job, priced as they were when added: the job's invoice lists each as its own line. */
export const jobTyreParts = pgTable(
  'job_tyre_parts',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => tyreParts.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: TYRE_PART_KINDS }).notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    unitCost: money('unit_cost').notNull(),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_tyre_parts_job_idx').on(t.jobId),
    check('job_tyre_parts_quantity_check', sql`${t.quantity} > 0`),
    check('job_tyre_parts_kind_check', isOneOf(t.kind, TYRE_PART_KINDS)),
  ],
);
