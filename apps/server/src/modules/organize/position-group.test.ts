import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('positions and permission groups on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  let staff: string;
  let org: Record<string, string> = {};
  let pos: Record<string, string> = {};
  let grp: Record<string, string> = {};
  const en = { 'accept-language': 'en-US' };
  const revision = () => server.authorityRevision();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, hr, staff] = await server.logins(['admin', 'hr', 'staff']);
    org = await server.idsByCode('organize');
    pos = await server.idsByCode('position');
    grp = await server.idsByCode('user_group');
  });
  afterAll(() => server.close());

  describe('positions', () => {
    it('S2-7-28 pages by keyword and organisation (with its sub-organisations), with holder counts', async () => {
      const all = (await server.call('GET', '/api/permission/Position?pageSize=5', { token: admin })).json();
      expect(all.code).toBe(200);
      expect(all.data.list).toHaveLength(5);
      expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 14 });
      const rd = (
        await server.call('GET', `/api/permission/Position?organizeId=${org['demo.rd']}`, { token: admin })
      ).json();
      expect(rd.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(
        ['engineer.server', 'engineer.web', 'rd.head'].sort(),
      );
      const web = rd.data.list.find((p: { enCode: string }) => p.enCode === 'engineer.web');
      expect(web).toMatchObject({
        organizeId: org['demo.rd.web'],
        organizeName: '前端组',
        fullName: '前端工程师',
        enabledMark: 1,
      });
      expect(web.userCount).toBeGreaterThan(0);
      const kw = (
        await server.call('GET', `/api/permission/Position?keyword=${encodeURIComponent('会计')}`, { token: admin })
      ).json();
      expect(kw.data.list.map((p: { enCode: string }) => p.enCode)).toEqual(['accountant']);
      const bad = (
        await server.call('GET', '/api/permission/Position?pageSize=9999', { token: admin, headers: en })
      ).json();
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('pageSize');
    });

    it('S2-3-14 Selector is an organisation -> position tree; All lists id and fullName', async () => {
      const tree = (await server.call('GET', '/api/permission/Position/Selector', { token: staff })).json();
      expect(tree.data.list[0]).toMatchObject({ id: org.demo, type: 'company' });
      const rd = tree.data.list[0].children.find((n: { id: string }) => n.id === org['demo.rd']);
      const head = rd.children.find((n: { id: string }) => n.id === pos['rd.head']);
      expect(head).toMatchObject({
        type: 'position',
        isLeaf: true,
        fullName: '研发总监',
        organizeIds: [org.demo, org['demo.rd']],
        lastFullName: '示范科技有限公司/研发中心/研发总监',
      });
      const all = (await server.call('GET', '/api/permission/Position/All', { token: staff })).json();
      expect(all.data.list).toHaveLength(14);
      expect(all.data.list[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          fullName: expect.any(String),
          organizeName: expect.any(String),
        }),
      );
    });

    it('S2-7-29 getListByOrgIds groups positions by organisation; PositionCondition limits to the allowed ids', async () => {
      const res = (
        await server.call('POST', '/api/permission/Position/getListByOrgIds', {
          token: staff,
          body: { organizeIds: [org['demo.finance'], 'unknown'] },
        })
      ).json();
      expect(res.data.list).toHaveLength(1);
      expect(res.data.list[0]).toMatchObject({ id: org['demo.finance'], fullName: '财务部' });
      expect(res.data.list[0].children.map((p: { id: string }) => p.id).sort()).toEqual(
        [pos['finance.head'], pos.accountant].sort(),
      );
      const bad = (
        await server.call('POST', '/api/permission/Position/getListByOrgIds', { token: staff, body: {}, headers: en })
      ).json();
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('organizeIds');

      const cond = (
        await server.call('POST', '/api/permission/Position/PositionCondition', {
          token: staff,
          body: { positionIds: [pos.accountant, pos['engineer.web']] },
        })
      ).json();
      const leaves: string[] = [];
      const walk = (nodes: { id: string; type: string; children?: unknown[] }[]) =>
        nodes.forEach((n) => (n.type === 'position' ? leaves.push(n.id) : walk((n.children ?? []) as never)));
      walk(cond.data.list);
      expect(leaves.sort()).toEqual([pos.accountant, pos['engineer.web']].sort());
      const byDept = (
        await server.call('POST', '/api/permission/Position/PositionCondition', {
          token: staff,
          body: { departIds: [org['demo.hr']] },
        })
      ).json();
      leaves.length = 0;
      walk(byDept.data.list);
      expect(leaves.sort()).toEqual([pos['hr.head'], pos['hr.specialist']].sort());
      const nothing = (
        await server.call('POST', '/api/permission/Position/PositionCondition', { token: staff, body: {} })
      ).json();
      expect(nothing.data.list).toEqual([]);
    });

    it('creates, reads, renames (bumping the revision) and refuses a duplicate code or unknown organisation', async () => {
      const created = (
        await server.call('POST', '/api/permission/Position', {
          token: admin,
          body: { organizeId: org['demo.admin'], enCode: 'admin.driver', fullName: '司机', description: '班车' },
        })
      ).json();
      expect(created).toMatchObject({ code: 200, msg: '新建成功' });
      pos['admin.driver'] = created.data.id;
      const info = (await server.call('GET', `/api/permission/Position/${created.data.id}`, { token: admin })).json();
      expect(info.data).toEqual({
        id: created.data.id,
        organizeId: org['demo.admin'],
        fullName: '司机',
        enCode: 'admin.driver',
        enabledMark: 1,
        sortCode: 0,
        description: '班车',
        gradeId: null,
        version: 0,
      });
      const before = await revision();
      const renamed = (
        await server.call('PUT', `/api/permission/Position/${created.data.id}`, {
          token: admin,
          body: { ...info.data, fullName: '专职司机' },
        })
      ).json();
      expect(renamed).toEqual({ code: 200, msg: '修改成功' });
      expect(await revision()).toBeGreaterThan(before);
      const row = await server.rowOf('position', created.data.id);
      expect(row).toMatchObject({ full_name: '专职司机', version: 1 });

      const dup = (
        await server.call('POST', '/api/permission/Position', {
          token: admin,
          body: { organizeId: org['demo.admin'], enCode: 'accountant', fullName: 'x' },
        })
      ).json();
      expect(dup).toEqual({ code: 400, msg: '编码“accountant”已存在' });
      const dupOnEdit = (
        await server.call('PUT', `/api/permission/Position/${created.data.id}`, {
          token: admin,
          body: { ...info.data, version: 1, enCode: 'accountant' },
        })
      ).json();
      expect(dupOnEdit).toEqual({ code: 400, msg: '编码“accountant”已存在' });
      const noOrg = (
        await server.call('POST', '/api/permission/Position', {
          token: admin,
          body: { organizeId: 'ghost', enCode: 'ghost.pos', fullName: 'x' },
          headers: en,
        })
      ).json();
      expect(noOrg).toEqual({ code: 400, msg: 'Invalid organizeId: The organisation does not exist' });
      const missing = (
        await server.call('POST', '/api/permission/Position', {
          token: admin,
          body: { enCode: 'a', fullName: 'x' },
          headers: en,
        })
      ).json();
      expect(missing.code).toBe(400);
      expect(missing.msg).toContain('organizeId');
    });

    it('concurrency: two admins save the same position with the same version, exactly one wins', async () => {
      const id = pos['marketing.specialist'];
      const info = (await server.call('GET', `/api/permission/Position/${id}`, { token: admin })).json();
      const admin2 = await server.login('admin');
      const race = await server.saveTwiceAtOnce(
        `/api/permission/Position/${id}`,
        { token: admin, body: { ...info.data, fullName: 'A' } },
        { token: admin2, body: { ...info.data, fullName: 'B' } },
      );
      expect(race.codes).toEqual([200, 409]);
      const winner = ['A', 'B'][race.winner];
      const row = await server.rowOf('position', id);
      expect(row).toMatchObject({ full_name: winner, version: info.data.version + 1 });
    });

    it('refuses to delete a position someone holds; deletes an unused one; 404 and 403', async () => {
      const held = (
        await server.call('DELETE', `/api/permission/Position/${pos['engineer.server']}`, { token: admin, headers: en })
      ).json();
      expect(held.code).toBe(400);
      expect(held.msg).toMatch(/^This position still has \d+ user\(s\) and cannot be deleted$/);
      expect(
        (await server.call('DELETE', `/api/permission/Position/${pos['admin.driver']}`, { token: admin })).json(),
      ).toEqual({ code: 200, msg: '删除成功' });
      expect(await server.exists('position', pos['admin.driver'])).toBe(false);
      expect((await server.call('GET', '/api/permission/Position/nope', { token: admin })).json()).toEqual({
        code: 404,
        msg: '数据不存在',
      });
      expect((await server.call('DELETE', '/api/permission/Position/nope', { token: admin })).json().code).toBe(404);
      expect((await server.call('GET', '/api/permission/Position', { token: hr })).json()).toEqual({
        code: 403,
        msg: '暂无权限',
      });
      expect(
        (
          await server.call('POST', '/api/permission/Position', {
            token: staff,
            body: { organizeId: org.demo, enCode: 'x', fullName: 'x' },
          })
        ).json().code,
      ).toBe(403);
    });
  });

  describe('permission groups', () => {
    it('S2-7-41 lists groups with member counts, by keyword; Selector gives enabled picker nodes', async () => {
      const res = (await server.call('GET', '/api/permission/Group', { token: admin })).json();
      expect(res.data.pagination.total).toBe(2);
      const union = res.data.list.find((g: { enCode: string }) => g.enCode === 'union');
      expect(union.memberCount).toBeGreaterThan(0);
      const kw = (await server.call('GET', '/api/permission/Group?keyword=SAFE', { token: admin })).json();
      expect(kw.data.list.map((g: { enCode: string }) => g.enCode)).toEqual(['safety']);
      const sel = (await server.call('GET', '/api/permission/Group/Selector', { token: staff })).json();
      expect(sel.data.list).toHaveLength(2);
      expect(sel.data.list[0]).toMatchObject({ type: 'group', isLeaf: true });
    });

    it('creates, edits, refuses duplicates and bad input, deletes an empty group', async () => {
      const created = (
        await server.call('POST', '/api/permission/Group', {
          token: admin,
          body: { enCode: 'readers', fullName: '读书会', enabledMark: 0 },
        })
      ).json();
      expect(created.code).toBe(200);
      const info = (await server.call('GET', `/api/permission/Group/${created.data.id}`, { token: admin })).json();
      expect(info.data).toMatchObject({ enCode: 'readers', fullName: '读书会', enabledMark: 0, version: 0 });
      const sel = (await server.call('GET', '/api/permission/Group/Selector', { token: staff })).json();
      expect(sel.data.list.map((g: { id: string }) => g.id)).not.toContain(created.data.id);
      const saved = (
        await server.call('PUT', `/api/permission/Group/${created.data.id}`, {
          token: admin,
          body: { ...info.data, enabledMark: 1, description: '每月一次' },
        })
      ).json();
      expect(saved.code).toBe(200);
      const row = await server.rowOf('user_group', created.data.id);
      expect(row).toMatchObject({ enabled: 1, description: '每月一次', version: 1 });
      expect(
        (
          await server.call('POST', '/api/permission/Group', { token: admin, body: { enCode: 'union', fullName: 'x' } })
        ).json(),
      ).toEqual({ code: 400, msg: '编码“union”已存在' });
      const bad = (
        await server.call('POST', '/api/permission/Group', {
          token: admin,
          body: { enCode: 'ok', fullName: 'x', enabledMark: 3 },
          headers: en,
        })
      ).json();
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('enabledMark');
      expect(
        (await server.call('DELETE', `/api/permission/Group/${created.data.id}`, { token: admin })).json(),
      ).toEqual({
        code: 200,
        msg: '删除成功',
      });
    });

    it('concurrency: two admins save the same group with the same version, exactly one wins', async () => {
      const id = grp.safety;
      const info = (await server.call('GET', `/api/permission/Group/${id}`, { token: admin })).json();
      const admin2 = await server.login('admin');
      const race = await server.saveTwiceAtOnce(
        `/api/permission/Group/${id}`,
        { token: admin, body: { ...info.data, fullName: 'A' } },
        { token: admin2, body: { ...info.data, fullName: 'B' } },
      );
      expect(race.codes).toEqual([200, 409]);
      const winner = ['A', 'B'][race.winner];
      const row = await server.rowOf('user_group', id);
      expect(row).toMatchObject({ full_name: winner, version: info.data.version + 1 });
    });

    it('refuses to delete a group with members; 404 and 403', async () => {
      const res = (
        await server.call('DELETE', `/api/permission/Group/${grp.union}`, { token: admin, headers: en })
      ).json();
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/^This group still has \d+ member\(s\) and cannot be deleted$/);
      expect(await server.exists('user_group', grp.union)).toBe(true);
      expect((await server.call('GET', '/api/permission/Group/nope', { token: admin })).json().code).toBe(404);
      expect(
        (
          await server.call('PUT', '/api/permission/Group/nope', {
            token: admin,
            body: { enCode: 'a', fullName: 'b', version: 0 },
          })
        ).json().code,
      ).toBe(404);
      expect((await server.call('GET', '/api/permission/Group', { token: hr })).json()).toEqual({
        code: 403,
        msg: '暂无权限',
      });
      expect((await server.call('DELETE', `/api/permission/Group/${grp.union}`, { token: staff })).json().code).toBe(
        403,
      );
    });
  });
});
