import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('organisations on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  let staff: string;
  let ids: Record<string, string> = {};
  const en = { 'accept-language': 'en-US' };

  const rowOf = (id: string) => server.rowOf('organize', id);
  const revision = () => server.authorityRevision();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, hr, staff] = await server.logins(['admin', 'hr', 'staff']);
    ids = await server.idsByCode('organize');
  });
  afterAll(() => server.close());

  it('S2-7-25 lists the tree-table with managers, and filters by keyword keeping ancestors', async () => {
    const res = (await server.call('GET', '/api/permission/Organize', { token: admin })).json();
    expect(res.code).toBe(200);
    expect(res.data.list).toHaveLength(1);
    const top = res.data.list[0];
    expect(top).toMatchObject({ id: ids.demo, parentId: '-1', category: 'company', fullName: '示范科技有限公司' });
    expect(top.hasChildren).toBe(true);
    const rd = top.children.find((c: { enCode: string }) => c.enCode === 'demo.rd');
    expect(rd.managerName).toBe('王建国/manager');
    expect(rd.children.map((c: { enCode: string }) => c.enCode)).toEqual(['demo.rd.web', 'demo.rd.server']);
    expect(rd.organizeIdTree).toBe(`${ids.demo},${ids['demo.rd']}`);

    const found = (
      await server.call('GET', `/api/permission/Organize?keyword=${encodeURIComponent('后端')}`, { token: admin })
    ).json();
    expect(found.data.list[0].id).toBe(ids.demo);
    expect(found.data.list[0].children[0].id).toBe(ids['demo.rd']);
    expect(found.data.list[0].children[0].children.map((c: { id: string }) => c.id)).toEqual([ids['demo.rd.server']]);
  });

  it('S2-3-06 Tree answers picker nodes with type, isLeaf, organizeIds and lastFullName', async () => {
    const res = (await server.call('GET', '/api/permission/Organize/Tree', { token: staff })).json();
    expect(res.code).toBe(200);
    const web = res.data.list[0].children
      .find((c: { id: string }) => c.id === ids['demo.rd'])
      .children.find((c: { id: string }) => c.id === ids['demo.rd.web']);
    expect(web).toMatchObject({
      id: ids['demo.rd.web'],
      parentId: ids['demo.rd'],
      fullName: '前端组',
      type: 'department',
      isLeaf: true,
      hasChildren: false,
      organizeIds: [ids.demo, ids['demo.rd'], ids['demo.rd.web']],
      lastFullName: '示范科技有限公司/研发中心/前端组',
      organize: '示范科技有限公司/研发中心/前端组',
    });
    expect(web.icon).toContain('department');
    expect(res.data.list[0]).toMatchObject({ type: 'company', isLeaf: false });
  });

  it('S2-7-27 Selector/{id} leaves out the node and its subtree; Selector/0 has everything', async () => {
    const all = (await server.call('GET', '/api/permission/Organize/Selector/0', { token: staff })).json();
    expect(all.data.list[0].children).toHaveLength(7);
    const res = (
      await server.call('GET', `/api/permission/Organize/Department/Selector/${ids['demo.rd']}`, { token: staff })
    ).json();
    const names = JSON.stringify(res.data.list);
    expect(names).not.toContain(ids['demo.rd']);
    expect(names).not.toContain(ids['demo.rd.web']);
    expect(names).toContain(ids['demo.finance']);
  });

  it('S2-6-07 S2-6-09 SelectorByAuth: administrators get all, others their own organisations and below', async () => {
    const mine = (await server.call('GET', '/api/permission/Organize/SelectorByAuth/0', { token: staff })).json();
    // staff belongs to the R&D centre: the centre with its two groups, nothing else.
    expect(mine.data.list.map((n: { id: string }) => n.id)).toEqual([ids['demo.rd']]);
    expect(mine.data.list[0].children.map((n: { id: string }) => n.id)).toEqual([
      ids['demo.rd.web'],
      ids['demo.rd.server'],
    ]);
    expect(mine.data.list[0].lastFullName).toBe('示范科技有限公司/研发中心');
    const dept = (
      await server.call('GET', `/api/permission/Organize/Department/SelectorByAuth/${ids['demo.rd.web']}`, {
        token: staff,
      })
    ).json();
    expect(dept.data.list[0].children.map((n: { id: string }) => n.id)).toEqual([ids['demo.rd.server']]);
    const all = (await server.call('GET', '/api/permission/Organize/SelectorByAuth/0', { token: admin })).json();
    expect(all.data.list.map((n: { id: string }) => n.id)).toEqual([ids.demo]);
  });

  it('S2-7-26 S2-3-11 S2-3-12 OrganizeCondition limits the tree to the allowed ids and below, by keyword', async () => {
    const res = (
      await server.call('POST', '/api/permission/Organize/OrganizeCondition', {
        token: staff,
        body: { departIds: [ids['demo.rd'], ids['demo.hr']] },
      })
    ).json();
    expect(res.data.list.map((n: { id: string }) => n.id).sort()).toEqual([ids['demo.rd'], ids['demo.hr']].sort());
    const rd = res.data.list.find((n: { id: string }) => n.id === ids['demo.rd']);
    expect(rd.children).toHaveLength(2);
    const kw = (
      await server.call('POST', '/api/permission/Organize/OrganizeCondition', {
        token: staff,
        body: { departIds: [ids['demo.rd']], keyword: '前端' },
      })
    ).json();
    expect(kw.data.list[0].children.map((n: { id: string }) => n.id)).toEqual([ids['demo.rd.web']]);
    const none = (
      await server.call('POST', '/api/permission/Organize/OrganizeCondition', { token: staff, body: {} })
    ).json();
    expect(none.data.list).toEqual([]);
    const bad = (
      await server.call('POST', '/api/permission/Organize/OrganizeCondition', {
        token: staff,
        body: { departIds: 'x' },
        headers: en,
      })
    ).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('departIds');
  });

  it('creates a company and a department with the id path, detail returns version', async () => {
    const company = (
      await server.call('POST', '/api/permission/Organize', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'demo.sub', fullName: '子公司', sortCode: 5 },
      })
    ).json();
    expect(company).toMatchObject({ code: 200, msg: '新建成功' });
    ids['demo.sub'] = company.data.id;
    const row = await rowOf(company.data.id);
    expect(row).toMatchObject({
      parent_id: ids.demo,
      category: 'company',
      organize_id_tree: `${ids.demo},${company.data.id}`,
      sort_code: 5,
      enabled: 1,
      version: 0,
    });
    const managerId = await server.userIdOf('hr');
    const dept = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: company.data.id, enCode: 'demo.sub.ops', fullName: '运营部', managerId },
      })
    ).json();
    expect(dept.code).toBe(200);
    ids['demo.sub.ops'] = dept.data.id;
    const info = (
      await server.call('GET', `/api/permission/Organize/Department/${dept.data.id}`, { token: admin })
    ).json();
    expect(info.data).toMatchObject({
      id: dept.data.id,
      parentId: company.data.id,
      category: 'department',
      enCode: 'demo.sub.ops',
      fullName: '运营部',
      managerId,
      managerName: '孙人杰/hr',
      organizeIdTree: `${ids.demo},${company.data.id},${dept.data.id}`,
      enabledMark: 1,
      version: 0,
    });
    // A company is not a department.
    const notDept = (
      await server.call('GET', `/api/permission/Organize/Department/${company.data.id}`, { token: admin, headers: en })
    ).json();
    expect(notDept).toEqual({ code: 400, msg: 'This organisation is not a department' });
  });

  it('refuses bad input naming the field: duplicate code, missing parent, placement, manager', async () => {
    const dup = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'demo.rd', fullName: 'x' },
      })
    ).json();
    expect(dup).toEqual({ code: 400, msg: '编码“demo.rd”已存在' });
    const noName = (
      await server.call('POST', '/api/permission/Organize', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'ok.code' },
        headers: en,
      })
    ).json();
    expect(noName.code).toBe(400);
    expect(noName.msg).toContain('fullName');
    const badCode = (
      await server.call('POST', '/api/permission/Organize', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'has space', fullName: 'x' },
        headers: en,
      })
    ).json();
    expect(badCode.msg).toContain('enCode');
    const noParent = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: 'nope', enCode: 'x.y', fullName: 'x' },
        headers: en,
      })
    ).json();
    expect(noParent).toEqual({ code: 400, msg: expect.stringContaining('parentId') });
    expect(noParent.msg).toContain('The parent organisation does not exist');
    const companyUnderDept = (
      await server.call('POST', '/api/permission/Organize', {
        token: admin,
        body: { parentId: ids['demo.rd'], enCode: 'x.c', fullName: 'x' },
        headers: en,
      })
    ).json();
    expect(companyUnderDept.msg).toContain('A company cannot be placed under a department');
    const deptAtTop = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: '0', enCode: 'x.d', fullName: 'x' },
        headers: en,
      })
    ).json();
    expect(deptAtTop.msg).toContain('A department must belong to a company or department');
    const manager = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'x.m', fullName: 'x', managerId: 'ghost' },
        headers: en,
      })
    ).json();
    expect(manager.msg).toContain('managerId');
    expect(
      await server.database.db.selectFrom('organize').select('id').where('en_code', 'like', 'x.%').execute(),
    ).toEqual([]);
  });

  it('moves a branch, rewriting the id paths below it, and bumps the authority revision', async () => {
    const info = (await server.call('GET', `/api/permission/Organize/${ids['demo.rd']}`, { token: admin })).json();
    const before = await revision();
    const res = (
      await server.call('PUT', `/api/permission/Organize/${ids['demo.rd']}`, {
        token: admin,
        body: { ...info.data, parentId: ids['demo.sub'] },
      })
    ).json();
    expect(res).toEqual({ code: 200, msg: '修改成功' });
    expect(await revision()).toBeGreaterThan(before);
    const rd = await rowOf(ids['demo.rd']);
    expect(rd).toMatchObject({
      parent_id: ids['demo.sub'],
      organize_id_tree: `${ids.demo},${ids['demo.sub']},${ids['demo.rd']}`,
      version: info.data.version + 1,
    });
    expect((await rowOf(ids['demo.rd.server'])).organize_id_tree).toBe(
      `${ids.demo},${ids['demo.sub']},${ids['demo.rd']},${ids['demo.rd.server']}`,
    );
    // CurrentUser of a member shows the new path at once.
    const me = (await server.call('GET', '/api/oauth/CurrentUser', { token: staff })).json();
    expect(JSON.stringify(me.data.userInfo)).toContain('研发中心');

    // Moving back under the company restores the paths.
    const again = (await server.call('GET', `/api/permission/Organize/${ids['demo.rd']}`, { token: admin })).json();
    await server.call('PUT', `/api/permission/Organize/${ids['demo.rd']}`, {
      token: admin,
      body: { ...again.data, parentId: ids.demo },
    });
    expect((await rowOf(ids['demo.rd.web'])).organize_id_tree).toBe(
      `${ids.demo},${ids['demo.rd']},${ids['demo.rd.web']}`,
    );
  });

  it('refuses a move under itself or its own descendant', async () => {
    const info = (await server.call('GET', `/api/permission/Organize/${ids['demo.rd']}`, { token: admin })).json();
    for (const parentId of [ids['demo.rd'], ids['demo.rd.web']]) {
      const res = (
        await server.call('PUT', `/api/permission/Organize/${ids['demo.rd']}`, {
          token: admin,
          body: { ...info.data, parentId },
          headers: en,
        })
      ).json();
      expect(res).toEqual({
        code: 400,
        msg: 'Invalid parentId: The parent cannot be the organisation itself or one of its sub-organisations',
      });
    }
    expect(await rowOf(ids['demo.rd'])).toMatchObject({ parent_id: ids.demo, version: info.data.version });
  });

  it('renaming bumps the revision; a stale version gets 409 and changes nothing', async () => {
    const info = (await server.call('GET', `/api/permission/Organize/${ids['demo.hr']}`, { token: admin })).json();
    const before = await revision();
    await server.call('PUT', `/api/permission/Organize/${ids['demo.hr']}`, {
      token: admin,
      body: { ...info.data, fullName: '人力资源中心' },
    });
    expect(await revision()).toBeGreaterThan(before);
    const stale = (
      await server.call('PUT', `/api/permission/Organize/${ids['demo.hr']}`, {
        token: admin,
        body: { ...info.data, fullName: '旧名' },
      })
    ).json();
    expect(stale.code).toBe(409);
    expect((await rowOf(ids['demo.hr'])).full_name).toBe('人力资源中心');
  });

  it('concurrency: two admins save the same organisation with the same version, exactly one wins', async () => {
    const info = (await server.call('GET', `/api/permission/Organize/${ids['demo.sales']}`, { token: admin })).json();
    const admin2 = await server.login('admin');
    const race = await server.saveTwiceAtOnce(
      `/api/permission/Organize/${ids['demo.sales']}`,
      { token: admin, body: { ...info.data, fullName: '销售一部' } },
      { token: admin2, body: { ...info.data, fullName: '销售二部' } },
    );
    expect(race.codes).toEqual([200, 409]);
    const winner = ['销售一部', '销售二部'][race.winner];
    expect(await rowOf(ids['demo.sales'])).toMatchObject({ full_name: winner, version: info.data.version + 1 });
  });

  it('refuses to delete what is still referenced, saying why; deletes an unused one', async () => {
    const call = async (id: string) =>
      (await server.call('DELETE', `/api/permission/Organize/${id}`, { token: admin, headers: en })).json();
    expect(await call(ids['demo.sub'])).toEqual({
      code: 400,
      msg: 'This organisation still has 1 sub-organisation(s) and cannot be deleted',
    });
    expect(await call(ids['demo.rd.server'])).toEqual({
      code: 400,
      msg: expect.stringMatching(/^This organisation still has \d+ user\(s\) and cannot be deleted$/),
    });
    // A department with a position but no users.
    const d = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: ids.demo, enCode: 'demo.empty', fullName: '空部门' },
      })
    ).json().data.id;
    const p = (
      await server.call('POST', '/api/permission/Position', {
        token: admin,
        body: { organizeId: d, enCode: 'empty.pos', fullName: '岗位' },
      })
    ).json().data.id;
    expect(await call(d)).toEqual({
      code: 400,
      msg: 'This organisation still has 1 position(s) and cannot be deleted',
    });
    await server.call('DELETE', `/api/permission/Position/${p}`, { token: admin });
    const before = await revision();
    expect((await server.call('DELETE', `/api/permission/Organize/${d}`, { token: admin })).json()).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect(await revision()).toBeGreaterThan(before);
    expect(await server.exists('organize', d)).toBe(false);
    expect(await server.exists('organize', ids['demo.sub'])).toBe(true);
  });

  it('answers 404 for an unknown organisation', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['DELETE', undefined],
      ['PUT', { parentId: ids.demo, enCode: 'zz', fullName: 'zz', version: 0 }],
    ] as const) {
      const res = (await server.call(method, '/api/permission/Organize/nope', { token: admin, body })).json();
      expect(res).toEqual({ code: 404, msg: '数据不存在' });
    }
  });

  it('S2-8-18 enforces the menu permission: hr reads but cannot write; staff cannot read', async () => {
    expect((await server.call('GET', '/api/permission/Organize', { token: hr })).json().code).toBe(200);
    const write = (
      await server.call('POST', '/api/permission/Organize/Department', {
        token: hr,
        body: { parentId: ids.demo, enCode: 'hr.try', fullName: 'x' },
      })
    ).json();
    expect(write).toEqual({ code: 403, msg: '暂无权限' });
    expect(
      (await server.call('DELETE', `/api/permission/Organize/${ids['demo.admin']}`, { token: hr })).json().code,
    ).toBe(403);
    expect((await server.call('GET', '/api/permission/Organize', { token: staff })).json()).toEqual({
      code: 403,
      msg: '暂无权限',
    });
    expect((await server.call('GET', `/api/permission/Organize/${ids.demo}`, { token: staff })).json().code).toBe(403);
    // Pickers only need a signed-in user.
    expect((await server.call('GET', '/api/permission/Organize/Tree')).json().code).toBe(602);
  });
});
