import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import type { ReactNode } from 'react';

/** What code outside React (request wrapper, guard, socket) may show: toasts, confirms, notices. */
type Toast = (content: MessageArgsProps | ReactNode) => unknown;
export interface Feedback {
  message: { error: Toast; success: Toast; info: Toast; warning: Toast };
  modal: { confirm: (config: ModalFuncProps) => unknown; success: (config: ModalFuncProps) => unknown };
  notification: { info: (config: NotificationArgsProps) => unknown; open: (config: NotificationArgsProps) => unknown };
}
