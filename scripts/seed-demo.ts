// npm run db:seed:demo: fills the database (DATA_DIR or DATABASE_URL) with a believable month of
// business to try the dashboard with. Uses the same factories as the tests.
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DEMO_TECHNICIAN_PASSWORD, seedDemo } from '../src/server/db/seed/demo';
import { seedReferenceData } from '../src/server/db/seed/reference';
import { perthDay } from '../src/shared/domain/perth-time';

const config = loadConfigOrExit();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  migrationUrl: config.databaseMigrationUrl,
  dataDir: config.dataDir,
});
await database.migrate();
await seedReferenceData(database.db, config);
const made = await seedDemo(database.db, config, perthDay(new Date()));
console.log(
  `Demo data: ${made.jobs} jobs, ${made.expenses} expenses, technicians jake and priya (password ${DEMO_TECHNICIAN_PASSWORD}), in ${database.location}.`,
);
await database.close();
