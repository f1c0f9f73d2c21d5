import type { FlowDelegateItem } from '@atrium/shared/workflow';
import dayjs, { type Dayjs } from 'dayjs';
import type { FlowDelegateForm } from '../../../api/workflow.ts';
import type { PickedItem } from '../../../components/pickers/picker-values.ts';

/** The delegation dialog's values. */
export interface DelegateValues {
  toUser: PickedItem[];
  /** 0 approval, 1 launch. */
  type: number;
  flowId?: string | null;
  range: [Dayjs, Dayjs];
  description?: string | null;
}

export function toValues(item: FlowDelegateItem): DelegateValues {
  return {
    toUser: [{ id: item.toUserId, fullName: item.toUserName }],
    type: item.type,
    flowId: item.flowId,
    range: [dayjs(item.startTime), dayjs(item.endTime)],
    description: item.description,
  };
}

/** The body the server takes: the whole first and last day of the period. */
export function toBody(values: DelegateValues): FlowDelegateForm {
  return {
    toUserId: values.toUser[0]!.id,
    type: values.type,
    flowId: values.flowId || null,
    startTime: values.range[0].startOf('day').valueOf(),
    endTime: values.range[1].endOf('day').valueOf(),
    description: values.description?.trim() || null,
  };
}
