import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotice, releaseNotices } from '../modules/message/notice-service.ts';
import { sendFlowMessage } from '../modules/message/flow-message.ts';
import { createTestServer, dbTargets, type TestServer } from '../testing/index.ts';
import type { PushHub } from './push.ts';
import { inUnit, runCommand } from './unit-of-work.ts';

/**
 * A command that spans services: release a notice, send a flow message about it, then fail at the
 * last step. Nothing of it stays and nothing is pushed; the same command without the failure
 * commits everything and pushes only after the commit.
 */
describe.each(dbTargets())('one unit of work per command on $name', (target) => {
  let server: TestServer;
  const pushed: { userIds: readonly string[]; title: unknown }[] = [];
  let committed = false;
  let services: { db: TestServer['database']['db']; push: PushHub; now: () => number };

  beforeAll(async () => {
    server = await createTestServer(target);
    const push = {
      toUsers: async (userIds: readonly string[], frame: { title?: unknown }) => {
        // A push before the commit would reach users for writes that may still roll back.
        expect(committed).toBe(true);
        pushed.push({ userIds, title: frame.title });
      },
    };
    services = { db: server.database.db, push: push as unknown as PushHub, now: Date.now };
  });
  afterAll(() => server.close());

  async function composite(title: string, failAtEnd: boolean) {
    const admin = await server.userIdOf('admin');
    const staff = await server.userIdOf('staff');
    const id = await createNotice(
      services.db,
      { title, bodyText: '', files: '[]', category: '', urgent: 1, expireTime: null, toUserIds: [`${staff}--user`] },
      { userId: admin, now: Date.now() },
    );
    committed = false;
    await runCommand(services.db, async (unit) => {
      await releaseNotices(services, [id], { userId: admin, now: Date.now() }, unit);
      await sendFlowMessage(services, { userIds: [staff], title: `${title} (flow)`, flowType: 1, payload: null }, unit);
      // A nested service joins the same unit rather than opening its own.
      await inUnit(unit, async (inner) => expect(inner).toBe(unit));
      if (failAtEnd) throw new Error('the last step failed');
      committed = true;
    });
    return id;
  }

  it('a command that fails at its last step leaves no row and pushes nothing', async () => {
    const db = server.database.db;
    const before = pushed.length;
    const receiptsBefore = await db.selectFrom('message_receive').select('id').execute();
    await expect(composite('Rolled back', true)).rejects.toThrow('the last step failed');
    const notice = await db.selectFrom('message').select('state').where('title', '=', 'Rolled back').execute();
    // The draft made before the command stays a draft; the release and the flow message are gone.
    expect(notice).toEqual([{ state: 0 }]);
    expect(await db.selectFrom('message').select('id').where('title', '=', 'Rolled back (flow)').execute()).toEqual([]);
    expect(await db.selectFrom('message_receive').select('id').execute()).toHaveLength(receiptsBefore.length);
    expect(pushed.length).toBe(before);
  });

  it('the same command commits every write and then pushes, in order', async () => {
    const db = server.database.db;
    await composite('Committed', false);
    expect(await db.selectFrom('message').select('state').where('title', '=', 'Committed').execute()).toEqual([
      { state: 1 },
    ]);
    expect(pushed.slice(-2).map((p) => p.title)).toEqual(['Committed', 'Committed (flow)']);
  });
});
