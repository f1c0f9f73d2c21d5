import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of the organize area, registered with core/messages.ts by its routes plugin. */
export const organizeMessages = {
  organizeHasChildren: {
    'zh-CN': '该组织下还有 {count} 个下级组织，不能删除',
    'zh-TW': '該組織下還有 {count} 個下級組織，不能刪除',
    'en-US': 'This organisation still has {count} sub-organisation(s) and cannot be deleted',
  },
  organizeHasUsers: {
    'zh-CN': '该组织下还有 {count} 个用户，不能删除',
    'zh-TW': '該組織下還有 {count} 個使用者，不能刪除',
    'en-US': 'This organisation still has {count} user(s) and cannot be deleted',
  },
  organizeHasPositions: {
    'zh-CN': '该组织下还有 {count} 个岗位，不能删除',
    'zh-TW': '該組織下還有 {count} 個崗位，不能刪除',
    'en-US': 'This organisation still has {count} position(s) and cannot be deleted',
  },
  organizeHasRoles: {
    'zh-CN': '该组织下还有 {count} 个角色，不能删除',
    'zh-TW': '該組織下還有 {count} 個角色，不能刪除',
    'en-US': 'This organisation still has {count} role(s) and cannot be deleted',
  },
  organizeMoveIntoSelf: {
    'zh-CN': '上级组织不能是自己或自己的下级组织',
    'zh-TW': '上級組織不能是自己或自己的下級組織',
    'en-US': 'The parent cannot be the organisation itself or one of its sub-organisations',
  },
  organizeParentMissing: {
    'zh-CN': '上级组织不存在',
    'zh-TW': '上級組織不存在',
    'en-US': 'The parent organisation does not exist',
  },
  organizeCompanyUnderDepartment: {
    'zh-CN': '公司不能设在部门之下',
    'zh-TW': '公司不能設在部門之下',
    'en-US': 'A company cannot be placed under a department',
  },
  organizeDepartmentAtTop: {
    'zh-CN': '部门必须属于一个公司或部门',
    'zh-TW': '部門必須屬於一個公司或部門',
    'en-US': 'A department must belong to a company or department',
  },
  organizeNotDepartment: {
    'zh-CN': '该组织不是部门',
    'zh-TW': '該組織不是部門',
    'en-US': 'This organisation is not a department',
  },
  organizeCategoryLocked: {
    'zh-CN': '该组织下有公司，不能改为部门',
    'zh-TW': '該組織下有公司，不能改為部門',
    'en-US': 'This organisation contains companies and cannot become a department',
  },
  managerMissing: {
    'zh-CN': '主管用户不存在',
    'zh-TW': '主管使用者不存在',
    'en-US': 'The manager user does not exist',
  },
  positionOrganizeMissing: {
    'zh-CN': '所属组织不存在',
    'zh-TW': '所屬組織不存在',
    'en-US': 'The organisation does not exist',
  },
  positionHasUsers: {
    'zh-CN': '该岗位下还有 {count} 个用户，不能删除',
    'zh-TW': '該崗位下還有 {count} 個使用者，不能刪除',
    'en-US': 'This position still has {count} user(s) and cannot be deleted',
  },
  groupHasMembers: {
    'zh-CN': '该分组下还有 {count} 个成员，不能删除',
    'zh-TW': '該分組下還有 {count} 個成員，不能刪除',
    'en-US': 'This group still has {count} member(s) and cannot be deleted',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    organize: typeof organizeMessages;
  }
}
