import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '@atrium/server/app';
import { loadConfig } from '@atrium/server/config';
import { migrate, openDatabase } from '@atrium/server/db';
import { seedDemo } from '@atrium/server/seed';
import { seedLarge } from '@atrium/server/seed-large';
import { seedDataInterfaceBench } from './scenarios/data-interface.ts';
import { seedOnlineFormBench } from './scenarios/online-form.ts';
import { seedWorkflowBench } from './scenarios/workflow.ts';

/**
 * Login attempts allowed per address and account; the real limit (20 a minute) would turn the
 * Login scenario into a measurement of 429 answers.
 */
export const BENCH_LOGIN_RATE_MAX = 1_000_000;

/**
 * The real Atrium app on a fresh, seeded SQLite file (a file, as in production, not :memory:), or
 * with `url` in a schema of its own on that PostgreSQL, dropped on close.
 */
export async function buildAtriumServer({
  large = false,
  url,
  redisUrl,
}: { large?: boolean; url?: string; redisUrl?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (url && schema) {
    const admin = openDatabase({ url, poolSize: 1 });
    await admin.db.schema.createSchema(schema).execute();
    await admin.close();
  }
  const database = url
    ? openDatabase({ url, schema, poolSize: 10 })
    : openDatabase({ file: path.join(dir, 'atrium.db') });
  await migrate(database.db);
  await seedDemo(database.db);
  if (large) {
    await seedLarge(database.db);
    // 100 000 flows with 1 000 000 operator rows, for the to-do list and the menu counts.
    await seedWorkflowBench(database.db);
    // The 100 000-row table of the data interface scenarios, which run on SQLite only.
    if (!url) await seedDataInterfaceBench(database.db);
  }
  const config = {
    ...loadConfig({}),
    dataDir: dir,
    // The API is what is measured; whether the web app happens to be built must not matter.
    webDist: path.join(dir, 'no-web'),
    logLevel: 'silent',
    loginRateMax: BENCH_LOGIN_RATE_MAX,
    // A prefix of its own, so that other runs' writes on the same Redis do not reach this one.
    ...(redisUrl ? { redisUrl, redisPrefix: `atrium-${schema ?? 'bench'}` } : {}),
  };
  const app = await buildApp({ config, database, logger: false });
  // The online-form model is designed and released through the API, so it needs the app.
  if (large) await seedOnlineFormBench(app, database.db);
  // A deployment's autovacuum vacuums and analyses a table as it grows. Rows bulk-inserted a moment
  // ago have no statistics yet (the planner would guess at a million-row table as if it were empty),
  // and the keyword indexes still hold them in their GIN pending lists, which every search reads
  // through. After every seed, the online form's 100 000 records included.
  if (large && url) await sql`vacuum analyze`.execute(database.db);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
      if (url && schema) {
        const admin = openDatabase({ url, poolSize: 1 });
        await admin.db.schema.dropSchema(schema).cascade().execute();
        await admin.close();
      }
    },
  };
}
