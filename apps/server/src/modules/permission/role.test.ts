import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('roles on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let hr: string;
  let rd: string;
  let roleId: string;

  const revision = () => server.authorityRevision();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff, hr] = await server.logins(['admin', 'staff', 'hr']);
    rd = await server.idOfCode('organize', 'demo.rd');
  });
  afterAll(() => server.close());

  it('S2-7-30 creates an organisation role and a global one, then reads them', async () => {
    const res = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: {
          fullName: '研发评审',
          enCode: 'rd.review',
          globalMark: 0,
          organizeId: rd,
          sortCode: 3,
          description: 'd',
        },
      })
    ).json();
    expect(res.code).toBe(200);
    roleId = res.data.id;
    const info = (await server.call('GET', `/api/permission/Role/${roleId}`, { token: admin })).json();
    expect(info.data).toEqual({
      id: roleId,
      fullName: '研发评审',
      enCode: 'rd.review',
      globalMark: 0,
      organizeId: rd,
      enabledMark: 1,
      sortCode: 3,
      description: 'd',
      version: 0,
    });
    const global = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: { fullName: '访客', enCode: 'guest', globalMark: 1, organizeId: rd },
      })
    ).json();
    const row = await server.rowOf('role', global.data.id);
    expect(row).toMatchObject({ global_mark: 1, organize_id: null });
  });

  it('two admins creating the same code at once: one role is made, the other hears the code is taken', async () => {
    const create = () =>
      server
        .call('POST', '/api/permission/Role', {
          token: admin,
          body: { fullName: '同时创建', enCode: 'same.moment', globalMark: 1 },
        })
        .then((r) => r.json());
    const results = await Promise.all([create(), create()]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.code === 400)!.msg).toBe('编码“same.moment”已存在');
    const rows = await server.database.db
      .selectFrom('role')
      .select('id')
      .where('en_code', '=', 'same.moment')
      .execute();
    expect(rows).toHaveLength(1);
    // Leave the role list as the later tests expect it.
    expect((await server.call('DELETE', `/api/permission/Role/${rows[0]!.id}`, { token: admin })).json().code).toBe(
      200,
    );
  });

  it('refuses invalid input naming the field, a taken code, an organisation role without organisation', async () => {
    const missing = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: { enCode: 'a', globalMark: 1 },
        headers: en,
      })
    ).json();
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('fullName');
    const taken = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: { fullName: 'x', enCode: 'employee', globalMark: 1 },
        headers: en,
      })
    ).json();
    expect(taken).toEqual({ code: 400, msg: 'The code "employee" is already in use' });
    const noOrg = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: { fullName: 'x', enCode: 'x.y', globalMark: 0 },
        headers: en,
      })
    ).json();
    expect(noOrg).toEqual({ code: 400, msg: 'A role that is not global needs an organisation' });
    const badOrg = (
      await server.call('POST', '/api/permission/Role', {
        token: admin,
        body: { fullName: 'x', enCode: 'x.y', globalMark: 0, organizeId: 'nope' },
        headers: en,
      })
    ).json();
    expect(badOrg.code).toBe(400);
    expect(badOrg.msg).toContain('organizeId');
  });

  it('403 without the right, 404 for unknown ids', async () => {
    expect((await server.call('GET', '/api/permission/Role', { token: staff })).json().code).toBe(403);
    expect(
      (
        await server.call('POST', '/api/permission/Role', {
          token: hr,
          body: { fullName: 'x', enCode: 'x', globalMark: 1 },
        })
      ).json().code,
    ).toBe(403);
    for (const [method, url, body] of [
      ['GET', '/api/permission/Role/NOPE', undefined],
      ['PUT', '/api/permission/Role/NOPE', { fullName: 'x', enCode: 'x', globalMark: 1, version: 0 }],
      ['DELETE', '/api/permission/Role/NOPE', undefined],
      ['PUT', '/api/permission/Role/NOPE/Actions/State', undefined],
    ] as const) {
      expect((await server.call(method, url, { token: admin, body })).json().code, `${method} ${url}`).toBe(404);
    }
  });

  it('lists by keyword, global and organisation subtree, with member counts', async () => {
    const all = (await server.call('GET', '/api/permission/Role?pageSize=100', { token: admin })).json();
    expect(all.data.pagination.total).toBe(7);
    const employee = all.data.list.find((r: { enCode: string }) => r.enCode === 'employee');
    expect(employee.userCount).toBeGreaterThan(30);
    const globalOnly = (await server.call('GET', '/api/permission/Role?organizeId=global', { token: admin })).json();
    expect(globalOnly.data.list.every((r: { globalMark: number }) => r.globalMark === 1)).toBe(true);
    expect(globalOnly.data.pagination.total).toBe(6);
    const company = await server.idOfCode('organize', 'demo');
    const underCompany = (
      await server.call('GET', `/api/permission/Role?organizeId=${company}`, { token: admin })
    ).json();
    expect(underCompany.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['rd.review']);
    expect(underCompany.data.list[0].organizeName).toBe('研发中心');
    const kw = (
      await server.call('GET', `/api/permission/Role?keyword=${encodeURIComponent('评审')}`, { token: admin })
    ).json();
    expect(kw.data.list).toHaveLength(1);
    const bad = (await server.call('GET', '/api/permission/Role?pageSize=9999', { token: admin, headers: en })).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('pageSize');
  });

  it("S2-6-10 S2-7-31 selector: node '1' holds the global roles, organisations hold theirs; getListByOrgIds", async () => {
    const res = (await server.call('GET', '/api/permission/Role/Selector', { token: staff, headers: en })).json();
    expect(res.code).toBe(200);
    const [global, ...orgs] = res.data.list;
    expect(global).toMatchObject({ id: '1', fullName: 'Global' });
    expect(global.children.map((r: { enCode: string }) => r.enCode)).toContain('employee');
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ id: rd, type: 'department' });
    expect(orgs[0].children[0]).toMatchObject({ id: roleId, type: 'role', isLeaf: true });
    // staff belongs to the R&D tree, so the permission-scoped selector shows the R&D role too;
    // hr does not.
    const byPerm = (await server.call('GET', '/api/permission/Role/SelectorByPermission', { token: hr })).json();
    expect(byPerm.data.list).toHaveLength(1);
    const orgsOf = (
      await server.call('POST', '/api/permission/Role/getListByOrgIds', { token: staff, body: { organizeIds: [rd] } })
    ).json();
    expect(orgsOf.data.list).toEqual([
      {
        id: roleId,
        fullName: '研发评审',
        enCode: 'rd.review',
        organizeId: rd,
        organizeName: '示范科技有限公司/研发中心',
      },
    ]);
    const badBody = (
      await server.call('POST', '/api/permission/Role/getListByOrgIds', { token: staff, body: {}, headers: en })
    ).json();
    expect(badBody.msg).toContain('organizeIds');
    expect((await server.call('GET', '/api/permission/Role/Selector')).json().code).toBe(602);
  });

  it('updates with the version; two saves at once: one 200, one 409, the winner stored', async () => {
    const admin2 = await server.login('admin');
    const { version } = (await server.call('GET', `/api/permission/Role/${roleId}`, { token: admin })).json().data;
    const body = (fullName: string) => ({ fullName, enCode: 'rd.review', globalMark: 0, organizeId: rd, version });
    const race = await server.saveTwiceAtOnce(
      `/api/permission/Role/${roleId}`,
      { token: admin, body: body('评审甲') },
      { token: admin2, body: body('评审乙') },
    );
    expect(race.codes).toEqual([200, 409]);
    const winner = ['评审甲', '评审乙'][race.winner];
    const row = await server.rowOf('role', roleId);
    expect(row).toMatchObject({ full_name: winner, version: version + 1 });
  });

  it('S2-4-29 disabling a role removes its rights at once; enabling restores them', async () => {
    const hrRole = await server.idOfCode('role', 'hr.manager');
    expect((await server.call('GET', '/api/permission/Users', { token: hr })).json().code).toBe(200);
    const before = await revision();
    const off = (await server.call('PUT', `/api/permission/Role/${hrRole}/Actions/State`, { token: admin })).json();
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await revision()).toBeGreaterThan(before);
    expect((await server.call('GET', '/api/permission/Users', { token: hr })).json().code).toBe(403);
    const on = (await server.call('PUT', `/api/permission/Role/${hrRole}/Actions/State`, { token: admin })).json();
    expect(on.data.enabledMark).toBe(1);
    expect((await server.call('GET', '/api/permission/Users', { token: hr })).json().code).toBe(200);
  });

  it('refuses deleting a role that has members, saying why; deletes an unused one', async () => {
    const employee = await server.idOfCode('role', 'employee');
    const refused = (
      await server.call('DELETE', `/api/permission/Role/${employee}`, { token: admin, headers: en })
    ).json();
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/^This role still has \d+ user\(s\); remove them from the role before deleting it$/);
    expect(await server.exists('role', employee)).toBe(true);
    expect((await server.call('DELETE', `/api/permission/Role/${roleId}`, { token: staff })).json().code).toBe(403);
    const res = (await server.call('DELETE', `/api/permission/Role/${roleId}`, { token: admin })).json();
    expect(res.code).toBe(200);
    expect(await server.exists('role', roleId)).toBe(false);
  });
});
