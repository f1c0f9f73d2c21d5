import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, md5, type TestServer } from '../../testing/index.ts';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const SIGN = `data:image/png;base64,${PNG_1PX.toString('base64')}`;

function multipart(name: string, filename: string, bytes: Buffer) {
  const boundary = '----atrium' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbTargets())('current-user calls on $name', (target) => {
  let server: TestServer;
  let token: string;
  const P = '/prod/api/permission/Users/Current';
  beforeAll(async () => {
    server = await createTestServer(target, { dataDir: `/tmp/atrium-test-${Math.random().toString(16).slice(2)}` });
    token = await server.login('manager');
  });
  afterAll(() => server.close());

  it('S1-7-14 BaseInfo shows and changes my own data; bad input names the field and changes nothing', async () => {
    const info = (await server.call('GET', `${P}/BaseInfo`, { token })).json().data;
    expect(info).toMatchObject({
      account: 'manager',
      realName: '王建国',
      departmentName: '研发中心',
      organizeName: '示范科技有限公司',
      positionName: '研发总监',
      managerName: '陈志远/ceo',
    });

    const bad = await server.call('PUT', `${P}/BaseInfo`, {
      token,
      body: { realName: '王建国', mobilePhone: '12345' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(bad.json()).toEqual({ code: 400, msg: 'Invalid mobilePhone: has the wrong format' });
    const badName = await server.call('PUT', `${P}/BaseInfo`, { token, body: { realName: 'x@y' } });
    expect(badName.json()).toEqual({ code: 400, msg: '参数 realName 无效：格式不正确' });
    expect((await server.call('GET', `${P}/BaseInfo`, { token })).json().data.mobilePhone).toBe(info.mobilePhone);

    const saved = await server.call('PUT', `${P}/BaseInfo`, {
      token,
      body: {
        realName: '王建国',
        gender: 1,
        mobilePhone: '13912345678',
        email: 'wjg@example.com',
        description: '研发负责人',
      },
    });
    expect(saved.json()).toEqual({ code: 200, msg: '修改成功' });
    expect((await server.call('GET', `${P}/BaseInfo`, { token })).json().data).toMatchObject({
      mobilePhone: '13912345678',
      email: 'wjg@example.com',
      description: '研发负责人',
    });
  });

  it('S1-7-13 avatar: an image is accepted by its content, anything else refused, and becomes my head icon', async () => {
    const fake = multipart('file', 'evil.png', Buffer.from('<script>alert(1)</script>'));
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      headers: { ...fake.headers, authorization: token },
      payload: fake.payload,
    });
    expect(refused.json()).toEqual({ code: 400, msg: '请选择 png、jpg、gif 或 webp 格式的图片' });

    const real = multipart('file', 'me.bin', PNG_1PX);
    const up = (
      await server.app.inject({
        method: 'POST',
        url: '/api/file/Uploader/userAvatar',
        headers: { ...real.headers, authorization: token },
        payload: real.payload,
      })
    ).json();
    expect(up.code).toBe(200);
    expect(up.data.name).toMatch(/^[0-9A-Z]{26}\.png$/);
    const set = await server.call('PUT', `${P}/Avatar/${up.data.name}`, { token });
    expect(set.json().code).toBe(200);
    const current = (await server.call('GET', '/api/oauth/CurrentUser', { token })).json().data.userInfo;
    expect(current.headIcon).toBe(`/api/file/Image/userAvatar/${up.data.name}`);
    const image = await server.call('GET', current.headIcon);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.rawPayload).equals(PNG_1PX)).toBe(true);
    expect((await server.call('PUT', `${P}/Avatar/01ARZ3NDEKTSV4RRFFQ69G5FAV.png`, { token })).json().code).toBe(404);
    expect((await server.call('PUT', `${P}/Avatar/..%2F..%2Fetc%2Fpasswd`, { token })).json().code).toBe(400);
  });

  it('ModifyPassword checks the old one, and the new one ends my other sessions', async () => {
    const mine = await server.login('zhuting');
    const other = await server.login('zhuting');
    const wrong = await server.call('POST', `${P}/Actions/ModifyPassword`, {
      token: mine,
      body: { oldPassword: md5('nope1234'), password: md5('newpass99') },
    });
    expect(wrong.json()).toEqual({ code: 400, msg: '原密码错误' });
    const changed = await server.call('POST', `${P}/Actions/ModifyPassword`, {
      token: mine,
      body: { oldPassword: md5('demo1234'), password: md5('newpass99') },
    });
    expect(changed.json()).toEqual({ code: 200, msg: '修改成功' });
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: mine })).json().code).toBe(200);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: other })).json().code).toBe(602);
    await expect(server.login('zhuting')).rejects.toThrow();
    expect(await server.login('zhuting', 'newpass99')).toMatch(/^Bearer /);
  });

  it('S1-7-16 S1-7-22 SystemTheme and SystemLanguage are kept per user and come back in CurrentUser', async () => {
    const res = await server.call('PUT', `${P}/SystemTheme`, {
      token,
      body: { theme: 'classic', preferences: { themeColor: 'green', darkMode: true, tagsView: false } },
    });
    expect(res.json().code).toBe(200);
    expect((await server.call('PUT', `${P}/SystemLanguage`, { token, body: { language: 'en-US' } })).json().code).toBe(
      200,
    );
    const info = (await server.call('GET', '/api/oauth/CurrentUser', { token })).json().data.userInfo;
    expect(info).toMatchObject({
      theme: 'classic',
      language: 'en-US',
      preferences: { themeColor: 'green', darkMode: true, tagsView: false },
    });
    const bad = await server.call('PUT', `${P}/SystemTheme`, {
      token,
      body: { theme: 'classic', preferences: { themeColor: 'pink' } },
    });
    expect(bad.json().code).toBe(400);
    expect(bad.json().msg).toContain('preferences.themeColor');
    expect((await server.call('PUT', `${P}/SystemLanguage`, { token, body: { language: 'fr' } })).json().code).toBe(
      400,
    );
    await server.call('PUT', `${P}/SystemLanguage`, { token, body: { language: 'zh-CN' } });
  });

  it('S1-7-17 Subordinate walks my reporting tree only', async () => {
    const mine = (await server.call('GET', `${P}/Subordinate/0`, { token })).json().data as {
      id: string;
      fullName: string;
      isLeaf: boolean;
    }[];
    expect(mine.map((u) => u.fullName)).toContain('李晓梅/staff');
    expect(mine.every((u) => u.isLeaf)).toBe(true);
    const staffId = mine.find((u) => u.fullName === '李晓梅/staff')!.id;
    expect((await server.call('GET', `${P}/Subordinate/${staffId}`, { token })).json().data).toEqual([]);
    const ceo = (await server.call('GET', `${P}/Subordinate/0`, { token: await server.login('ceo') })).json().data as {
      fullName: string;
      isLeaf: boolean;
    }[];
    expect(ceo.find((u) => u.fullName === '王建国/manager')?.isLeaf).toBe(false);
    const staffToken = await server.login('staff');
    const me = (await server.call('GET', `${P}/BaseInfo`, { token })).json().data.id;
    expect((await server.call('GET', `${P}/Subordinate/${me}`, { token: staffToken })).json().code).toBe(404);
  });

  it('S1-7-18 Authorize lists my menus per system', async () => {
    const data = (await server.call('GET', `${P}/Authorize`, { token })).json().data;
    expect(data.module).toEqual([
      expect.objectContaining({
        fullName: 'Atrium 协同办公',
        children: [
          expect.objectContaining({ fullName: '工作台', children: expect.any(Array) }),
          expect.objectContaining({ fullName: '示例应用', children: expect.any(Array) }),
          expect.objectContaining({ fullName: '工作流程', children: expect.any(Array) }),
        ],
      }),
    ]);
    // The only buttons staff hold are those of the demo applications.
    expect(data.button.map((m: { fullName: string; children: unknown[] }) => [m.fullName, m.children.length])).toEqual([
      ['客户档案', 8],
      ['资产台账', 8],
      ['合同登记', 8],
    ]);
    const admin = (await server.call('GET', `${P}/Authorize`, { token: await server.login('admin') })).json().data;
    expect(admin.module.map((s: { fullName: string }) => s.fullName)).toEqual(['Atrium 协同办公', 'Atrium 开发平台']);
  });

  it('S1-7-19 SystemLog pages my sign-ins and operations', async () => {
    const signIns = (await server.call('GET', `${P}/SystemLog?category=1&pageSize=2`, { token })).json().data;
    expect(signIns.pagination).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(signIns.pagination.total).toBeGreaterThanOrEqual(1);
    expect(signIns.list[0]).toMatchObject({
      abstracts: '登录成功',
      ipAddress: '127.0.0.1',
      ipAddressName: '本机',
      requestURL: '/api/oauth/Login',
    });
    const ops = (await server.call('GET', `${P}/SystemLog?category=5`, { token })).json().data;
    expect(ops.list.map((o: { requestURL: string }) => o.requestURL)).toContain(
      '/api/permission/Users/Current/BaseInfo',
    );
    expect(ops.list.find((o: { requestMethod: string }) => o.requestMethod === 'PUT')).toMatchObject({
      requestMethod: 'PUT',
    });
    expect((await server.call('GET', `${P}/SystemLog?category=3`, { token })).json().code).toBe(400);
  });

  it('SystemLog leaves out reads made through POST: a picker or list query is not an operation', async () => {
    const read = await server.call('POST', '/api/permission/Role/getListByOrgIds', {
      token,
      body: { organizeIds: [] },
    });
    expect(read.json().code).toBe(200);
    // A change made after the read: once its line is there, the read's would be too.
    const changed = await server.call('PUT', `${P}/SystemLanguage`, { token, body: { language: 'zh-CN' } });
    expect(changed.json().code).toBe(200);
    const urls = async () =>
      (
        (await server.call('GET', `${P}/SystemLog?category=5&pageSize=100`, { token })).json().data.list as {
          requestURL: string;
        }[]
      ).map((o) => o.requestURL);
    await expect.poll(urls).toContain('/api/permission/Users/Current/SystemLanguage');
    expect(await urls()).not.toContain('/api/permission/Role/getListByOrgIds');
  });

  it('S1-7-20 organisations, positions and switching the major one among my own only', async () => {
    const orgs = (await server.call('GET', `${P}/getUserOrganizes`, { token })).json().data;
    expect(orgs).toEqual([{ id: expect.any(String), fullName: '示范科技有限公司/研发中心', isDefault: true }]);
    const positions = (await server.call('GET', `${P}/getUserPositions`, { token })).json().data as {
      id: string;
      fullName: string;
      isDefault: boolean;
    }[];
    expect(positions.map((p) => [p.fullName, p.isDefault])).toEqual([
      ['研发总监', true],
      ['后端工程师', false],
    ]);

    const switched = await server.call('PUT', `${P}/major`, {
      token,
      body: { majorId: positions[1]!.id, majorType: 'Position' },
    });
    expect(switched.json()).toEqual({ code: 200, msg: '切换成功' });
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token })).json().data.userInfo.positionName).toBe(
      '后端工程师',
    );

    const foreign = await server.call('PUT', `${P}/major`, {
      token,
      body: { majorId: 'someone-else', majorType: 'Organize' },
    });
    expect(foreign.json()).toEqual({ code: 400, msg: '只能切换到自己所属的组织、岗位或系统' });
  });

  it('S1-1-03 S1-7-22 switching the system changes the menus CurrentUser sends', async () => {
    const admin = await server.login('admin');
    const before = (await server.call('GET', '/api/oauth/CurrentUser', { token: admin })).json().data;
    expect(before.userInfo.systemIds).toHaveLength(2);
    const dev = before.userInfo.systemIds.find((s: { name: string }) => s.name === 'Atrium 开发平台');
    await server.call('PUT', `${P}/major`, { token: admin, body: { majorId: dev.id, majorType: 'System' } });
    const after = (await server.call('GET', '/api/oauth/CurrentUser', { token: admin })).json().data;
    expect(after.menuList.map((m: { fullName: string }) => m.fullName)).toEqual(['开发工具', '系统管理']);
    expect(after.menuList[0].children.map((m: { type: number; linkTarget: string }) => [m.type, m.linkTarget])).toEqual(
      [
        [7, '_self'],
        [7, '_blank'],
      ],
    );
    const denied = await server.call('PUT', `${P}/major`, { token, body: { majorId: dev.id, majorType: 'System' } });
    expect(denied.json().code).toBe(400);
  });

  it('signature images: add, default, delete; two added at once as default leave exactly one default', async () => {
    const mine = await server.login('hexin');
    const a = (await server.call('POST', `${P}/SignImg`, { token: mine, body: { signImg: SIGN } })).json();
    expect(a.code).toBe(200);
    await Promise.all([
      server.call('POST', `${P}/SignImg`, { token: mine, body: { signImg: SIGN, isDefault: true } }),
      server.call('POST', `${P}/SignImg`, { token: mine, body: { signImg: SIGN, isDefault: true } }),
    ]);
    let list = (await server.call('GET', `${P}/SignImg`, { token: mine })).json().data as {
      id: string;
      isDefault: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.isDefault)).toHaveLength(1);

    expect((await server.call('PUT', `${P}/${a.data.id}/SignImg`, { token: mine })).json().code).toBe(200);
    list = (await server.call('GET', `${P}/SignImg`, { token: mine })).json().data;
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([a.data.id]);

    expect((await server.call('DELETE', `${P}/${a.data.id}/SignImg`, { token })).json().code).toBe(404);
    expect((await server.call('DELETE', `${P}/${a.data.id}/SignImg`, { token: mine })).json()).toEqual({
      code: 200,
      msg: '删除成功',
    });
    list = (await server.call('GET', `${P}/SignImg`, { token: mine })).json().data;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.isDefault)).toHaveLength(1);
    expect(
      (
        await server.call('POST', `${P}/SignImg`, {
          token: mine,
          body: { signImg: 'data:text/html;base64,PHNjcmlwdD4=' },
        })
      ).json().code,
    ).toBe(400);
  });
});
