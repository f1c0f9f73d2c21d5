import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('user pickers on $name', (target) => {
  let server: TestServer;
  let staff: string;
  let manager: string;
  let bare: string;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer(target);
    staff = await server.login('staff');
    manager = await server.login('manager');
    await server.addBareUser('nobody');
    bare = await server.login('nobody');
    const db = server.database.db;
    for (const account of ['staff', 'manager', 'hr', 'ceo']) id[account] = await server.userIdOf(account);
    for (const code of ['demo', 'demo.rd', 'demo.hr']) id[code] = await server.idOfCode('organize', code);
    id.employee = await server.idOfCode('role', 'employee');
    id.hrRole = await server.idOfCode('role', 'hr.manager');
    const hrPosition = await db
      .selectFrom('user_relation')
      .select('object_id')
      .where('user_id', '=', id.hr!)
      .where('object_type', '=', 'Position')
      .executeTakeFirstOrThrow();
    id.hrPosition = hrPosition.object_id;
    id.group = (await db.selectFrom('user_group').select('id').orderBy('sort_code').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('every picker call needs a signed-in user (602) but no grant', async () => {
    expect((await server.call('GET', '/api/permission/Users/All')).json().code).toBe(602);
    expect((await server.call('GET', '/api/permission/Users/All', { token: bare })).json().code).toBe(200);
  });

  it('S2-7-32 All and Selector: enabled users as options and the organisation tree with users as leaves', async () => {
    const all = (await server.call('GET', '/api/permission/Users/All', { token: staff })).json();
    const enabled = await server.database.db.selectFrom('users').select('id').where('enabled', '=', 1).execute();
    expect(all.data.list.length).toBe(enabled.length);
    expect(all.data.list.find((u: { account: string }) => u.account === 'manager')).toMatchObject({
      id: id.manager,
      fullName: '王建国/manager',
      organize: '示范科技有限公司/研发中心',
      type: 'user',
    });
    const tree = (await server.call('GET', '/api/permission/Users/Selector', { token: staff })).json();
    expect(tree.data.list).toHaveLength(1);
    const company = tree.data.list[0];
    expect(company).toMatchObject({ id: id.demo, type: 'company', hasChildren: true });
    const rd = company.children.find((c: { id: string }) => c.id === id['demo.rd']);
    expect(rd.children.some((c: { id: string; type: string }) => c.id === id.manager && c.type === 'user')).toBe(true);
  });

  it('S2-7-20 S2-3-06 getOrganization: one lazy level per node, users as leaves; keyword gives a flat list', async () => {
    const top = (await server.call('GET', '/api/permission/Users/getOrganization', { token: staff })).json();
    expect(top.data.list).toEqual([
      expect.objectContaining({
        id: id.demo,
        type: 'company',
        isLeaf: false,
        organizeIds: [id.demo],
        fullName: '示范科技有限公司',
      }),
    ]);
    const level = (
      await server.call('GET', `/api/permission/Users/getOrganization?organizeId=${id['demo.rd']}`, { token: staff })
    ).json();
    const types = level.data.list.map((n: { type: string }) => n.type);
    expect(types).toContain('department');
    expect(types).toContain('user');
    const managerNode = level.data.list.find((n: { id: string }) => n.id === id.manager);
    expect(managerNode).toMatchObject({
      isLeaf: true,
      organizeIds: [id.demo, id['demo.rd']],
      lastFullName: '示范科技有限公司/研发中心',
    });
    const kw = (
      await server.call('GET', `/api/permission/Users/getOrganization?keyword=${encodeURIComponent('晓梅')}`, {
        token: staff,
      })
    ).json();
    expect(kw.data.list.map((n: { id: string }) => n.id)).toEqual([id.staff]);
    const bad = (
      await server.call('GET', `/api/permission/Users/getOrganization?keyword=${'x'.repeat(101)}`, {
        token: staff,
        headers: en,
      })
    ).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('keyword');
  });

  it('S2-7-35 ImUser: paged contacts without yourself; ImUser/Selector by organisation', async () => {
    const page = (await server.call('GET', '/api/permission/Users/ImUser?pageSize=5', { token: staff })).json();
    expect(page.data.list).toHaveLength(5);
    const enabled = await server.database.db.selectFrom('users').select('id').where('enabled', '=', 1).execute();
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: enabled.length - 1 });
    const kw = (await server.call('GET', '/api/permission/Users/ImUser?keyword=manager', { token: staff })).json();
    expect(kw.data.list.map((u: { id: string }) => u.id)).toEqual([id.manager]);
    const sel = (
      await server.call('POST', `/api/permission/Users/ImUser/Selector/${id['demo.rd']}`, { token: staff, body: {} })
    ).json();
    expect(sel.data.list.some((n: { id: string }) => n.id === id.manager)).toBe(true);
    expect(sel.data.list.some((n: { id: string }) => n.id === id.staff)).toBe(false);
    const bad = (
      await server.call('POST', `/api/permission/Users/ImUser/Selector/${id.demo}`, {
        token: staff,
        body: { keyword: 5 },
        headers: en,
      })
    ).json();
    expect(bad.msg).toContain('keyword');
  });

  it('S2-7-36 getUserList, getSelectedList and getSelectedUserList resolve ids in order', async () => {
    const list = (
      await server.call('POST', '/api/permission/Users/getUserList', {
        token: staff,
        body: { userId: [id.hr, `${id.manager}--user`, 'missing'] },
      })
    ).json();
    expect(list.data.list.map((u: { id: string }) => u.id)).toEqual([id.hr, id.manager]);
    const bad = (
      await server.call('POST', '/api/permission/Users/getUserList', { token: staff, body: {}, headers: en })
    ).json();
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toContain('userId');
    const selected = (
      await server.call('POST', '/api/permission/Users/getSelectedList', {
        token: staff,
        body: {
          userId: [
            `${id['demo.hr']}--department`,
            `${id.employee}--role`,
            id.staff,
            `${id.group}--group`,
            'gone--role',
          ],
        },
      })
    ).json();
    expect(selected.data.list.map((n: { id: string; type: string }) => [n.id, n.type])).toEqual([
      [`${id['demo.hr']}--department`, 'department'],
      [`${id.employee}--role`, 'role'],
      [id.staff, 'user'],
      [`${id.group}--group`, 'group'],
    ]);
    const users = (
      await server.call('POST', '/api/permission/Users/getSelectedUserList', {
        token: staff,
        body: { userId: [`${id['demo.hr']}--department`, id.ceo], pageSize: 50 },
      })
    ).json();
    const accounts = users.data.list.map((u: { account: string }) => u.account);
    expect(accounts).toContain('hr');
    expect(accounts).toContain('ceo');
    expect(accounts).not.toContain('staff');
    expect(users.data.pagination.total).toBe(accounts.length);
  });

  it('S2-7-37 getSubordinates answers the direct reports of the caller', async () => {
    const res = (
      await server.call('POST', '/api/permission/Users/getSubordinates', { token: manager, body: {} })
    ).json();
    const ids = res.data.list.map((u: { id: string }) => u.id);
    expect(ids).toContain(id.staff);
    expect(ids).not.toContain(id.manager);
    const kw = (
      await server.call('POST', '/api/permission/Users/getSubordinates', { token: manager, body: { keyword: 'zzz' } })
    ).json();
    expect(kw.data.list).toEqual([]);
    expect(
      (await server.call('POST', '/api/permission/Users/getSubordinates', { token: staff, body: {} })).json().data.list,
    ).toEqual([]);
  });

  it('S2-7-38 users by position, by role and organisation, and the allowed-scope condition', async () => {
    const byPos = (
      await server.call('GET', `/api/permission/Users/GetUsersByPositionId?positionId=${id.hrPosition}`, {
        token: staff,
      })
    ).json();
    expect(byPos.data.list.map((u: { id: string }) => u.id)).toContain(id.hr);
    const noPos = (
      await server.call('GET', '/api/permission/Users/GetUsersByPositionId', { token: staff, headers: en })
    ).json();
    expect(noPos.msg).toContain('positionId');
    const byRole = (
      await server.call('GET', `/api/permission/Users/GetUsersByRoleOrgId?roleId=${id.hrRole}`, { token: staff })
    ).json();
    expect(byRole.data.list.map((u: { id: string }) => u.id)).toEqual([id.hr]);
    const byRoleOrg = (
      await server.call(
        'GET',
        `/api/permission/Users/GetUsersByRoleOrgId?roleId=${id.hrRole}&organizeId=${id['demo.rd']}`,
        { token: staff },
      )
    ).json();
    expect(byRoleOrg.data.list).toEqual([]);
    const cond = (
      await server.call('POST', '/api/permission/Users/UserCondition', {
        token: staff,
        body: { departIds: [id['demo.hr']], userIds: [id.ceo], roleIds: [id.hrRole], pageSize: 2 },
      })
    ).json();
    expect(cond.data.list).toHaveLength(2);
    expect(cond.data.pagination.total).toBeGreaterThanOrEqual(2);
    const empty = (await server.call('POST', '/api/permission/Users/UserCondition', { token: staff, body: {} })).json();
    expect(empty.data).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } });
    const bad = (
      await server.call('POST', '/api/permission/Users/UserCondition', {
        token: staff,
        body: { departIds: 'x' },
        headers: en,
      })
    ).json();
    expect(bad.msg).toContain('departIds');
  });

  it("S2-7-39 GetListByAuthorize: a non-administrator sees only their own organisations' subtree", async () => {
    const top = (
      await server.call('POST', '/api/permission/Users/GetListByAuthorize/0', { token: staff, body: {} })
    ).json();
    const topIds = top.data.list.map((n: { id: string }) => n.id);
    expect(topIds).not.toContain(id.demo);
    const outside = (
      await server.call('POST', `/api/permission/Users/GetListByAuthorize/${id['demo.hr']}`, { token: staff, body: {} })
    ).json();
    expect(outside.data.list).toEqual([]);
    const kw = (
      await server.call('POST', '/api/permission/Users/GetListByAuthorize/0', { token: staff, body: { keyword: 'hr' } })
    ).json();
    expect(kw.data.list.map((n: { id: string }) => n.id)).not.toContain(id.hr);
    const admin = await server.login('admin');
    const adminTop = (
      await server.call('POST', '/api/permission/Users/GetListByAuthorize/0', { token: admin, body: {} })
    ).json();
    expect(adminTop.data.list.map((n: { id: string }) => n.id)).toEqual([id.demo]);
  });
});
