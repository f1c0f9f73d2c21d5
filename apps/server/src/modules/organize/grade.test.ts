import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const en = { 'accept-language': 'en-US' };
const GRADE = '/api/permission/Grade';

describe.each(dbTargets())('job grades on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let gradeId: string;

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff] = await server.logins(['admin', 'staff']);
  });
  afterAll(() => server.close());

  it('S2-6-13 lists the seeded grades with how many positions and users carry each', async () => {
    const res = (await server.call('GET', `${GRADE}?pageSize=50`, { token: admin })).json();
    expect(res.code).toBe(200);
    expect(res.data.pagination.total).toBe(7);
    const codes = res.data.list.map((g: { enCode: string }) => g.enCode);
    expect(codes).toEqual(['P1', 'P2', 'P3', 'P4', 'M1', 'M2', 'M3']);
    const m3 = res.data.list.find((g: { enCode: string }) => g.enCode === 'M3');
    // The managing director and the head of R&D are M3; the manager account heads R&D.
    expect(m3).toMatchObject({ fullName: '总监', gradeLevel: 7, positionCount: 2, enabledMark: 1 });
    expect(m3.userCount).toBeGreaterThanOrEqual(1);
    const keyword = (await server.call('GET', `${GRADE}?keyword=m2`, { token: admin })).json();
    expect(keyword.data.list.map((g: { enCode: string }) => g.enCode)).toEqual(['M2']);
  });

  it('S2-6-13 creates, reads, updates and deletes a grade', async () => {
    const created = (
      await server.call('POST', GRADE, {
        token: admin,
        body: { fullName: '首席专家', enCode: 'P5', gradeLevel: 8, sortCode: 4, description: '技术序列最高级' },
      })
    ).json();
    expect(created.code).toBe(200);
    gradeId = created.data.id;
    const info = (await server.call('GET', `${GRADE}/${gradeId}`, { token: admin })).json();
    expect(info.data).toEqual({
      id: gradeId,
      fullName: '首席专家',
      enCode: 'P5',
      gradeLevel: 8,
      enabledMark: 1,
      sortCode: 4,
      description: '技术序列最高级',
      version: 0,
    });
    const saved = await server.call('PUT', `${GRADE}/${gradeId}`, {
      token: admin,
      body: { fullName: '首席科学家', enCode: 'P5', gradeLevel: 9, version: 0 },
    });
    expect(saved.json().code).toBe(200);
    expect(await server.rowOf('job_grade', gradeId)).toMatchObject({
      full_name: '首席科学家',
      grade_level: 9,
      version: 1,
    });
    const stale = await server.call('PUT', `${GRADE}/${gradeId}`, {
      token: admin,
      body: { fullName: '旧名', enCode: 'P5', gradeLevel: 9, version: 0 },
    });
    expect(stale.json().code).toBe(409);
    expect((await server.rowOf('job_grade', gradeId)).full_name).toBe('首席科学家');
  });

  it('S2-6-13 refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '', enCode: 'X1', gradeLevel: 1 }, 'fullName'],
      [{ fullName: '甲', enCode: 'bad code', gradeLevel: 1 }, 'enCode'],
      [{ fullName: '甲', enCode: 'X1', gradeLevel: 0 }, 'gradeLevel'],
      [{ fullName: '甲', enCode: 'X1', gradeLevel: 1.5 }, 'gradeLevel'],
      [{ fullName: '甲', enCode: 'X1' }, 'gradeLevel'],
    ];
    for (const [body, field] of cases) {
      const res = await server.call('POST', GRADE, { token: admin, body, headers: en });
      expect(res.json().code, field).toBe(400);
      expect(res.json().msg, field).toContain(field);
    }
    const taken = await server.call('POST', GRADE, {
      token: admin,
      body: { fullName: '重复', enCode: 'P1', gradeLevel: 1 },
      headers: en,
    });
    expect(taken.json()).toMatchObject({ code: 400 });
    expect(taken.json().msg).toContain('P1');
  });

  it('S2-6-13 lets exactly one of two concurrent creates with one code succeed', async () => {
    const body = (name: string) => ({ fullName: name, enCode: 'RACE-1', gradeLevel: 3 });
    const [a, b] = await Promise.all([
      server.call('POST', GRADE, { token: admin, body: body('甲'), headers: en }),
      server.call('POST', GRADE, { token: admin, body: body('乙'), headers: en }),
    ]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toEqual([200, 400]);
    const loser = a.json().code === 400 ? a.json() : b.json();
    expect(loser.msg).toContain('RACE-1');
    const list = (await server.call('GET', `${GRADE}?keyword=RACE-1`, { token: admin })).json();
    expect(list.data.pagination.total).toBe(1);
  });

  it('S2-6-13 refuses users without the grade menu, but offers every user the picker', async () => {
    for (const [method, url] of [
      ['GET', GRADE],
      ['GET', `${GRADE}/${gradeId}`],
      ['POST', GRADE],
      ['PUT', `${GRADE}/${gradeId}`],
      ['DELETE', `${GRADE}/${gradeId}`],
    ] as const) {
      const res = await server.call(method, url, {
        token: staff,
        body:
          method === 'GET' || method === 'DELETE'
            ? undefined
            : { fullName: 'x', enCode: 'x', gradeLevel: 1, version: 0 },
      });
      expect(res.json().code, `${method} ${url}`).toBe(403);
    }
    expect(await server.exists('job_grade', gradeId)).toBe(true);
    const picker = (await server.call('GET', `${GRADE}/Selector`, { token: staff })).json();
    expect(picker.data.list.map((g: { enCode: string }) => g.enCode)).toContain('P5');
  });

  it('S2-6-13 assigns a grade to a position and a user, shown in their lists and details', async () => {
    const engineer = await server.idOfCode('position', 'engineer.web');
    const position = (await server.call('GET', `/api/permission/Position/${engineer}`, { token: admin })).json().data;
    expect(position.gradeId).toBe(await server.idOfCode('job_grade', 'P3'));
    const save = await server.call('PUT', `/api/permission/Position/${engineer}`, {
      token: admin,
      body: { ...position, gradeId },
    });
    expect(save.json().code).toBe(200);
    const positions = (
      await server.call('GET', '/api/permission/Position?keyword=engineer.web', { token: admin })
    ).json();
    expect(positions.data.list[0]).toMatchObject({ gradeId, gradeName: '首席科学家' });

    const staffId = await server.userIdOf('staff');
    const detail = (await server.call('GET', `/api/permission/Users/${staffId}`, { token: admin })).json().data;
    const saved = await server.call('PUT', `/api/permission/Users/${staffId}`, {
      token: admin,
      body: { ...detail, gradeId },
    });
    expect(saved.json().code).toBe(200);
    const after = (await server.call('GET', `/api/permission/Users/${staffId}`, { token: admin })).json().data;
    expect(after.gradeId).toBe(gradeId);
    const users = (await server.call('GET', '/api/permission/Users?keyword=staff', { token: admin })).json();
    expect(users.data.list.find((u: { id: string }) => u.id === staffId)).toMatchObject({
      gradeId,
      gradeName: '首席科学家',
    });
    // A save that leaves the grade out keeps it.
    const { gradeId: _left, ...withoutGrade } = after;
    await server.call('PUT', `/api/permission/Users/${staffId}`, { token: admin, body: withoutGrade });
    expect((await server.rowOf('users', staffId)).grade_id).toBe(gradeId);

    const missing = await server.call('PUT', `/api/permission/Position/${engineer}`, {
      token: admin,
      body: { ...position, version: position.version + 1, gradeId: 'no-such-grade' },
      headers: en,
    });
    expect(missing.json().code).toBe(400);
    expect(missing.json().msg).toContain('gradeId');
  });

  it('S2-6-13 will not delete a grade that positions or users still carry', async () => {
    const refused = await server.call('DELETE', `${GRADE}/${gradeId}`, { token: admin, headers: en });
    expect(refused.json().code).toBe(400);
    expect(refused.json().msg).toContain('position');
    expect(await server.exists('job_grade', gradeId)).toBe(true);
    const unused = (
      await server.call('POST', GRADE, { token: admin, body: { fullName: '临时', enCode: 'TMP', gradeLevel: 1 } })
    ).json().data.id;
    const removed = await server.call('DELETE', `${GRADE}/${unused}`, { token: admin });
    expect(removed.json().code).toBe(200);
    expect(await server.exists('job_grade', unused)).toBe(false);
  });

  it('S2-6-13 disables a grade: the picker no longer offers it and new assignments are refused', async () => {
    const p1 = await server.idOfCode('job_grade', 'P1');
    const toggled = (await server.call('PUT', `${GRADE}/${p1}/Actions/State`, { token: admin })).json();
    expect(toggled.data).toEqual({ enabledMark: 0 });
    const picker = (await server.call('GET', `${GRADE}/Selector`, { token: admin })).json();
    expect(picker.data.list.map((g: { id: string }) => g.id)).not.toContain(p1);
    const created = await server.call('POST', '/api/permission/Position', {
      token: admin,
      body: {
        organizeId: await server.idOfCode('organize', 'demo.rd'),
        fullName: '实习生',
        enCode: 'intern',
        gradeId: p1,
      },
      headers: en,
    });
    expect(created.json().code).toBe(400);
    expect(created.json().msg).toContain('gradeId');
  });
});
