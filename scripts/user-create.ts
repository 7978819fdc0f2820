// npm run user:create -- --username X --password Y [--role admin|technician] [--email E]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { passwordProblem } from '../src/server/auth/password-rule';
import { createUser, findUserByUsername } from '../src/server/auth/users';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { newUserSchema } from '../src/shared/schemas/auth';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    email: { type: 'string' },
  },
});
const parsed = newUserSchema.safeParse({
  username: values.username ?? '',
  password: values.password ?? '',
  role: values.role,
  email: values.email ?? '',
});
if (!parsed.success) {
  console.error(z.prettifyError(parsed.error));
  console.error(
    'Usage: npm run user:create -- --username <name> --password <password> [--role admin|technician] [--email <email>]',
  );
  process.exit(1);
}
// The one password rule, the common passwords included, before the database is opened
// (docs/decisions/394-one-password-rule.md).
const problem = passwordProblem(parsed.data.password, parsed.data.username);
if (problem) {
  console.error(`--password: ${problem}`);
  process.exit(1);
}
const config = loadConfigOrExit();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  migrationUrl: config.databaseMigrationUrl,
  dataDir: config.dataDir,
});
await database.migrate();
if (await findUserByUsername(database.db, parsed.data.username)) {
  console.error(`A user named '${parsed.data.username}' already exists.`);
  await database.close();
  process.exit(1);
}
const user = await createUser({ db: database.db, config }, parsed.data);
console.log(`Created ${user.role} '${user.username}' in ${database.location}.`);
await database.close();
