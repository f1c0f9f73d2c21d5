import { z } from 'zod';
import { wireSchema } from './response-schema.ts';
import type {
  RoleListItem,
  PickerTreeNode,
  RoleInfo,
  UserListItem,
  UserDetail,
  UserImportRow,
  UserOption,
  MenuInfo,
  MenuSelectorNode,
  ModuleElementInfo,
  DataSchemeInfo,
  SchemeField,
  AuthorizeNode,
  GrantedIds,
  AuthorizeData,
  AuthorizeSaveResult,
  ColumnSetting,
  OrganizeListItem,
  OrganizeInfo,
  PositionListItem,
  PositionInfo,
  GroupListItem,
  VersionedRecord,
  DictionaryTypeNode,
  DictionaryTypeInfo,
  DictionaryOption,
  DictionaryEntry,
  DictionaryAll,
  DictionaryDataRow,
  DictionaryDataInfo,
  BillRuleListItem,
  BillRuleTemplate,
  BillRuleInfo,
  AreaNode,
  AreaInfo,
  AreaRow,
  MessageTemplateRow,
  TemplateParam,
  MessageTemplateInfo,
} from '@atrium/shared';
// Response schemas of the wire types in @atrium/shared, tied to them with wireSchema so the two
// cannot drift apart. Module answers built from them live in each module's schema.ts.
export const roleListItemSchema = wireSchema<RoleListItem>()(
  z.object({
    globalMark: z.number(),
    organizeId: z.string().nullable(),
    organizeName: z.string(),
    userCount: z.number(),
    creatorTime: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

const pickerTreeNodeSchemaNode = z.object({
  id: z.string(),
  parentId: z.string(),
  fullName: z.string(),
  enCode: z.string().optional(),
  type: z.enum(['user', 'role', 'position', 'company', 'department', 'group']),
  isLeaf: z.boolean(),
  hasChildren: z.boolean(),
  icon: z.string(),
  organize: z.string(),
  organizeIds: z.array(z.string()),
  lastFullName: z.string(),
  disabled: z.boolean().optional(),
  headIcon: z.string().optional(),
  sortCode: z.number().optional(),
  get children() {
    return z.array(pickerTreeNodeSchemaNode).optional();
  },
});
export const pickerTreeNodeSchema = wireSchema<PickerTreeNode>()(pickerTreeNodeSchemaNode);

export const roleInfoSchema = wireSchema<RoleInfo>()(
  z.object({
    globalMark: z.number(),
    organizeId: z.string().nullable(),
    version: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const userListItemSchema = wireSchema<UserListItem>()(
  z.object({
    organizeId: z.string().nullable(),
    organizeName: z.string(),
    gradeId: z.string().nullable(),
    gradeName: z.string(),
    id: z.string(),
    account: z.string(),
    realName: z.string(),
    gender: z.number().nullable(),
    mobilePhone: z.string(),
    email: z.string(),
    enabledMark: z.number(),
    lockMark: z.number(),
    isAdministrator: z.number(),
    sortCode: z.number(),
    creatorTime: z.number(),
  }),
);

export const userDetailSchema = wireSchema<UserDetail>()(
  z.object({
    headIcon: z.string(),
    organizeIdList: z.array(z.string()),
    positionIdList: z.array(z.string()),
    roleIdList: z.array(z.string()),
    groupIdList: z.array(z.string()),
    managerId: z.string().nullable(),
    managerName: z.string(),
    education: z.string().nullable(),
    nation: z.string().nullable(),
    gradeId: z.string().nullable(),
    description: z.string(),
    version: z.number(),
    id: z.string(),
    account: z.string(),
    realName: z.string(),
    gender: z.number().nullable(),
    mobilePhone: z.string(),
    email: z.string(),
    enabledMark: z.number(),
    lockMark: z.number(),
    isAdministrator: z.number(),
    sortCode: z.number(),
    creatorTime: z.number(),
  }),
);

export const userImportRowSchema = wireSchema<UserImportRow>()(
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
  }),
);

export const userOptionSchema = wireSchema<UserOption>()(
  z.object({
    id: z.string(),
    fullName: z.string(),
    account: z.string(),
    realName: z.string(),
    headIcon: z.string(),
    organize: z.string(),
    type: z.literal('user'),
    isLeaf: z.literal(true),
  }),
);

const menuInfoSchemaNode = z.object({
  id: z.string(),
  systemId: z.string(),
  parentId: z.string(),
  type: z.number(),
  fullName: z.string(),
  enCode: z.string(),
  icon: z.string(),
  urlAddress: z.string(),
  linkTarget: z.enum(['_self', '_blank']),
  propertyJson: z.string(),
  description: z.string(),
  sortCode: z.number(),
  enabledMark: z.number(),
  version: z.number(),
  creatorTime: z.number(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(menuInfoSchemaNode).optional();
  },
});
export const menuInfoSchema = wireSchema<MenuInfo>()(menuInfoSchemaNode);

const menuSelectorNodeSchemaNode = z.object({
  id: z.string(),
  parentId: z.string(),
  fullName: z.string(),
  type: z.number(),
  icon: z.string(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(menuSelectorNodeSchemaNode).optional();
  },
});
export const menuSelectorNodeSchema = wireSchema<MenuSelectorNode>()(menuSelectorNodeSchemaNode);

export const moduleElementInfoSchema = wireSchema<ModuleElementInfo>()(
  z.object({
    id: z.string(),
    moduleId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    sortCode: z.number(),
    enabledMark: z.number(),
    version: z.number(),
    creatorTime: z.number(),
  }),
);

export const dataSchemeInfoSchema = wireSchema<DataSchemeInfo>()(
  z.object({
    id: z.string(),
    moduleId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    conditionJson: z.string(),
    matchLogic: z.enum(['and', 'or']),
    allData: z.number(),
    description: z.string().optional(),
    sortCode: z.number(),
    enabledMark: z.number(),
    version: z.number(),
    creatorTime: z.number(),
  }),
);

export const schemeFieldSchema = wireSchema<SchemeField>()(
  z.object({ field: z.string(), kind: z.enum(['number', 'user', 'organize', 'text']) }),
);

const authorizeNodeSchemaNode = z.object({
  id: z.string(),
  itemType: z.enum(['button', 'column', 'form', 'system', 'module', 'resource']),
  fullName: z.string(),
  enCode: z.string(),
  icon: z.string().optional(),
  type: z.number().optional(),
  enabledMark: z.number(),
  get children() {
    return z.array(authorizeNodeSchemaNode).optional();
  },
});
export const authorizeNodeSchema = wireSchema<AuthorizeNode>()(authorizeNodeSchemaNode);

export const grantedIdsSchema = wireSchema<GrantedIds>()(
  z.object({
    button: z.array(z.string()),
    column: z.array(z.string()),
    form: z.array(z.string()),
    system: z.array(z.string()),
    module: z.array(z.string()),
    resource: z.array(z.string()),
  }),
);

export const authorizeDataSchema = wireSchema<AuthorizeData>()(
  z.object({
    objectType: z.enum(['user', 'role', 'organize', 'position']),
    objectId: z.string(),
    objectName: z.string(),
    version: z.number(),
    tree: z.array(authorizeNodeSchema),
    granted: grantedIdsSchema,
  }),
);

export const authorizeSaveResultSchema = wireSchema<AuthorizeSaveResult>()(
  z.object({ version: z.number(), loggedOut: z.number(), refreshed: z.number() }),
);

export const columnSettingSchema = wireSchema<ColumnSetting>()(
  z.object({ prop: z.string(), label: z.string(), visible: z.boolean() }),
);

const organizeListItemSchemaNode = z.object({
  hasChildren: z.boolean(),
  get children() {
    return z.array(organizeListItemSchemaNode).optional();
  },
  creatorTime: z.number(),
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  enabledMark: z.number(),
  sortCode: z.number(),
  description: z.string(),
  parentId: z.string(),
  category: z.enum(['company', 'department']),
  managerId: z.string().nullable(),
  managerName: z.string(),
  organizeIdTree: z.string(),
});
export const organizeListItemSchema = wireSchema<OrganizeListItem>()(organizeListItemSchemaNode);

export const organizeInfoSchema = wireSchema<OrganizeInfo>()(
  z.object({
    version: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
    parentId: z.string(),
    category: z.enum(['company', 'department']),
    managerId: z.string().nullable(),
    managerName: z.string(),
    organizeIdTree: z.string(),
  }),
);

export const positionListItemSchema = wireSchema<PositionListItem>()(
  z.object({
    organizeId: z.string(),
    organizeName: z.string(),
    userCount: z.number(),
    gradeId: z.string().nullable(),
    gradeName: z.string(),
    creatorTime: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const positionInfoSchema = wireSchema<PositionInfo>()(
  z.object({
    organizeId: z.string(),
    gradeId: z.string().nullable(),
    version: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const groupListItemSchema = wireSchema<GroupListItem>()(
  z.object({
    memberCount: z.number(),
    creatorTime: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const versionedRecordSchema = wireSchema<VersionedRecord>()(
  z.object({
    version: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

const dictionaryTypeNodeSchemaNode = z.object({
  id: z.string(),
  parentId: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  isTree: z.number(),
  sortCode: z.number(),
  enabledMark: z.number(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(dictionaryTypeNodeSchemaNode).optional();
  },
});
export const dictionaryTypeNodeSchema = wireSchema<DictionaryTypeNode>()(dictionaryTypeNodeSchemaNode);

export const dictionaryTypeInfoSchema = wireSchema<DictionaryTypeInfo>()(
  z.object({
    id: z.string(),
    parentId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    isTree: z.number(),
    sortCode: z.number(),
    enabledMark: z.number(),
    description: z.string(),
    version: z.number(),
    hasChildren: z.boolean(),
  }),
);

const dictionaryOptionSchemaNode = z.object({
  id: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  get children() {
    return z.array(dictionaryOptionSchemaNode).optional();
  },
});
export const dictionaryOptionSchema = wireSchema<DictionaryOption>()(dictionaryOptionSchemaNode);

export const dictionaryEntrySchema = wireSchema<DictionaryEntry>()(
  z.object({
    id: z.string(),
    enCode: z.string(),
    fullName: z.string(),
    isTree: z.number(),
    dictionaryList: z.array(dictionaryOptionSchema),
  }),
);

export const dictionaryAllSchema = wireSchema<DictionaryAll>()(
  z.object({ revision: z.number(), list: z.array(dictionaryEntrySchema) }),
);

const dictionaryDataRowSchemaNode = z.object({
  id: z.string(),
  parentId: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  simpleSpelling: z.string(),
  isDefault: z.number(),
  sortCode: z.number(),
  enabledMark: z.number(),
  description: z.string(),
  creatorTime: z.number(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(dictionaryDataRowSchemaNode).optional();
  },
});
export const dictionaryDataRowSchema = wireSchema<DictionaryDataRow>()(dictionaryDataRowSchemaNode);

export const dictionaryDataInfoSchema = wireSchema<DictionaryDataInfo>()(
  z.object({
    id: z.string(),
    dictionaryTypeId: z.string(),
    parentId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    simpleSpelling: z.string(),
    isDefault: z.number(),
    sortCode: z.number(),
    enabledMark: z.number(),
    description: z.string(),
    version: z.number(),
  }),
);

export const billRuleListItemSchema = wireSchema<BillRuleListItem>()(
  z.object({
    category: z.string(),
    prefix: z.string(),
    dateFormat: z.enum(['yyyyMMdd', 'yyyyMM', 'yyyy', 'no']),
    digit: z.number(),
    startNumber: z.string(),
    example: z.string(),
    thisNumber: z.number(),
    outputNumber: z.string(),
    creatorTime: z.number(),
    lastModifyTime: z.number().nullable(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const billRuleTemplateSchema = wireSchema<BillRuleTemplate>()(
  z.object({ id: z.string(), fullName: z.string(), enCode: z.string(), startNumber: z.string(), category: z.string() }),
);

export const billRuleInfoSchema = wireSchema<BillRuleInfo>()(
  z.object({
    version: z.number(),
    category: z.string(),
    prefix: z.string(),
    dateFormat: z.enum(['yyyyMMdd', 'yyyyMM', 'yyyy', 'no']),
    digit: z.number(),
    startNumber: z.string(),
    example: z.string(),
    thisNumber: z.number(),
    outputNumber: z.string(),
    creatorTime: z.number(),
    lastModifyTime: z.number().nullable(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const areaNodeSchema = wireSchema<AreaNode>()(
  z.object({
    id: z.string(),
    parentId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    type: z.number(),
    isLeaf: z.boolean(),
    hasChildren: z.boolean(),
  }),
);

export const areaInfoSchema = wireSchema<AreaInfo>()(
  z.object({
    parentId: z.string(),
    quickQuery: z.string(),
    type: z.number(),
    parentIds: z.array(z.string()),
    parentPath: z.string(),
    version: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const areaRowSchema = wireSchema<AreaRow>()(
  z.object({
    parentId: z.string(),
    quickQuery: z.string(),
    type: z.number(),
    hasChildren: z.boolean(),
    isLeaf: z.boolean(),
    fullPath: z.string(),
    creatorTime: z.number(),
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
  }),
);

export const messageTemplateRowSchema = wireSchema<MessageTemplateRow>()(
  z.object({
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    category: z.string(),
    categoryName: z.string(),
    messageType: z.number(),
    channel: z.number(),
    title: z.string(),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
    creatorTime: z.number(),
  }),
);

export const templateParamSchema = wireSchema<TemplateParam>()(z.object({ field: z.string(), fieldName: z.string() }));

export const messageTemplateInfoSchema = wireSchema<MessageTemplateInfo>()(
  z.object({
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    category: z.string(),
    messageType: z.number(),
    channel: z.number(),
    title: z.string(),
    content: z.string(),
    templateJson: z.array(templateParamSchema),
    enabledMark: z.number(),
    sortCode: z.number(),
    description: z.string(),
    version: z.number(),
  }),
);
