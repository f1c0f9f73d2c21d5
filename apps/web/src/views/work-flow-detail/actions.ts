import { FlowOpType, FlowStatus, FlowTemplateType, type ButtonSetting, type FlowButton } from '@atrium/shared/workflow';
import type { FlowDetail } from '../../api/workflow.ts';

/** What the detail page's action bar may offer. */
export type FlowAction =
  | 'approve'
  | 'reject'
  | 'transfer'
  | 'addSign'
  | 'saveDraft'
  | 'urge'
  | 'withdraw'
  | 'resubmit'
  | 'recall'
  | 'assign'
  | 'terminate'
  | 'change'
  | 'suspend'
  | 'restore'
  | 'print';

/** Buttons a node shows unless its settings switch them off; the others only when switched on. */
const ON_BY_DEFAULT: ReadonlySet<FlowButton> = new Set(['approve', 'reject', 'transfer', 'saveDraft', 'print']);

export function buttonEnabled(
  buttons: Partial<Record<FlowButton, ButtonSetting>> | undefined,
  button: FlowButton,
): boolean {
  const setting = buttons?.[button];
  return setting ? setting.enabled : ON_BY_DEFAULT.has(button);
}

const NODE_BUTTONS: ReadonlySet<string> = new Set<FlowButton>([
  'approve',
  'reject',
  'transfer',
  'addSign',
  'recall',
  'saveDraft',
  'print',
  'urge',
]);

/** The label the current node gives an action's button, if it names one. */
export function buttonLabel(
  buttons: Partial<Record<FlowButton, ButtonSetting>> | undefined,
  action: FlowAction,
): string | undefined {
  return NODE_BUTTONS.has(action) ? buttons?.[action as FlowButton]?.label || undefined : undefined;
}

/**
 * The actions of the detail page by view (opType), the instance's status and the current node's
 * buttons: the to-do handles (unless the server says the caller may not), my application urges and
 * withdraws while it runs and is resubmitted once rejected or withdrawn, the done view recalls, the
 * monitor assigns, changes, suspends, restores and terminates (not a function flow). The server
 * checks each again.
 */
export function flowActions(opType: number, detail: FlowDetail): FlowAction[] {
  const status = detail.flowTaskInfo.status;
  const running = status === FlowStatus.wait;
  const buttons = detail.approversProperties?.buttons;
  const out: FlowAction[] = [];
  switch (opType) {
    case FlowOpType.todo:
      if (running && !detail.noOperateAuth) {
        for (const b of ['approve', 'reject', 'transfer', 'addSign', 'saveDraft'] as const)
          if (buttonEnabled(buttons, b)) out.push(b);
      }
      break;
    case FlowOpType.myLaunch:
      if (running) out.push('urge', 'withdraw');
      if (status === FlowStatus.reject || status === FlowStatus.revoke) out.push('resubmit');
      break;
    case FlowOpType.done:
      if (running) out.push('recall');
      break;
    case FlowOpType.monitor:
      if (running) out.push('assign', 'change', 'suspend');
      if (status === FlowStatus.suspended) out.push('restore');
      if (
        (running || status === FlowStatus.suspended) &&
        detail.flowTemplateInfo.flowType !== FlowTemplateType.function
      )
        out.push('terminate');
      break;
  }
  if (buttonEnabled(buttons, 'print')) out.push('print');
  return out;
}
