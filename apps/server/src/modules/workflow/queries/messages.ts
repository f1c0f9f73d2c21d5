import { inLanguages as m, type MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of the workflow's lists, delegation, comments and receipts. */
export const flowQueryMessages = {
  flowDelegateSelf: m(['不能委托给自己', '不能委託給自己', 'You cannot delegate to yourself']),
  flowDelegateUserUnknown: m([
    '受委托人不存在或已停用',
    '受委託人不存在或已停用',
    'The person you delegate to does not exist or is disabled',
  ]),
  flowDelegateTimeOrder: m([
    '结束时间必须晚于开始时间',
    '結束時間必須晚於開始時間',
    'The end time must be later than the start time',
  ]),
  flowDelegateFlowUnknown: m(['所选流程不存在', '所選流程不存在', 'A chosen flow does not exist']),
  flowCommentNotYours: m(['只能删除自己的评论', '只能刪除自己的評論', 'You can delete only your own comments']),
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    flowQuery: typeof flowQueryMessages;
  }
}
