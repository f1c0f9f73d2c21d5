import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorityService } from '../../core/authority.ts';
import { newId } from '../../core/ids.ts';
import type { PushFrame } from '../../core/push.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { saveAuthorize } from './grant-service.ts';
import { deleteMenu } from './menu-service.ts';

describe.each(dbTargets())('grant saves beside concurrent menu deletions on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server.close());

  /** A leaf menu of the office system, deletable at once. */
  async function addLeafMenu(code: string): Promise<string> {
    const db = server.database.db;
    const system = await db
      .selectFrom('app_system')
      .select('id')
      .where('en_code', '=', 'atrium')
      .executeTakeFirstOrThrow();
    const id = newId(Date.now());
    await db
      .insertInto('menu')
      .values({
        id,
        system_id: system.id,
        parent_id: '-1',
        type: 2,
        full_name: code,
        full_name_i18n: '{}',
        en_code: code,
        icon: 'AppstoreOutlined',
        url_address: `test/${code}`,
        link_target: '_self',
        property_json: '{}',
        description: null,
        version: 0,
        sort_code: 999,
        enabled: 1,
        created_at: Date.now(),
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    return id;
  }

  /**
   * Saves `objectId`'s grants unchanged (a user without grants of his own) while another
   * administrator deletes `menuId`: the deletion lands between the rights read before the save and
   * the rights read after it.
   */
  async function saveWhileMenuGoes(objectId: string, menuId: string) {
    const db = server.database.db;
    const real = createAuthorityService(db, { changes: server.database.changes });
    let loads = 0;
    const authority = {
      ...real,
      load: async (userId: string) => {
        loads += 1;
        // The first load is the 'before' read; the deletion happens while the save runs.
        if (loads === 2) await deleteMenu(db, menuId);
        return real.load(userId);
      },
    } as typeof real;
    const pushed: { userIds: readonly string[]; frame: PushFrame }[] = [];
    const push = {
      toUsers: async (userIds: readonly string[], frame: PushFrame) => {
        pushed.push({ userIds, frame });
      },
    } as never;
    const empty = { system: [], module: [], button: [], column: [], form: [], resource: [] };
    const result = await saveAuthorize(
      { db, authority, push, now: () => Date.now() },
      (key) => key,
      objectId,
      { objectType: 'user', version: 0, ...empty } as never,
      objectId,
    );
    return { result, pushed };
  }

  it('an administrator is not signed out when a menu is deleted while his grants are saved', async () => {
    const adminId = await server.userIdOf('admin');
    const token = await server.login('admin');
    const menuId = await addLeafMenu('concurrentlyDeleted');
    const { result, pushed } = await saveWhileMenuGoes(adminId, menuId);
    expect(result.loggedOut).toBe(0);
    expect(pushed.filter((p) => p.frame.method === 'logout')).toEqual([]);
    expect(await server.exists('menu', menuId)).toBe(false);
    // The session goes on.
    const me = await server.call('GET', '/api/oauth/CurrentUser', { token });
    expect(me.json().code).toBe(200);
  });
});
