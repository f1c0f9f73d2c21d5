import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowStatusColor, flowStatusKey, handleStatusColor, handleStatusKey, urgencyDisplay } from './status.ts';

/** An instance's status as a coloured tag; nothing for a code that has no display. */
export function FlowStatusTag({ status }: { status: number | null | undefined }) {
  const { t } = useTranslation();
  const key = flowStatusKey(status);
  if (!key || status === null || status === undefined) return null;
  return (
    <Tag color={flowStatusColor(status)} data-testid="flow-status">
      {t(key)}
    </Tag>
  );
}

/** An instance's urgency as a tag (normal for anything unknown). */
export function UrgencyTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const { key, color } = urgencyDisplay(value);
  return (
    <Tag color={color} data-testid="flow-urgency">
      {t(key)}
    </Tag>
  );
}

/** What a record says was done, as a tag. */
export function HandleStatusTag({ code }: { code: number | null | undefined }) {
  const { t } = useTranslation();
  const key = handleStatusKey(code);
  if (!key || code === null || code === undefined) return null;
  return <Tag color={handleStatusColor(code)}>{t(key)}</Tag>;
}
