import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Money is numeric(10,2) in the database and a decimal string in code (DECISIONS "Money and time"). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
