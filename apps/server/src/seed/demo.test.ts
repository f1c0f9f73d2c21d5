import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../testing/index.ts';
import { migrate, type DatabaseHandle } from '../db/index.ts';
import { seedDemo } from './demo.ts';

describe.each(dbTargets())('demo seed on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
    await migrate(database.db);
  });
  afterAll(() => database.close());

  const count = async (table: 'users' | 'organize' | 'menu' | 'authorize' | 'user_relation') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds the demo organisation once, even when two starts race, and a later start adds nothing', async () => {
    const [a, b] = await Promise.all([seedDemo(database.db), seedDemo(database.db)]);
    expect([a, b].sort()).toEqual([false, true]);
    const before = {
      users: await count('users'),
      organize: await count('organize'),
      menu: await count('menu'),
      relations: await count('user_relation'),
    };
    expect(before.users).toBeGreaterThanOrEqual(40);
    expect(await seedDemo(database.db)).toBe(false);
    await migrate(database.db);
    expect({
      users: await count('users'),
      organize: await count('organize'),
      menu: await count('menu'),
      relations: await count('user_relation'),
    }).toEqual(before);
  });

  it('has the named demo accounts with their places in the organisation', async () => {
    const users = await database.db
      .selectFrom('users')
      .leftJoin('users as boss', 'boss.id', 'users.manager_id')
      .leftJoin('organize', 'organize.id', 'users.organize_id')
      .select([
        'users.account',
        'users.is_administrator',
        'boss.account as manager',
        'organize.full_name as department',
      ])
      .where('users.account', 'in', ['admin', 'manager', 'staff', 'finance', 'hr'])
      .orderBy('users.account')
      .execute();
    expect(users).toEqual([
      { account: 'admin', is_administrator: 1, manager: null, department: '总经理办公室' },
      { account: 'finance', is_administrator: 0, manager: 'ceo', department: '财务部' },
      { account: 'hr', is_administrator: 0, manager: 'ceo', department: '人力资源部' },
      { account: 'manager', is_administrator: 0, manager: 'ceo', department: '研发中心' },
      { account: 'staff', is_administrator: 0, manager: 'manager', department: '研发中心' },
    ]);
    const head = await database.db
      .selectFrom('organize')
      .innerJoin('users', 'users.id', 'organize.manager_id')
      .select('users.account')
      .where('organize.en_code', '=', 'demo.rd')
      .executeTakeFirstOrThrow();
    expect(head.account).toBe('manager');
  });
});
