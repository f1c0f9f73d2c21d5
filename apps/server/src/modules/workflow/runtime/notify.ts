/**
 * Flow messages of a command (to-do, approved, rejected, copied, urged, reminded, overdue): rendered
 * with the message templates `flowTodo`, `flowApproved`, `flowRejected` where they exist, else in the
 * runtime's own words, and stored through the message centre inside the command's unit of work, so a
 * rolled-back command sends nothing and the pushes go out after commit.
 */
import { MESSAGE_TEMPLATE_CODES } from '@atrium/shared';
import { FlowOpType, type FlowDetailConfig } from '@atrium/shared/workflow';
import { translate, type MessageKey } from '../../../core/messages.ts';
import type { Services } from '../../../core/types.ts';
import type { UnitOfWork } from '../../../core/unit-of-work.ts';
import { sendFlowMessage } from '../../message/flow-message.ts';
import { renderTemplateByCode } from '../../message/template/template-service.ts';
import type { InstanceState, Notification, NotificationKind } from '../engine/state.ts';
import { realNames } from './names.ts';

const TEMPLATE_OF: Partial<Record<NotificationKind, string>> = {
  todo: MESSAGE_TEMPLATE_CODES.flowTodo,
  approved: MESSAGE_TEMPLATE_CODES.flowApproved,
  rejected: MESSAGE_TEMPLATE_CODES.flowRejected,
};

const FALLBACK_TITLE: Record<NotificationKind, MessageKey> = {
  todo: 'flowTodoTitle',
  approved: 'flowApprovedTitle',
  rejected: 'flowRejectedTitle',
  copy: 'flowCopyTitle',
  urge: 'flowUrgeTitle',
  remind: 'flowRemindTitle',
  overdue: 'flowOverdueTitle',
  ended: 'flowApprovedTitle',
};

/** The detail page's view of each message: to-dos open the operator (opType 1). */
function payloadOf(state: InstanceState, n: Notification): FlowDetailConfig {
  const base = { id: state.instance.id, flowId: state.instance.version_id };
  if (n.operatorId && (n.kind === 'todo' || n.kind === 'urge' || n.kind === 'remind' || n.kind === 'overdue'))
    return { ...base, opType: FlowOpType.todo, taskOperatorId: n.operatorId };
  if (n.kind === 'copy') return { ...base, opType: FlowOpType.circulate };
  return { ...base, opType: FlowOpType.myLaunch };
}

const pad = (n: number) => String(n).padStart(2, '0');
const timeText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export async function sendNotifications(
  services: Pick<Services, 'db' | 'push' | 'now'>,
  unit: UnitOfWork,
  state: InstanceState,
  notifications: Notification[],
): Promise<void> {
  if (!notifications.length) return;
  const ids = [
    ...new Set(notifications.flatMap((n) => (n.senderId ? [n.senderId] : [])).concat(state.instance.initiator_id)),
  ];
  const names = await realNames(unit.trx, ids);
  for (const n of notifications) {
    // Nobody is told about his own action.
    const userIds = n.userIds.filter((id) => id !== n.senderId || n.kind === 'todo');
    if (!userIds.length) continue;
    const values = {
      launchUser: names.get(state.instance.initiator_id) ?? '',
      flowTitle: state.instance.title,
      flowName: state.template.fullName,
      nodeName: n.nodeName ?? '',
      handleUser: n.senderId ? (names.get(n.senderId) ?? '') : '',
      handleOpinion: n.opinion ?? '',
      sendTime: timeText(services.now()),
    };
    const code = TEMPLATE_OF[n.kind];
    const rendered = code ? await renderTemplateByCode(unit.trx, code, values) : null;
    // Stored messages are one row for every recipient: they carry the product's own language.
    const fallback = translate('zh-CN', FALLBACK_TITLE[n.kind], values);
    const title = n.kind === 'urge' ? fallback : (rendered?.title ?? fallback);
    const payload = payloadOf(state, n);
    await sendFlowMessage(
      services,
      { userIds, title, flowType: payload.opType, payload: { ...payload }, senderId: n.senderId },
      unit,
    );
  }
}
