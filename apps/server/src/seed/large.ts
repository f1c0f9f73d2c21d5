import type { Db } from '../db/index.ts';
import { inTransaction, type Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { hashPassword, md5 } from '../core/password.ts';
import { bumpAuthorityRevision } from '../core/authority.ts';
import { DEMO_PASSWORD } from './demo-data.ts';
import { insertUsers, newUserRow } from '../modules/permission/user-row.ts';

const MARKER = 'seed.large';
const USERS = 10_000;
const BATCH = 400;

/** Holds every demo role and three positions: the bench compares its CurrentUser to the admin's. */
export const MULTI_ROLE_ACCOUNT = 'bench.multi';

/**
 * The scale data set for benchmarks: 10 000 more staff spread over the demo departments, each
 * with the employee role, and one member of five roles and three positions. Modules that own
 * bigger tables add their rows here as they are built.
 */
export async function seedLarge(db: Db, now = Date.now()): Promise<number> {
  const hash = await hashPassword(md5(DEMO_PASSWORD));
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('sys_config')
      .values({ key: MARKER, value: String(now), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    const departments = await trx.selectFrom('organize').select('id').where('category', '=', 'department').execute();
    const positions = await trx.selectFrom('position').select(['id', 'organize_id']).execute();
    const employee = await trx
      .selectFrom('role')
      .select('id')
      .where('en_code', '=', 'employee')
      .executeTakeFirstOrThrow();
    const system = await trx.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirstOrThrow();
    for (let start = 0; start < USERS; start += BATCH) {
      const users = [];
      const relations = [];
      for (let i = start; i < Math.min(USERS, start + BATCH); i++) {
        const id = newId(now);
        const dept = departments[i % departments.length]!.id;
        const position = positions.find((p) => p.organize_id === dept) ?? positions[0]!;
        users.push(
          newUserRow({
            id,
            account: `user${String(i).padStart(5, '0')}`,
            real_name: `员工${String(i).padStart(5, '0')}`,
            gender: (i % 2) + 1,
            mobile_phone: `139${String(i).padStart(8, '0')}`,
            email: `user${i}@demo.atrium.local`,
            password_hash: hash,
            organize_id: dept,
            position_id: position.id,
            system_id: system.id,
            created_at: now,
            sort_code: 1000 + i,
          }),
        );
        const base = { created_at: now, created_by: null, sort_code: 0, user_id: id };
        relations.push({ ...base, id: newId(now), object_type: 'Organize' as const, object_id: dept });
        relations.push({ ...base, id: newId(now), object_type: 'Position' as const, object_id: position.id });
        relations.push({ ...base, id: newId(now), object_type: 'Role' as const, object_id: employee.id });
      }
      await insertUsers(trx, users);
      await trx.insertInto('user_relation').values(relations).execute();
    }
    await addMultiRoleUser(trx, { hash, now, systemId: system.id, departments, positions });
    await bumpAuthorityRevision(trx);
    return USERS + 1;
  });
}

async function addMultiRoleUser(
  trx: Tx,
  {
    hash,
    now,
    systemId,
    departments,
    positions,
  }: {
    hash: string;
    now: number;
    systemId: string;
    departments: { id: string }[];
    positions: { id: string; organize_id: string }[];
  },
) {
  const id = newId(now);
  const dept = departments[0]!.id;
  const roles = await trx.selectFrom('role').select('id').orderBy('sort_code').limit(5).execute();
  const held = positions.slice(0, 3);
  await insertUsers(trx, [
    newUserRow({
      id,
      account: MULTI_ROLE_ACCOUNT,
      real_name: '多角色员工',
      gender: 1,
      password_hash: hash,
      organize_id: dept,
      position_id: held[0]!.id,
      system_id: systemId,
      created_at: now,
      sort_code: 999,
    }),
  ]);
  const base = { created_at: now, created_by: null, user_id: id };
  await trx
    .insertInto('user_relation')
    .values([
      { ...base, id: newId(now), object_type: 'Organize' as const, object_id: dept, sort_code: 0 },
      ...held.map((p, i) => ({
        ...base,
        id: newId(now),
        object_type: 'Position' as const,
        object_id: p.id,
        sort_code: i,
      })),
      ...roles.map((r, i) => ({
        ...base,
        id: newId(now),
        object_type: 'Role' as const,
        object_id: r.id,
        sort_code: i,
      })),
    ])
    .execute();
}
