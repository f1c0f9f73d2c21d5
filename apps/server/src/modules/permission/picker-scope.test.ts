import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

interface Node {
  id: string;
  type?: string;
  organizeId?: string;
  children?: Node[];
}

/** Every id of a tree (or list), at any depth, with the `id--type` suffix of mixed values dropped. */
function idsOf(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [n.id.split('--')[0]!, ...idsOf(n.children ?? [])]);
}

/**
 * The pickers show what the caller's data scheme on the users list allows. The demo HR role holds
 * the scheme 'own department and below' on that list, so HR (in the HR department) must not see the
 * research centre or its people through any picker call, while staff, who does not hold the users
 * menu, picks from the whole company.
 */
describe.each(dbTargets())('picker data scope on $name', (target) => {
  let server: TestServer;
  let hr: string;
  let staff: string;
  let admin: string;
  const id: Record<string, string> = {};
  /** Organisations and enabled users inside the HR department's subtree. */
  let inOrgs: Set<string>;
  let inUsers: Set<string>;

  beforeAll(async () => {
    server = await createTestServer(target);
    [hr, staff, admin] = await server.logins(['hr', 'staff', 'admin']);
    for (const account of ['manager', 'hr', 'staff']) id[account] = await server.userIdOf(account);
    for (const code of ['demo', 'demo.rd', 'demo.hr']) id[code] = await server.idOfCode('organize', code);
    id.employee = await server.idOfCode('role', 'employee');
    const db = server.database.db;
    const orgs = await db.selectFrom('organize').select(['id', 'organize_id_tree']).execute();
    inOrgs = new Set(orgs.filter((o) => o.organize_id_tree.split(',').includes(id['demo.hr']!)).map((o) => o.id));
    const users = await db.selectFrom('users').select(['id', 'organize_id']).where('enabled', '=', 1).execute();
    inUsers = new Set(users.filter((u) => u.organize_id && inOrgs.has(u.organize_id)).map((u) => u.id));
    const managerPosition = await db
      .selectFrom('users')
      .select('position_id')
      .where('id', '=', id.manager!)
      .executeTakeFirstOrThrow();
    id.managerPosition = managerPosition.position_id!;
  });
  afterAll(() => server.close());

  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: object) => {
    const res = (await server.call(method, url, { token, body })).json();
    expect(res.code, `${url} ${JSON.stringify(res)}`).toBe(200);
    return res.data as { list: Node[]; pagination?: { total: number } };
  };

  it('the demo fixture: the HR scope holds HR people and not the research centre', () => {
    expect(inUsers.has(id.hr!)).toBe(true);
    expect(inUsers.has(id.manager!)).toBe(false);
    expect(inOrgs.has(id['demo.rd']!)).toBe(false);
    expect(inUsers.size).toBeGreaterThan(0);
  });

  it('S2-2-10 user picker calls answer only the users inside the HR scope', async () => {
    const byUsers: [string, 'GET' | 'POST', string, object?][] = [
      ['All', 'GET', '/api/permission/Users/All'],
      ['ImUser', 'GET', '/api/permission/Users/ImUser?currentPage=1&pageSize=200'],
      ['getUserList', 'POST', '/api/permission/Users/getUserList', { userId: [id.manager, id.staff, id.hr] }],
      ['getOrganization keyword', 'GET', '/api/permission/Users/getOrganization?keyword=a'],
      [
        'UserCondition',
        'POST',
        '/api/permission/Users/UserCondition',
        { departIds: [id.demo], currentPage: 1, pageSize: 200 },
      ],
      [
        'getSelectedUserList',
        'POST',
        '/api/permission/Users/getSelectedUserList',
        { userId: [`${id.demo}--company`], currentPage: 1, pageSize: 200 },
      ],
      ['SelectorByOrganize', 'GET', '/api/permission/Users/SelectorByOrganize?pageSize=200'],
      ['GetUsersByPositionId', 'GET', `/api/permission/Users/GetUsersByPositionId?positionId=${id.managerPosition}`],
      ['GetUsersByRoleOrgId', 'GET', `/api/permission/Users/GetUsersByRoleOrgId?roleId=${id.employee}`],
    ];
    for (const [name, method, url, body] of byUsers) {
      const forHr = idsOf((await call(method, url, hr, body)).list);
      const outside = forHr.filter((u) => !inUsers.has(u));
      expect(outside, name).toEqual([]);
      // Staff does not hold the users menu: the same call reaches people outside the HR department.
      const forStaff = idsOf((await call(method, url, staff, body)).list);
      expect(
        forStaff.some((u) => !inUsers.has(u)),
        name,
      ).toBe(true);
    }
    const all = idsOf((await call('GET', '/api/permission/Users/All', hr)).list);
    expect(new Set(all)).toEqual(inUsers);
    // The searching list of the user picker: paged, counted inside the scope, by organisation subtree.
    const page = await call('GET', '/api/permission/Users/SelectorByOrganize?pageSize=2&currentPage=1', hr);
    expect(page.list).toHaveLength(Math.min(2, inUsers.size));
    expect(page.pagination!.total).toBe(inUsers.size);
    const rd = `/api/permission/Users/SelectorByOrganize?organizeId=${id['demo.rd']}`;
    expect((await call('GET', rd, hr)).pagination!.total).toBe(0);
    expect(idsOf((await call('GET', rd, staff)).list)).toContain(id.manager);
    const ids = (await call('POST', '/api/permission/Users/getUserList', hr, { userId: [id.manager, id.hr] })).list;
    expect(ids.map((u) => u.id)).toEqual([id.hr]);
  });

  it('S2-2-09 user picker trees leave out the organisations and people outside the HR scope', async () => {
    const tree = idsOf((await call('GET', '/api/permission/Users/Selector', hr)).list);
    expect(tree.filter((x) => !inOrgs.has(x) && !inUsers.has(x))).toEqual([]);
    expect(tree).toContain(id.hr);
    const top = (await call('GET', '/api/permission/Users/getOrganization', hr)).list;
    expect(top.map((n) => n.id)).toEqual([id['demo.hr']]);
    expect((await call('GET', `/api/permission/Users/getOrganization?organizeId=${id['demo.rd']}`, hr)).list).toEqual(
      [],
    );
    const im = (await call('POST', `/api/permission/Users/ImUser/Selector/${id.demo}`, hr, { keyword: '' })).list;
    expect(im).toEqual([]);
    const level = idsOf((await call('POST', `/api/permission/Users/ImUser/Selector/${id['demo.hr']}`, hr, {})).list);
    expect(level.filter((x) => !inOrgs.has(x) && !inUsers.has(x))).toEqual([]);
    const auth = idsOf((await call('POST', '/api/permission/Users/GetListByAuthorize/0', hr, { keyword: 'a' })).list);
    expect(auth.filter((x) => !inUsers.has(x))).toEqual([]);
    const selected = (
      await call('POST', '/api/permission/Users/getSelectedList', hr, {
        userId: [id.manager, `${id['demo.rd']}--department`, id.hr, `${id['demo.hr']}--department`],
      })
    ).list;
    expect(selected.map((n) => n.id)).toEqual([id.hr, `${id['demo.hr']}--department`]);
    // The administrator is never restricted.
    const adminTop = (await call('GET', '/api/permission/Users/getOrganization', admin)).list;
    expect(adminTop.map((n) => n.id)).toEqual([id.demo]);
  });

  it('S2-6-07 S2-6-09 organisation, department, position and role pickers answer only organisations inside the HR scope', async () => {
    const orgCalls: [string, 'GET' | 'POST', string, object?][] = [
      ['Organize/Selector', 'GET', '/api/permission/Organize/Selector/0'],
      ['Organize/SelectorByAuth', 'GET', '/api/permission/Organize/SelectorByAuth/0'],
      ['OrganizeCondition', 'POST', '/api/permission/Organize/OrganizeCondition', { departIds: [id.demo] }],
      ['Department/Selector', 'GET', '/api/permission/Organize/Department/Selector/0'],
      ['Department/SelectorByAuth', 'GET', '/api/permission/Organize/Department/SelectorByAuth/0'],
    ];
    for (const [name, method, url, body] of orgCalls) {
      const forHr = idsOf((await call(method, url, hr, body)).list);
      expect(forHr.length, name).toBeGreaterThan(0);
      expect(
        forHr.filter((x) => !inOrgs.has(x)),
        name,
      ).toEqual([]);
      if (!name.includes('ByAuth'))
        expect(idsOf((await call(method, url, staff, body)).list), name).toContain(id['demo.rd']);
    }
    const positionTrees: [string, 'GET' | 'POST', string, object?][] = [
      ['Position/Selector', 'GET', '/api/permission/Position/Selector'],
      ['PositionCondition', 'POST', '/api/permission/Position/PositionCondition', { departIds: [id.demo] }],
    ];
    for (const [name, method, url, body] of positionTrees) {
      const nodes = (await call(method, url, hr, body)).list;
      const orgsSeen = idsOf(
        nodes.map((n) => ({ ...n, children: (n.children ?? []).filter((c) => c.type !== 'position') })),
      );
      expect(
        orgsSeen.filter((x) => !inOrgs.has(x)),
        name,
      ).toEqual([]);
      expect(idsOf(nodes), name).not.toContain(id.managerPosition);
      expect(idsOf((await call(method, url, staff, body)).list), name).toContain(id.managerPosition);
    }
    const allPositions = (await call('GET', '/api/permission/Position/All', hr)).list;
    expect(allPositions.length).toBeGreaterThan(0);
    expect(allPositions.filter((p) => !inOrgs.has(p.organizeId!))).toEqual([]);
    const byOrg = (
      await call('POST', '/api/permission/Position/getListByOrgIds', hr, {
        organizeIds: [id['demo.rd'], id['demo.hr']],
      })
    ).list;
    expect(byOrg.map((o) => o.id)).toEqual([id['demo.hr']]);
    for (const url of ['/api/permission/Role/Selector', '/api/permission/Role/SelectorByPermission']) {
      const roots = (await call('GET', url, hr)).list;
      expect(
        roots.filter((n) => n.id !== '1' && !inOrgs.has(n.id)).map((n) => n.id),
        url,
      ).toEqual([]);
    }
    const roles = (
      await call('POST', '/api/permission/Role/getListByOrgIds', hr, { organizeIds: [id['demo.rd'], id['demo.hr']] })
    ).list;
    expect(roles.filter((r) => !inOrgs.has(r.organizeId!))).toEqual([]);
  });
});
