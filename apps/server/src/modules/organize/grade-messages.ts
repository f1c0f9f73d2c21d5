import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of job grades, registered by the grade routes. */
export const gradeMessages = {
  gradeMissing: { 'zh-CN': '所选职级不存在', 'zh-TW': '所選職級不存在', 'en-US': 'The chosen grade does not exist' },
  gradeDisabled: { 'zh-CN': '所选职级已停用', 'zh-TW': '所選職級已停用', 'en-US': 'The chosen grade is disabled' },
  gradeHasPositions: {
    'zh-CN': '还有 {count} 个岗位使用该职级，不能删除',
    'zh-TW': '還有 {count} 個崗位使用該職級，不能刪除',
    'en-US': '{count} position(s) still carry this grade; it cannot be deleted',
  },
  gradeHasUsers: {
    'zh-CN': '还有 {count} 个用户使用该职级，不能删除',
    'zh-TW': '還有 {count} 個使用者使用該職級，不能刪除',
    'en-US': '{count} user(s) still carry this grade; it cannot be deleted',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    grade: typeof gradeMessages;
  }
}
