import { z } from 'zod';
import { patterns, ROLE_GLOBAL_NODE, type PickerTreeNode, type RoleInfo, type RoleListItem } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
import { fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { plainText } from '../../core/record-schema.ts';
import { countedPage, pageOf, pageQuery, type PageQuery } from '../../core/paging.ts';
import {
  assertRecord,
  createdColumns,
  namedRecordFields,
  removeUnreferenced,
  toggleEnabled,
  updatedColumns,
} from '../../core/records.ts';
import { containsAny } from '../../core/sql.ts';
import { assertCodeFree, codeGuard } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';
import { recordFormFields, versionField } from './form-fields.ts';
import { organizeNames, subtreeIds, type OrganizeName } from './users.ts';

export const roleListQuery = pageQuery.extend({
  /** An organisation id (its subtree's roles), 'global' for global roles, empty for all. */
  organizeId: z.string().max(64).optional().default(''),
});

export const roleForm = z.object({
  fullName: plainText().min(1).max(50),
  enCode: plainText().min(1).max(50).refine(patterns.enCode.test),
  globalMark: z.union([z.literal(0), z.literal(1)]),
  organizeId: z.string().max(64).nullish(),
  ...recordFormFields,
});
export type RoleFormInput = z.infer<typeof roleForm>;
export const roleUpdate = roleForm.extend(versionField);

export async function listRoles(db: Db, dialect: Dialect, query: PageQuery & { organizeId: string }) {
  let base = db.selectFrom('role').leftJoin('organize', 'organize.id', 'role.organize_id');
  if (query.keyword)
    base = base.where((eb) => containsAny(eb, dialect, ['role.full_name', 'role.en_code'], query.keyword));
  if (query.organizeId === 'global' || query.organizeId === ROLE_GLOBAL_NODE)
    base = base.where('role.global_mark', '=', 1);
  else if (query.organizeId) base = base.where('role.organize_id', 'in', subtreeIds(db, query.organizeId));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select([
        'role.id',
        'role.full_name',
        'role.en_code',
        'role.global_mark',
        'role.organize_id',
        'organize.full_name as organize_name',
        'role.enabled',
        'role.sort_code',
        'role.description',
        'role.created_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('user_relation')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('user_relation.object_type', '=', 'Role')
          .whereRef('user_relation.object_id', '=', 'role.id')
          .as('user_count'),
      )
      .orderBy('role.sort_code')
      .orderBy('role.id'),
  );
  const list: RoleListItem[] = rows.map((r) => ({
    ...namedRecordFields(r),
    globalMark: r.global_mark,
    organizeId: r.organize_id,
    organizeName: r.organize_name ?? '',
    creatorTime: r.created_at,
    userCount: Number(r.user_count ?? 0),
  }));
  return pageOf(list, query, total);
}

export async function getRole(db: Db, id: string): Promise<RoleInfo> {
  const r = await db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return { ...namedRecordFields(r), globalMark: r.global_mark, organizeId: r.organize_id, version: r.version };
}

async function checkRole(trx: Tx, form: RoleFormInput, selfId?: string) {
  if (form.globalMark === 0) {
    if (!form.organizeId) throw fail('roleOrganizeRequired');
    const org = await trx.selectFrom('organize').select('id').where('id', '=', form.organizeId).executeTakeFirst();
    if (!org) throw fail('referenceMissing', { field: 'organizeId' });
  }
  await assertCodeFree(trx, 'role', form.enCode, selfId);
}

function columns(form: RoleFormInput) {
  return {
    full_name: form.fullName,
    en_code: form.enCode,
    global_mark: form.globalMark,
    organize_id: form.globalMark === 1 ? null : form.organizeId!,
    enabled: form.enabledMark,
    sort_code: form.sortCode,
    description: form.description ?? null,
  };
}

// codeGuard: two admins creating the same code at once both pass the pre-check; the constraint
// refuses the second, which then hears codeTaken instead of a server error.
export function createRole(db: Db, form: RoleFormInput, now: number, by: string): Promise<string> {
  return codeGuard(form.enCode, () =>
    inTransaction(db, async (trx) => {
      await checkRole(trx, form);
      const id = newId(now);
      await trx
        .insertInto('role')
        .values({ id, ...columns(form), ...createdColumns({ userId: by, now }) })
        .execute();
      return id;
    }),
  );
}

export function updateRole(db: Db, id: string, form: RoleFormInput & { version: number }, now: number, by: string) {
  return codeGuard(form.enCode, () =>
    inTransaction(db, async (trx) => {
      await assertRecord(trx, 'role', id);
      await checkRole(trx, form, id);
      await updateVersioned(trx, 'role', id, form.version, {
        ...columns(form),
        ...updatedColumns({ userId: by, now }),
      });
      // Names and the enabled flag feed the cached authority of the role's members.
      await bumpAuthorityRevision(trx, authorityKeys.holder('role', id));
    }),
  );
}

export function deleteRole(db: Db, id: string) {
  return inTransaction(db, async (trx) => {
    await removeUnreferenced(trx, 'role', id, async () => {
      const { n } = await trx
        .selectFrom('user_relation')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('object_type', '=', 'Role')
        .where('object_id', '=', id)
        .executeTakeFirstOrThrow();
      return [['roleInUse', Number(n)]];
    });
    await trx.deleteFrom('authorize').where('object_type', '=', 'role').where('object_id', '=', id).execute();
    await bumpAuthorityRevision(trx, authorityKeys.holder('role', id));
  });
}

/** Enables a disabled role or disables an enabled one; a disabled role grants nothing. */
export function toggleRoleState(db: Db, id: string, now: number, by: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const role = await trx.selectFrom('role').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
    if (!role) throw notFound();
    const enabled = await toggleEnabled(trx, 'role', id, role, { userId: by, now });
    await bumpAuthorityRevision(trx, authorityKeys.holder('role', id));
    return enabled;
  });
}

function roleNode(
  r: { id: string; full_name: string; en_code: string; organize_id: string | null },
  org?: OrganizeName,
): PickerTreeNode {
  return {
    id: r.id,
    parentId: org?.id ?? ROLE_GLOBAL_NODE,
    fullName: r.full_name,
    enCode: r.en_code,
    type: 'role',
    isLeaf: true,
    hasChildren: false,
    icon: 'icon-ym icon-ym-generator-role',
    organize: org?.path ?? '',
    organizeIds: org?.tree ?? [],
    lastFullName: org?.path ?? '',
  };
}

/**
 * The role picker tree: node '1' holds the global roles (the 'global' tab),
 * then one node per organisation that has roles (the 'organisation' tab). Only enabled roles.
 */
export async function roleSelector(db: Db, globalName: string, organizeScope?: string[]): Promise<PickerTreeNode[]> {
  const [orgs, roles] = await Promise.all([
    organizeNames(db),
    db
      .selectFrom('role')
      .select(['id', 'full_name', 'en_code', 'organize_id', 'global_mark'])
      .where('enabled', '=', 1)
      .orderBy('sort_code')
      .orderBy('id')
      .execute(),
  ]);
  const globals = roles.filter((r) => r.global_mark === 1);
  const nodes: PickerTreeNode[] = [
    {
      id: ROLE_GLOBAL_NODE,
      parentId: '0',
      fullName: globalName,
      type: 'role',
      isLeaf: false,
      hasChildren: globals.length > 0,
      icon: 'icon-ym icon-ym-global',
      organize: '',
      organizeIds: [],
      lastFullName: '',
      disabled: true,
      children: globals.map((r) => roleNode(r)),
    },
  ];
  for (const org of orgs.values()) {
    if (organizeScope && !org.tree.some((id) => organizeScope.includes(id))) continue;
    const own = roles.filter((r) => r.global_mark !== 1 && r.organize_id === org.id);
    if (!own.length) continue;
    nodes.push({
      id: org.id,
      parentId: org.parentId,
      fullName: org.path,
      type: org.category,
      isLeaf: false,
      hasChildren: true,
      icon: '',
      organize: org.path,
      organizeIds: org.tree,
      lastFullName: org.path,
      disabled: true,
      children: own.map((r) => roleNode(r, org)),
    });
  }
  return nodes;
}

export async function rolesOfOrganizations(db: Db, organizeIds: string[]) {
  if (!organizeIds.length) return [];
  const [orgs, rows] = await Promise.all([
    organizeNames(db),
    db
      .selectFrom('role')
      .select(['id', 'full_name', 'en_code', 'organize_id', 'global_mark'])
      .where('enabled', '=', 1)
      .where('organize_id', 'in', organizeIds)
      .orderBy('sort_code')
      .orderBy('id')
      .execute(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    organizeId: r.organize_id,
    organizeName: r.organize_id ? (orgs.get(r.organize_id)?.path ?? '') : '',
  }));
}
