import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PushModule from '../../core/push.ts';
import type { PushFrame, PushHub } from '../../core/push.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { dataSchemeFilter } from './data-scheme.ts';

// The app's push hub, captured so a test can subscribe a fake socket to it.
const hubs = vi.hoisted(() => [] as PushHub[]);
vi.mock('../../core/push.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PushModule>();
  return {
    ...real,
    createLocalPushHub: (...args: Parameters<typeof real.createLocalPushHub>) => {
      const hub = real.createLocalPushHub(...args);
      hubs.push(hub);
      return hub;
    },
  };
});

const en = { 'accept-language': 'en-US' };
type Node = { id: string; itemType: string; enCode: string; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(dbTargets())('authorisation, data schemes and column settings on $name', (target) => {
  let server: TestServer;
  let hub: PushHub;
  let admin: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    server = await createTestServer(target);
    hub = hubs.at(-1)!;
    admin = await server.login('admin');
    const db = server.database.db;
    for (const r of await db.selectFrom('role').select(['id', 'en_code']).execute()) ids.set(`role:${r.en_code}`, r.id);
    for (const u of await db.selectFrom('users').select(['id', 'account']).execute())
      ids.set(`user:${u.account}`, u.id);
    for (const m of await db.selectFrom('menu').select(['id', 'en_code']).execute()) ids.set(`menu:${m.en_code}`, m.id);
    for (const o of await db.selectFrom('organize').select(['id', 'en_code']).execute())
      ids.set(`org:${o.en_code}`, o.id);
  });
  afterAll(() => server.close());

  const call = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, body, headers: en }).then((r) => r.json());
  const id = (key: string) => ids.get(key)!;
  const listen = (userId: string) => {
    const frames: PushFrame[] = [];
    // Only the frames this module sends; presence frames (Online/Offline) come and go meanwhile.
    const stop = hub.subscribe(userId, (frame) => {
      if (frame.method === 'logout' || frame.method === 'refresh') frames.push(frame);
    });
    return { frames, stop };
  };

  describe('GET /api/permission/Authority/Data/{objectId}', () => {
    it('S2-6-12 answers the tree systems > menus > buttons/columns/forms/schemes and what the role holds', async () => {
      const res = await call('GET', `/api/permission/Authority/Data/${id('role:hr.manager')}?objectType=role`);
      expect(res.code).toBe(200);
      const data = res.data;
      expect(data).toMatchObject({ objectType: 'role', objectName: '人事管理', version: 0 });
      expect(data.tree.map((s: Node) => s.enCode)).toEqual(['atrium', 'dev']);
      const all = flatten(data.tree);
      const user = all.find((n) => n.enCode === 'permission.user')!;
      expect(user.itemType).toBe('module');
      expect(user.children!.map((c) => `${c.itemType}:${c.enCode}`)).toEqual([
        'button:btn_add',
        'button:btn_edit',
        'button:btn_remove',
        'button:btn_upload',
        'button:btn_download',
        'column:account',
        'column:realName',
        'column:gender',
        'column:mobilePhone',
        'column:email',
        'column:organizeName',
        'form:gender',
        'form:mobilePhone',
        'form:email',
        'form:managerId',
        'form:education',
        'form:nation',
        'form:description',
        'resource:all',
        'resource:dept_and_below',
      ]);
      expect(data.granted.module).toEqual(
        expect.arrayContaining([id('menu:permission'), id('menu:permission.user'), id('menu:permission.organize')]),
      );
      expect(data.granted.button).toHaveLength(3);
      const dept = user.children!.find((c) => c.enCode === 'dept_and_below')!;
      expect(data.granted.resource).toEqual([dept.id]);
      expect(data.granted.system).toHaveLength(1);
    });

    it('names users as name/account and checks the object type, the object and the permission', async () => {
      const res = await call('GET', `/api/permission/Authority/Data/${id('user:staff')}?objectType=user`);
      expect(res.data.objectName).toBe('李晓梅/staff');
      expect(res.data.granted.module).toEqual([]);
      expect((await call('GET', `/api/permission/Authority/Data/${id('user:staff')}?objectType=team`)).msg).toMatch(
        /^Invalid objectType/,
      );
      expect((await call('GET', `/api/permission/Authority/Data/${id('user:staff')}?objectType=role`)).code).toBe(404);
      const hr = await server.login('hr');
      expect(
        await call('GET', `/api/permission/Authority/Data/${id('user:staff')}?objectType=user`, undefined, hr),
      ).toEqual({
        code: 403,
        msg: 'No permission',
      });
    });

    it('lists the objects of each type for the editor picker', async () => {
      const roles = await call('GET', '/api/permission/Authority/Objects?objectType=role');
      expect(roles.data.list.map((r: { enCode: string }) => r.enCode)).toContain('hr.manager');
      const users = await call('GET', '/api/permission/Authority/Objects?objectType=user&keyword=staff');
      expect(users.data.list).toEqual([expect.objectContaining({ fullName: '李晓梅/staff', enCode: 'staff' })]);
      const orgs = await call('GET', '/api/permission/Authority/Objects?objectType=organize');
      expect(orgs.data.list.find((o: { enCode: string }) => o.enCode === 'demo.rd.web').parentId).toBe(
        id('org:demo.rd'),
      );
      expect((await call('GET', '/api/permission/Authority/Objects?objectType=x')).code).toBe(400);
    });
  });

  describe('PUT /api/permission/Authority/Data/{objectId}', () => {
    it('validates ids per item type, the object and the permission', async () => {
      const staff = id('user:staff');
      const bad = await call('PUT', `/api/permission/Authority/Data/${staff}`, {
        objectType: 'user',
        version: 0,
        button: [id('menu:permission.user')],
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toBe(`Invalid button: names items that do not exist: ${id('menu:permission.user')}`);
      expect((await call('PUT', `/api/permission/Authority/Data/${staff}`, { objectType: 'user' })).msg).toBe(
        'Invalid version: is required',
      );
      expect(
        (await call('PUT', `/api/permission/Authority/Data/${staff}`, { objectType: 'user', version: 0, module: 'x' }))
          .msg,
      ).toMatch(/^Invalid module/);
      expect((await call('PUT', `/api/permission/Authority/Data/nope`, { objectType: 'role', version: 0 })).code).toBe(
        404,
      );
      const hr = await server.login('hr');
      expect(
        (await call('PUT', `/api/permission/Authority/Data/${staff}`, { objectType: 'user', version: 0 }, hr)).code,
      ).toBe(403);
      // Nothing was written by the refused calls.
      const rows = await server.database.db
        .selectFrom('authorize')
        .selectAll()
        .where('object_id', '=', staff)
        .execute();
      expect(rows).toEqual([]);
    });

    it('S1-6-08 replaces the grants in one go; CurrentUser of a member shows exactly them; refresh is pushed on a gain', async () => {
      const staff = id('user:staff');
      const staffToken = await server.login('staff');
      const socket = listen(staff);
      const data = (await call('GET', `/api/permission/Authority/Data/${staff}?objectType=user`)).data;
      const all = flatten(data.tree);
      const atrium = data.tree.find((s: Node) => s.enCode === 'atrium')!;
      const group = all.find((n) => n.enCode === 'permission')!;
      const organize = all.find((n) => n.enCode === 'permission.organize')!;
      const add = organize.children!.find((c) => c.enCode === 'btn_add')!;
      const saved = await call('PUT', `/api/permission/Authority/Data/${staff}`, {
        objectType: 'user',
        version: data.version,
        system: [atrium.id],
        module: [group.id, organize.id],
        button: [add.id],
      });
      expect(saved).toEqual({ code: 200, msg: 'Saved', data: { version: 1, loggedOut: 0, refreshed: 1 } });
      expect(socket.frames).toEqual([{ method: 'refresh' }]);
      socket.stop();
      const me = (await call('GET', '/api/oauth/CurrentUser', undefined, staffToken)).data;
      const entry = me.permissionList.find((p: { modelId: string }) => p.modelId === organize.id);
      expect(entry.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add']);
      const rows = await server.database.db
        .selectFrom('authorize')
        .select(['item_type', 'item_id'])
        .where('object_type', '=', 'user')
        .where('object_id', '=', staff)
        .execute();
      expect(rows).toHaveLength(4);
      const again = (await call('GET', `/api/permission/Authority/Data/${staff}?objectType=user`)).data;
      expect(again.version).toBe(1);
      expect(again.granted.button).toEqual([add.id]);
      expect(again.granted.module.sort()).toEqual([group.id, organize.id].sort());
    });

    it('S1-6-01 removing a right ends the sessions of every member and pushes logout (translated per recipient)', async () => {
      const role = id('role:hr.manager');
      const hrId = id('user:hr');
      const hrToken = await server.login('hr');
      await server.database.db.updateTable('users').set({ language: 'en-US' }).where('id', '=', hrId).execute();
      const hrSocket = listen(hrId);
      const staffSocket = listen(id('user:staff'));
      const data = (await call('GET', `/api/permission/Authority/Data/${role}?objectType=role`)).data;
      const userMenu = flatten(data.tree).find((n) => n.enCode === 'permission.user')!;
      const edit = userMenu.children!.find((c) => c.enCode === 'btn_edit')!;
      const saved = await call('PUT', `/api/permission/Authority/Data/${role}`, {
        objectType: 'role',
        version: data.version,
        ...data.granted,
        button: data.granted.button.filter((b: string) => b !== edit.id),
      });
      expect(saved.data).toEqual({ version: 1, loggedOut: 1, refreshed: 0 });
      // The hub carries the message key; each socket says it in its user's language
      // (modules/socket/push-language.test.ts).
      expect(hrSocket.frames).toEqual([{ method: 'logout', msgKey: 'permissionChanged' }]);
      expect(staffSocket.frames).toEqual([]);
      hrSocket.stop();
      staffSocket.stop();
      const session = await server.database.db
        .selectFrom('session')
        .select(['ended_at', 'end_reason'])
        .where('user_id', '=', hrId)
        .execute();
      expect(session.every((s) => s.ended_at !== null && s.end_reason === 'permission-changed')).toBe(true);
      // Its next call says why, not that someone signed in elsewhere.
      expect(await call('GET', '/api/oauth/CurrentUser', undefined, hrToken)).toMatchObject({
        code: 601,
        msg: 'Your permissions have changed; please sign in again',
      });
      // Signing in again shows the narrower rights.
      const fresh = await server.login('hr');
      const me = (await call('GET', '/api/oauth/CurrentUser', undefined, fresh)).data;
      const entry = me.permissionList.find((p: { modelId: string }) => p.modelId === userMenu.id);
      expect(entry.button.map((b: { enCode: string }) => b.enCode).sort()).toEqual(['btn_add', 'btn_download']);
      await server.database.db.updateTable('users').set({ language: 'zh-CN' }).where('id', '=', hrId).execute();
    });

    it('a grant through an organisation reaches its members', async () => {
      const org = id('org:demo.rd.web');
      const staff = id('user:staff');
      const socket = listen(staff);
      const data = (await call('GET', `/api/permission/Authority/Data/${org}?objectType=organize`)).data;
      const all = flatten(data.tree);
      const group = all.find((n) => n.enCode === 'permission')!;
      const position = all.find((n) => n.enCode === 'permission.position')!;
      const atrium = data.tree.find((s: Node) => s.enCode === 'atrium')!;
      const give = await call('PUT', `/api/permission/Authority/Data/${org}`, {
        objectType: 'organize',
        version: 0,
        system: [atrium.id],
        module: [group.id, position.id],
      });
      // Members of 前端组 gain; staff belongs to 研发中心 (demo.rd) itself and is not affected.
      const webMembers = await server.database.db
        .selectFrom('user_relation')
        .select('user_id')
        .where('object_type', '=', 'Organize')
        .where('object_id', '=', org)
        .execute();
      expect(webMembers.map((m) => m.user_id)).not.toContain(staff);
      expect(give.data).toMatchObject({ refreshed: webMembers.length, loggedOut: 0 });
      expect(socket.frames).toEqual([]);
      const rd = id('org:demo.rd');
      const rdData = (await call('GET', `/api/permission/Authority/Data/${rd}?objectType=organize`)).data;
      const gained = await call('PUT', `/api/permission/Authority/Data/${rd}`, {
        objectType: 'organize',
        version: rdData.version,
        system: [atrium.id],
        module: [group.id, position.id],
      });
      expect(gained.data.refreshed).toBeGreaterThanOrEqual(2);
      const lost = await call('PUT', `/api/permission/Authority/Data/${rd}`, {
        objectType: 'organize',
        version: gained.data.version,
        system: [atrium.id],
        module: [group.id],
      });
      expect(lost.data.loggedOut).toBeGreaterThanOrEqual(2);
      expect(socket.frames).toEqual([{ method: 'refresh' }, { method: 'logout', msgKey: 'permissionChanged' }]);
      socket.stop();
    });

    it('two admins saving the same object from the same version at once: one wins, the other gets 409', async () => {
      const role = id('role:project.lead');
      const data = (await call('GET', `/api/permission/Authority/Data/${role}?objectType=role`)).data;
      const all = flatten(data.tree);
      const atrium = data.tree.find((s: Node) => s.enCode === 'atrium')!;
      const home = all.find((n) => n.enCode === 'workbench.home')!;
      const bench = all.find((n) => n.enCode === 'workbench')!;
      const other = await server.login('admin');
      for (const version of [data.version, data.version + 1]) {
        const [a, b] = await Promise.all([
          call('PUT', `/api/permission/Authority/Data/${role}`, {
            objectType: 'role',
            version,
            system: [atrium.id],
            module: [bench.id],
          }),
          call(
            'PUT',
            `/api/permission/Authority/Data/${role}`,
            { objectType: 'role', version, system: [atrium.id], module: [bench.id, home.id] },
            other,
          ),
        ]);
        expect([a.code, b.code].sort()).toEqual([200, 409]);
        const loser = a.code === 409 ? a : b;
        expect(loser.msg).toBe('Someone else changed this record; reload it and try again');
        expect(loser.data).toEqual({ version: version + 1 });
        const after = (await call('GET', `/api/permission/Authority/Data/${role}?objectType=role`)).data;
        expect(after.version).toBe(version + 1);
        expect(after.granted.module.length).toBe(a.code === 200 ? 1 : 2);
      }
    });
  });

  describe('data schemes applied in SQL', () => {
    const userColumns = async () =>
      (
        await server.database.db
          .selectFrom('menu_element')
          .select('id')
          .where('menu_id', '=', id('menu:permission.user'))
          .where('kind', '=', 'column')
          .execute()
      ).map((e) => e.id);
    const accounts = async (token: string) => {
      const res = await call('GET', '/api/permission/Users?pageSize=500', undefined, token);
      expect(res.code).toBe(200);
      return res.data.list.map((u: { account: string }) => u.account).sort();
    };
    const members = async (orgCode: string) =>
      (
        await server.database.db
          .selectFrom('users')
          .innerJoin('organize', 'organize.id', 'users.organize_id')
          .select('users.account')
          .where('organize.en_code', 'like', `${orgCode}%`)
          .execute()
      )
        .map((r) => r.account)
        .sort();

    it("hr (role hr.manager, granted 'my department and below') sees only the users of 人力资源部 and below", async () => {
      const hr = await server.login('hr');
      const seen = await accounts(hr);
      expect(seen).toEqual(await members('demo.hr'));
      expect(seen).toContain('hr');
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen).not.toContain('staff');
      // The count agrees with the page.
      const res = await call('GET', '/api/permission/Users?pageSize=2', undefined, hr);
      expect(res.data.pagination.total).toBe(seen.length);
      // The administrator is never restricted.
      expect((await accounts(admin)).length).toBeGreaterThan(seen.length + 20);
    });

    it('the scheme follows the organisation tree: a head of 研发中心 sees 前端组 and 后端组 too', async () => {
      const manager = id('user:manager');
      const userMenu = id('menu:permission.user');
      const schemes = await server.database.db
        .selectFrom('menu_resource')
        .select(['id', 'en_code'])
        .where('menu_id', '=', userMenu)
        .execute();
      const dept = schemes.find((s) => s.en_code === 'dept_and_below')!.id;
      const data = (await call('GET', `/api/permission/Authority/Data/${manager}?objectType=user`)).data;
      const atrium = data.tree.find((s: Node) => s.enCode === 'atrium')!;
      await call('PUT', `/api/permission/Authority/Data/${manager}`, {
        objectType: 'user',
        version: data.version,
        system: [atrium.id],
        module: [id('menu:permission'), userMenu],
        // The users list grants its columns one by one: these tests are about its rows.
        column: await userColumns(),
        resource: [dept],
      });
      const token = await server.login('manager');
      const seen = await accounts(token);
      expect(seen).toEqual(await members('demo.rd'));
      expect(seen).toEqual(expect.arrayContaining(['manager', 'staff']));
      // Granting the all-data scheme as well lifts the restriction (the union of schemes).
      const all = schemes.find((s) => s.en_code === 'all')!.id;
      const v = (await call('GET', `/api/permission/Authority/Data/${manager}?objectType=user`)).data.version;
      await call('PUT', `/api/permission/Authority/Data/${manager}`, {
        objectType: 'user',
        version: v,
        system: [atrium.id],
        module: [id('menu:permission'), userMenu],
        // The users list grants its columns one by one: these tests are about its rows.
        column: await userColumns(),
        resource: [dept, all],
      });
      const again = await server.login('manager');
      expect((await accounts(again)).length).toBe((await accounts(admin)).length);
      // Without any scheme on a menu that has schemes: no rows.
      const v2 = (await call('GET', `/api/permission/Authority/Data/${manager}?objectType=user`)).data.version;
      await call('PUT', `/api/permission/Authority/Data/${manager}`, {
        objectType: 'user',
        version: v2,
        system: [atrium.id],
        module: [id('menu:permission'), userMenu],
        // The users list grants its columns one by one: these tests are about its rows.
        column: await userColumns(),
      });
      const none = await server.login('manager');
      expect(await accounts(none)).toEqual([]);
    });

    it('the positions list applies schemes too: a head of 研发中心 sees the positions of 研发中心 and below', async () => {
      const manager = id('user:manager');
      const positionMenu = id('menu:permission.position');
      const scheme = await call('POST', '/api/system/ModuleDataAuthorizeScheme', {
        moduleId: positionMenu,
        fullName: '本部门及下级岗位',
        enCode: 'positions_dept_and_below',
        conditionJson: '[{"field":"organizeId","op":"in","value":"@organizationAndSuborganization"}]',
        matchLogic: 'and',
        allData: 0,
      });
      expect(scheme.code).toBe(200);
      const data = (await call('GET', `/api/permission/Authority/Data/${manager}?objectType=user`)).data;
      const atrium = data.tree.find((s: Node) => s.enCode === 'atrium')!;
      const saved = await call('PUT', `/api/permission/Authority/Data/${manager}`, {
        objectType: 'user',
        version: data.version,
        system: [atrium.id],
        module: [id('menu:permission'), positionMenu],
        resource: [scheme.data.id],
      });
      expect(saved.code).toBe(200);
      const token = await server.login('manager');
      const res = await call('GET', '/api/permission/Position?pageSize=500', undefined, token);
      expect(res.code).toBe(200);
      const expected = (
        await server.database.db
          .selectFrom('position')
          .innerJoin('organize', 'organize.id', 'position.organize_id')
          .select('position.en_code')
          .where('organize.en_code', 'like', 'demo.rd%')
          .execute()
      )
        .map((r) => r.en_code)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(res.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(expected);
      expect(res.data.pagination.total).toBe(expected.length);
      // The administrator still sees every position.
      const all = await call('GET', '/api/permission/Position?pageSize=500');
      expect(all.data.list.length).toBeGreaterThan(expected.length);
      // Give manager back the grants the following tests start from.
      const restored = await call('PUT', `/api/permission/Authority/Data/${manager}`, {
        objectType: 'user',
        version: saved.data.version,
        ...data.granted,
      });
      expect(restored.code).toBe(200);
      await call('DELETE', `/api/system/ModuleDataAuthorizeScheme/${scheme.data.id}`);
    });

    it('rules: variables, operators and match logic become bound SQL conditions', async () => {
      const db = server.database.db;
      const userMenu = id('menu:permission.user');
      const manager = id('user:manager');
      const run = async (conditionJson: string, matchLogic = 'and') => {
        const created = await call('POST', '/api/system/ModuleDataAuthorizeScheme', {
          moduleId: userMenu,
          fullName: 'probe',
          enCode: `probe_${Math.random().toString(36).slice(2, 8)}`,
          conditionJson,
          matchLogic,
          allData: 0,
        });
        expect(created.code).toBe(200);
        await db.deleteFrom('authorize').where('object_id', '=', manager).where('item_type', '=', 'resource').execute();
        await db
          .insertInto('authorize')
          .values({
            id: `probe-${created.data.id}`,
            item_type: 'resource',
            item_id: created.data.id,
            object_type: 'user',
            object_id: manager,
            created_at: 1,
            created_by: null,
          })
          .execute();
        await db
          .updateTable('revision')
          .set((eb) => ({ value: eb('value', '+', 1) }))
          .where('name', '=', 'authority')
          .execute();
        const token = await server.login('manager');
        const seen = await accounts(token);
        await call('DELETE', `/api/system/ModuleDataAuthorizeScheme/${created.data.id}`);
        return seen;
      };
      expect(await run('[{"field":"id","op":"=","value":"@userId"}]')).toEqual(['manager']);
      const subordinates = await run('[{"field":"id","op":"in","value":"@userAndSubordinates"}]');
      expect(subordinates).toEqual(expect.arrayContaining(['manager', 'staff']));
      expect(subordinates).not.toContain('ceo');
      expect(await run('[{"field":"account","op":"like","value":"HR"}]')).toEqual(['hr']);
      expect(await run('[{"field":"account","op":"in","value":["hr","ceo","nobody"]}]')).toEqual(['ceo', 'hr']);
      expect(
        await run('[{"field":"account","op":"=","value":"hr"},{"field":"account","op":"=","value":"ceo"}]', 'or'),
      ).toEqual(['ceo', 'hr']);
      expect(
        await run('[{"field":"account","op":"=","value":"hr"},{"field":"account","op":"=","value":"ceo"}]'),
      ).toEqual([]);
      const notMine = await run('[{"field":"organizeId","op":"<>","value":"@organizationAndSuborganization"}]');
      expect(notMine).not.toContain('staff');
      expect(notMine).toContain('hr');
      expect(await run('[{"field":"managerId","op":"null"},{"field":"account","op":"<>","value":"admin"}]')).toEqual([
        'ceo',
      ]);
      // A value that looks like SQL is only ever a bound value.
      expect(await run(`[{"field":"account","op":"=","value":"x' or '1'='1"}]`)).toEqual([]);
      expect(
        await run('[{"field":"gender","op":">=","value":2},{"field":"account","op":"=","value":"staff"}]'),
      ).toEqual(['staff']);
    });

    it('dataSchemeFilter: administrators and menus without schemes are unrestricted', async () => {
      const db = server.database.db;
      const user = await db.selectFrom('users').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow();
      const fakeAdmin = { user, menus: [], resources: new Map(), revisions: { authority: 1, settings: 0 } } as never;
      expect(await dataSchemeFilter(db, server.database.dialect, fakeAdmin, 'permission.user')).toBeNull();
      const staff = await db.selectFrom('users').selectAll().where('account', '=', 'staff').executeTakeFirstOrThrow();
      const fakeStaff = {
        user: staff,
        menus: [],
        resources: new Map(),
        revisions: { authority: 1, settings: 0 },
      } as never;
      expect(await dataSchemeFilter(db, server.database.dialect, fakeStaff, 'workbench.home')).toBeNull();
      expect(await dataSchemeFilter(db, server.database.dialect, fakeStaff, 'permission.user')).not.toBeNull();
    });
  });

  describe('column settings', () => {
    it('S2-7-12 S2-3-45 stores and returns my columns per menu; another user is not affected', async () => {
      const menu = id('menu:permission.user');
      const hr = await server.login('hr');
      expect(await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`, undefined, hr)).toEqual({
        code: 200,
        msg: 'Success',
        data: [],
      });
      const fieldList = JSON.stringify([
        { prop: 'realName', label: '姓名', visible: true },
        { prop: 'account', label: '账号', columnVisible: false },
      ]);
      const saved = await call(
        'PUT',
        '/api/permission/Authority/SetColumnsByModuleId',
        { moduleId: menu, fieldList },
        hr,
      );
      expect(saved.code).toBe(200);
      const mine = await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`, undefined, hr);
      expect(mine.data).toEqual([
        { prop: 'realName', label: '姓名', visible: true },
        { prop: 'account', label: '账号', visible: false },
      ]);
      expect((await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`)).data).toEqual([]);
      // Restore default: an empty list.
      await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: menu, fieldList: '[]' }, hr);
      expect((await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`, undefined, hr)).data).toEqual(
        [],
      );
    });

    it('validates fieldList, and refuses menus the user cannot see (403) or that do not exist (404)', async () => {
      const menu = id('menu:permission.user');
      const put = (fieldList: string, moduleId = menu, token = admin) =>
        call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId, fieldList }, token);
      expect((await put('{')).msg).toBe('Invalid fieldList: has the wrong format');
      expect((await put('[{"prop":"a"}]')).msg).toBe('Invalid fieldList: has the wrong format');
      expect((await put('[{"prop":"a","visible":true},{"prop":"a","visible":false}]')).code).toBe(400);
      expect((await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: menu }, admin)).msg).toBe(
        'Invalid fieldList: is required',
      );
      expect((await put('[]', 'nope')).code).toBe(404);
      const staff = await server.login('staff');
      expect((await put('[]', id('menu:permission.user'), staff)).code).toBe(403);
      expect((await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`, undefined, staff)).code).toBe(
        403,
      );
      expect((await call('GET', `/api/permission/Authority/GetColumnsByModuleId/nope`)).code).toBe(404);
      const none = await server.call('GET', `/api/permission/Authority/GetColumnsByModuleId/${menu}`);
      expect(none.json().code).toBe(602);
    });
  });
});
