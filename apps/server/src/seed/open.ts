import path from 'node:path';
import type { Config } from '../config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../db/index.ts';
import { seedDemo } from './demo.ts';

/** Opens the configured database, brings its schema up to date and seeds a new one. */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle & { seeded: boolean }> {
  const handle = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { file: path.join(config.dataDir, 'atrium.db') },
  );
  await migrate(handle.db);
  const seeded = config.seedDemo ? await seedDemo(handle.db) : false;
  return { ...handle, seeded };
}
