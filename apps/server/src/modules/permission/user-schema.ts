import { z } from 'zod';
import { patterns } from '@atrium/shared';
import { pageQuery } from '../../core/paging.ts';
import { plainText } from '../../core/record-schema.ts';
import { recordFormFields, versionField } from './form-fields.ts';

export const idParams = z.object({ id: z.string().min(1).max(64) });
const id = z.string().min(1).max(64);
const ids = z.array(id).max(200);
const md5hex = z.string().regex(/^[0-9a-f]{32}$/);

export const userListQuery = pageQuery.extend({ organizeId: z.string().max(64).optional() });

export const userForm = z.object({
  account: plainText().min(1).max(50).refine(patterns.account.test),
  realName: plainText().min(1).max(50),
  gender: z.union([z.literal(1), z.literal(2)]).nullish(),
  mobilePhone: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || patterns.mobile.test(v))
    .optional()
    .default(''),
  email: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || patterns.email.test(v))
    .optional()
    .default(''),
  organizeIdList: ids.min(1),
  positionIdList: ids.optional().default([]),
  roleIdList: ids.optional().default([]),
  groupIdList: ids.optional().default([]),
  managerId: id.nullish(),
  /** Item ids of the education and nation dictionaries. */
  education: id.nullish(),
  nation: id.nullish(),
  /** The job grade; left out, an update keeps the stored one. */
  gradeId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  ...recordFormFields,
});
export type UserFormInput = z.infer<typeof userForm>;

export const userUpdate = userForm.extend(versionField);

export const resetPasswordForm = z.object({ userPassword: md5hex, validatePassword: md5hex });

/** A list of user ids; pickers may send `id--user` as multi-select values are joined. */
export const userIdsBody = z.object({ userId: z.array(z.string().min(1).max(80)).max(1000) });

export const keywordBody = z.object({ keyword: z.string().trim().max(100).optional().default('') });

export const conditionBody = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  departIds: ids.optional().default([]),
  positionIds: ids.optional().default([]),
  userIds: ids.optional().default([]),
  roleIds: ids.optional().default([]),
  groupIds: ids.optional().default([]),
});
export type ConditionBody = z.infer<typeof conditionBody>;

export const selectedUserListBody = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  userId: z.array(z.string().min(1).max(80)).max(1000).optional().default([]),
});

export const organizationQuery = z.object({
  organizeId: z.string().max(64).optional().default('0'),
  keyword: z.string().trim().max(100).optional().default(''),
});
