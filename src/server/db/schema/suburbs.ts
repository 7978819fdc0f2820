import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const suburbLandingPages = pgTable('suburb_landing_pages', {
  id: id(),
  suburb: text('suburb').notNull().unique(),
  postcode: text('postcode').notNull(),
  region: text('region').notNull(),
  slug: text('slug').notNull().unique(),
  metaTitle: text('meta_title').notNull(),
  metaDescription: text('meta_description').notNull(),
  content: text('content').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});
