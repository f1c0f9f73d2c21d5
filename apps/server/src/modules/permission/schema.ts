import { z } from 'zod';
import {
  roleListItemSchema,
  pickerTreeNodeSchema,
  userListItemSchema,
  userDetailSchema,
  userImportRowSchema,
  userOptionSchema,
} from '../../core/response-schema-wire.ts';
import { pageOfSchema, paginationSchema, withGrantedFields } from '../../core/response-schema.ts';

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const roleAnswer = z.object({ list: z.array(roleListItemSchema), pagination: paginationSchema });

export const roleSelectorAnswer = z.object({ list: z.array(pickerTreeNodeSchema) });

export const roleGetListByOrgIdsPostAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      organizeId: z.string().nullable(),
      organizeName: z.string(),
    }),
  ),
});

export const rolePostAnswer = z.object({ id: z.string() });

export const roleActionsStatePutAnswer = z.object({ enabledMark: z.number() });

export const usersAnswer = pageOfSchema(withGrantedFields(userListItemSchema));

/** One user for the form: fields the caller may not see are left out. */
export const userDetailAnswer = withGrantedFields(userDetailSchema);

export const usersUploaderPostAnswer = z.object({ name: z.string(), url: z.string() });

export const usersImportPreviewAnswer = z.object({
  headerRow: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      children: z.array(z.object({ id: z.string(), fullName: z.string() })).optional(),
    }),
  ),
  dataRow: z.array(userImportRowSchema),
});

export const usersImportDataPostAnswer = z.object({
  resultType: z.number(),
  snum: z.number(),
  fnum: z.number(),
  failResult: z.array(
    z.object({
      account: z.string(),
      realName: z.string(),
      gender: z.string(),
      mobilePhone: z.string(),
      email: z.string(),
      organize: z.string(),
      position: z.string(),
      role: z.string(),
      description: z.string(),
      errorsInfo: z.string(),
    }),
  ),
});

export const usersAllAnswer = z.object({ list: z.array(userOptionSchema) });

export const usersImUserAnswer = z.object({
  list: z.array(
    z.object({
      department: z.string(),
      id: z.string(),
      fullName: z.string(),
      account: z.string(),
      realName: z.string(),
      headIcon: z.string(),
      organize: z.string(),
      type: z.literal('user'),
      isLeaf: z.literal(true),
    }),
  ),
  pagination: paginationSchema,
});

export const usersUserConditionPostAnswer = z.object({ list: z.array(userOptionSchema), pagination: paginationSchema });

export const usersGetSelectedListPostAnswer = z.object({
  list: z.array(z.union([pickerTreeNodeSchema, userOptionSchema])),
});

export const usersCurrentBaseInfoAnswer = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  gender: z.number().nullable(),
  mobilePhone: z.string(),
  email: z.string(),
  headIcon: z.string(),
  description: z.string(),
  organizeName: z.string(),
  departmentName: z.string(),
  positionName: z.string(),
  roleName: z.string(),
  managerName: z.string(),
  creatorTime: z.number(),
  lastLoginTime: z.number().nullable(),
  language: z.string(),
  theme: z.string(),
});

export const usersCurrentSubordinateAnswer = z.array(
  z.object({
    id: z.string(),
    fullName: z.string(),
    headIcon: z.string(),
    department: z.string(),
    position: z.string(),
    isLeaf: z.boolean(),
  }),
);

export const treeNodeSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  icon: z.string().optional(),
  get children() {
    return z.array(treeNodeSchema).optional();
  },
});

export const usersCurrentAuthorizeAnswer = z.object({
  module: z.array(
    z.object({ id: z.string(), fullName: z.string(), icon: z.string(), children: z.array(treeNodeSchema) }),
  ),
  button: z.array(treeNodeSchema),
  column: z.array(treeNodeSchema),
  form: z.array(treeNodeSchema),
  resource: z.array(treeNodeSchema),
});

export const usersCurrentSystemLogAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      creatorTime: z.number(),
      ipAddress: z.string(),
      ipAddressName: z.string(),
      platForm: z.string(),
      abstracts: z.string(),
      requestURL: z.string(),
      requestMethod: z.string(),
      requestDuration: z.number(),
    }),
  ),
  pagination: paginationSchema,
});

export const usersCurrentGetUserOrganizesAnswer = z.array(
  z.object({ id: z.string(), fullName: z.string(), isDefault: z.boolean() }),
);

export const usersCurrentGetUserPositionsAnswer = z.array(
  z.object({ id: z.string(), fullName: z.string(), organizeName: z.string(), isDefault: z.boolean() }),
);

export const usersCurrentSignImgAnswer = z.array(
  z.object({ id: z.string(), signImg: z.string(), isDefault: z.boolean(), creatorTime: z.number() }),
);
