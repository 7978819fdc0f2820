import { sql, type SQL } from 'drizzle-orm';
import { PERTH_TIME_ZONE } from '../../shared/domain/perth-time';

/**
 * Perth time in the database's own words (src/shared/domain/perth-time.ts is the one clock): the
 * database converts by the zone's name, so a query filters or reads Perth days without fetching rows.
 * The name is a constant, written into the statement as a literal.
 */
const ZONE = sql.raw(`'${PERTH_TIME_ZONE}'`);

/** The Perth day (text, yyyy-MM-dd) of a timestamp-with-time-zone column. */
export const perthDayOf = (column: unknown): SQL => sql`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD')`;

/** The first instant of a Perth day (yyyy-MM-dd). */
export const startOfPerthDay = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${ZONE})`;
