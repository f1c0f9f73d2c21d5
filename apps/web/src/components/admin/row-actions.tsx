import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../access/has.tsx';
import { removeWithConfirm } from './confirm-remove.ts';

interface Props {
  /** Prefix of the links' test ids: `${testId}-edit`, `${testId}-remove`. */
  testId: string;
  onEdit: () => void;
  /** Deletes the row (after the confirmation); `onRemoved` reloads the list. */
  onRemove: () => Promise<{ msg?: string }>;
  onRemoved: () => void;
  /** Links shown before edit (e.g. 'add child'). */
  leading?: ReactNode;
  /** Links shown after remove (e.g. a 'more' menu). */
  children?: ReactNode;
}

/** Edit and remove links of a list row, each behind its button permission (btn_edit, btn_remove). */
export function RowActions({ testId, onEdit, onRemove, onRemoved, leading, children }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {leading}
      <Has code="btn_edit">
        <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit`}>
          {t('admin.edit')}
        </Button>
      </Has>
      <Has code="btn_remove">
        <Button
          type="link"
          size="small"
          danger
          onClick={() => void removeWithConfirm(onRemove, onRemoved)}
          data-testid={`${testId}-remove`}
        >
          {t('admin.remove')}
        </Button>
      </Has>
      {children}
    </Space>
  );
}
