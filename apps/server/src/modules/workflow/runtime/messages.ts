import { inLanguages as m, type MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of the workflow runtime (launching and handling), registered by its routes. */
export const runtimeMessages = {
  flowNotFound: m(['流程不存在或无权查看', '流程不存在或無權檢視', 'The flow does not exist or you may not see it']),
  flowTemplateNotLaunchable: m([
    '流程未发布或已停用，无法发起',
    '流程未發佈或已停用，無法發起',
    'This flow is not published or is disabled and cannot be launched',
  ]),
  flowNotInitiator: m(['您不在该流程的发起范围内', '您不在該流程的發起範圍內', 'You may not launch this flow']),
  flowDelegateMissing: m([
    '没有 {user} 委托您发起流程的有效委托',
    '沒有 {user} 委託您發起流程的有效委託',
    'No active launch delegation from {user} to you',
  ]),
  flowNotRunning: m(['流程不在审批中', '流程不在審批中', 'The flow is not running']),
  flowSuspended: m(['流程已挂起', '流程已掛起', 'The flow is suspended']),
  flowCallbackUnknown: m([
    '回调令牌无效或已使用，或该步骤已不再等待回调',
    '回呼權杖無效或已使用，或該步驟已不再等待回呼',
    'The callback token is unknown or already used, or its step no longer waits for a callback',
  ]),
  flowCallbackSuspended: m([
    '流程已挂起，请在流程恢复后再次回调',
    '流程已掛起，請在流程恢復後再次回呼',
    'The flow is suspended: send the callback again once it is restored',
  ]),
  flowCallbackTimedOut: m([
    '{minutes} 分钟内未收到回调',
    '{minutes} 分鐘內未收到回呼',
    'No callback came within {minutes} minutes',
  ]),
  flowOperatorDone: m([
    '该审批已处理或已失效',
    '該審批已處理或已失效',
    'This task has already been handled or is no longer valid',
  ]),
  flowOperatorNotYours: m(['这不是您的待办', '這不是您的待辦', 'This task is not yours']),
  flowNoBranchMatches: m([
    '“{node}”没有满足条件的分支',
    '「{node}」沒有滿足條件的分支',
    'No branch of "{node}" matches the form',
  ]),
  flowBranchRequired: m(['请为“{node}”选择分支', '請為「{node}」選擇分支', 'Choose a branch for "{node}"']),
  flowNodeBlocked: m([
    '“{node}”没有审批人，无法继续',
    '「{node}」沒有審批人，無法繼續',
    '"{node}" has no approver, so the flow cannot go on',
  ]),
  flowOpinionRequired: m(['请填写审批意见', '請填寫審批意見', 'Enter an opinion (handleOpinion)']),
  flowSignRequired: m(['请签名', '請簽名', 'Sign first (signImg)']),
  flowRejectNotAllowed: m(['该节点不允许此操作', '該節點不允許此操作', 'This node does not allow this action']),
  flowRejectTargetInvalid: m([
    '不能退回到“{node}”',
    '不能退回到「{node}」',
    'The flow cannot be sent back to "{node}" (rejectStep)',
  ]),
  flowRecallNotAllowed: m([
    '下一节点已处理或流程规则不允许，无法撤回',
    '下一節點已處理或流程規則不允許，無法撤回',
    'The next node has already acted or the flow does not allow a recall',
  ]),
  flowWithdrawNotAllowed: m([
    '审批人已处理或流程规则不允许，无法撤回',
    '審批人已處理或流程規則不允許，無法撤回',
    'An approver has already acted or the flow does not allow withdrawing',
  ]),
  flowCopyNotAllowed: m([
    '该节点不允许添加抄送人 (copyIds)',
    '該節點不允許新增抄送人 (copyIds)',
    'This node does not allow adding copy recipients (copyIds)',
  ]),
  flowNodeNotCurrent: m([
    '“{node}”不是当前节点',
    '「{node}」不是目前節點',
    '"{node}" is not a current node (nodeCode)',
  ]),
  flowNodeUnknown: m(['节点 {node} 不存在', '節點 {node} 不存在', 'The node {node} does not exist']),
  flowFieldRequired: m(['{field}不能为空', '{field}不能為空', '{field} is required']),
  flowUserRequired: m([
    '请选择人员 (freeApproverUserId)',
    '請選擇人員 (freeApproverUserId)',
    'Choose a user (freeApproverUserId)',
  ]),
  flowNotEnded: m(['流程未结束，无法复活', '流程未結束，無法復活', 'The flow has not ended, so it cannot be revived']),
  flowAlreadyHandler: m([
    '该人员已是当前节点的审批人',
    '該人員已是目前節點的審批人',
    'This user already handles the node',
  ]),
  flowCancelFunction: m(['功能流程不能终止', '功能流程不能終止', 'A flow bound to a function cannot be terminated']),
  flowUrgeTooOften: m([
    '催办过于频繁，请 {minutes} 分钟后再试',
    '催辦過於頻繁，請 {minutes} 分鐘後再試',
    'You urged this flow recently; try again in {minutes} minutes',
  ]),
  flowDeleteNotAllowed: m([
    '只能删除自己的草稿或已结束的流程，子流程不能删除',
    '只能刪除自己的草稿或已結束的流程，子流程不能刪除',
    'Only your own drafts and ended flows can be deleted, and not child flows',
  ]),
  flowNotDraft: m([
    '只能修改草稿或被退回、已撤回的流程',
    '只能修改草稿或被退回、已撤回的流程',
    'Only drafts and rejected or withdrawn flows can be updated',
  ]),
  flowSubTemplateMissing: m([
    '子流程“{code}”未发布',
    '子流程「{code}」未發佈',
    'The sub-flow "{code}" is not published',
  ]),
  flowCandidateOutsidePool: m([
    '“{node}”的候选人不在可选范围内',
    '「{node}」的候選人不在可選範圍內',
    'A candidate of "{node}" is outside its pool (candidateList)',
  ]),
  flowTodoTitle: m([
    '【待办】{launchUser}提交的{flowTitle}',
    '【待辦】{launchUser}提交的{flowTitle}',
    '[To do] {flowTitle} from {launchUser}',
  ]),
  flowApprovedTitle: m(['【审批通过】{flowTitle}', '【審批通過】{flowTitle}', '[Approved] {flowTitle}']),
  flowRejectedTitle: m(['【驳回】{flowTitle}', '【駁回】{flowTitle}', '[Rejected] {flowTitle}']),
  flowCopyTitle: m(['【抄送】{flowTitle}', '【抄送】{flowTitle}', '[CC] {flowTitle}']),
  flowUrgeTitle: m(['【催办】{flowTitle}', '【催辦】{flowTitle}', '【催办】{flowTitle}']),
  flowRemindTitle: m([
    '【提醒】{flowTitle}待您审批',
    '【提醒】{flowTitle}待您審批',
    '[Reminder] {flowTitle} waits for you',
  ]),
  flowOverdueTitle: m(['【超时】{flowTitle}已超时', '【逾時】{flowTitle}已逾時', '[Overdue] {flowTitle} is overdue']),
  flowDefaultTitle: m(['{initiator}的{flowName}', '{initiator}的{flowName}', '{flowName} of {initiator}']),
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    workflowRuntime: typeof runtimeMessages;
  }
}
