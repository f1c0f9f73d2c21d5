import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrate } from '../../db/index.ts';
import { seedDemo } from '../../seed/demo.ts';
import { dbTargets } from '../../testing/index.ts';
import { createSession } from '../session.ts';
import { recurringKey } from './index.ts';

const HOUR = 3600_000;

describe.each(dbTargets())('the server runner on $name', (target) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-jobs-app-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts only when asked, purges old sessions as a recurring job, and stops on close', async () => {
    const database = await target.open();
    try {
      await migrate(database.db);
      await seedDemo(database.db);
      const now = Date.now();
      const admin = await database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      const old = await createSession(database.db, {
        userId: admin.id,
        ip: '127.0.0.1',
        device: 'pc',
        timeoutMinutes: 1,
        now: now - 3 * 24 * HOUR,
      });
      const live = await createSession(database.db, {
        userId: admin.id,
        ip: '127.0.0.1',
        device: 'pc',
        timeoutMinutes: 60,
        now,
      });
      const sessions = async () => (await database.db.selectFrom('session').select('id').execute()).map((r) => r.id);

      const config = { ...loadConfig({}), dataDir, webDist: '/nonexistent' };
      // An app built without the runner (as in every other test) leaves jobs alone.
      const quiet = await buildApp({ config, database, logger: false });
      await quiet.ready();
      await new Promise((r) => setTimeout(r, 50));
      await quiet.close();
      expect(await database.db.selectFrom('job').select('id').execute()).toEqual([]);
      expect(await sessions()).toContain(old.sessionId);

      const app = await buildApp({ config, database, logger: false, runJobs: true });
      await app.ready();
      try {
        const deadline = Date.now() + 10_000;
        while ((await sessions()).includes(old.sessionId) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        expect(await sessions()).toEqual([live.sessionId]);
        const purge = await database.db
          .selectFrom('job')
          .selectAll()
          .where('dedupe_key', '=', recurringKey('session.purge'))
          .executeTakeFirstOrThrow();
        expect(purge.interval_ms).toBe(HOUR);
        await expect
          .poll(async () => {
            const row = await database.db
              .selectFrom('job')
              .select(['state', 'run_at'])
              .where('id', '=', purge.id)
              .executeTakeFirstOrThrow();
            return row.state === 'pending' && row.run_at > now && row.run_at % HOUR === 0;
          })
          .toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
