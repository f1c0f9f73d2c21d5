import { formatDate, type MenuItem } from '@atrium/shared';
import { FlowOpType } from '@atrium/shared/workflow';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowDetailLink } from '../../../components/flow-status/index.ts';
import { useSessionStore } from '../../../stores/session.ts';

/**
 * What the three purchase pages share besides the workflow's tags: the receipt tag, the link to a
 * purchase's flow detail, whether the caller keeps the warehouse, and the time format.
 */

/** The menu of the warehouse: its holders receive purchases and register outbounds (the server checks too). */
export const PURCHASE_HANDLE_MENU = 'workFlow.purchaseHandle';

/** The instance statuses a purchase list filters by (1 wait ... 5 cancel). */
export const LISTED_STATUSES = [1, 2, 3, 4, 5] as const;

export function ReceiptTag({ received }: { received: boolean }) {
  const { t } = useTranslation();
  return received ? <Tag color="success">{t('purchase.received')}</Tag> : <Tag>{t('purchase.notReceived')}</Tag>;
}

/** The flow detail page of a purchase, opened as its applicant sees it. */
export function purchaseDetailPath(purchase: { id: string; flowId: string }): string {
  return flowDetailLink({ id: purchase.id, flowId: purchase.flowId, opType: FlowOpType.myLaunch });
}

function holds(menus: readonly MenuItem[], code: string): boolean {
  return menus.some((m) => m.enCode === code || holds(m.children ?? [], code));
}

/** Whether the signed-in user keeps the warehouse (holds its menu). */
export function useKeepsWarehouse(): boolean {
  return useSessionStore((s) => holds(s.menuList, PURCHASE_HANDLE_MENU));
}

/** Times in the purchase tables, to the minute. */
export const formatTime = (time: number | null) => (time ? formatDate(time, 'yyyy-MM-dd HH:mm') : '');
