import { loadConfig } from '../config.ts';
import { prepareDatabase } from './open.ts';
import { seedLarge } from './large.ts';

/** `npm run seed` migrates and seeds the configured database; `-- --large` adds the scale data set. */
const config = loadConfig();
const database = await prepareDatabase(config);
console.log(database.seeded ? 'demo organisation seeded' : 'demo organisation already present');
if (process.argv.includes('--large')) {
  const added = await seedLarge(database.db);
  console.log(added ? `large data set added: ${added} users` : 'large data set already present');
}
await database.close();
