import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from './picker-values.ts';
import styles from './pickers.module.css';

export interface TransferDialogProps {
  open: boolean;
  title: ReactNode;
  /** The choice being edited; the picker keeps it apart from its value until confirm. */
  picked: readonly PickedItem[];
  onRemove: (id: string) => void;
  onClear: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** The choices: a tree, tabs or a list. */
  children: ReactNode;
  width?: number;
  'data-testid'?: string;
}

/**
 * The two-pane popup selector: choices on the left, the picked items on the right with a
 * clear-list action. The picker owns the edited choice; cancelling drops it, so the field keeps
 * the choice it had before the dialog opened.
 */
export function TransferDialog({
  open,
  title,
  picked,
  onRemove,
  onClear,
  onConfirm,
  onCancel,
  children,
  width = 800,
  ...rest
}: TransferDialogProps) {
  const { t } = useTranslation();
  const testId = rest['data-testid'] ?? 'picker-dialog';
  return (
    <Modal
      open={open}
      title={title}
      width={`min(${width}px, calc(100vw - 16px))`}
      onCancel={onCancel}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={onConfirm} data-testid={`${testId}-confirm`}>
            {t('common.ok')}
          </Button>
        </Flex>
      }
    >
      <div className={styles.transfer}>
        <div className={styles.pane}>{children}</div>
        <div className={styles.pane} data-testid={`${testId}-picked`}>
          <Flex justify="space-between" align="center" className={styles.paneHeader}>
            <span>{t('pickers.picked', { count: picked.length })}</span>
            <Button
              type="link"
              size="small"
              onClick={onClear}
              disabled={!picked.length}
              data-testid={`${testId}-clear`}
            >
              {t('pickers.clear')}
            </Button>
          </Flex>
          {picked.length ? (
            <ul className={styles.pickedList}>
              {picked.map((item) => (
                <li key={item.id} className={styles.pickedItem}>
                  <span className={styles.pickedText}>
                    <span>{item.fullName}</span>
                    {item.detail && <span className={styles.detail}>{item.detail}</span>}
                  </span>
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('pickers.remove', { name: item.fullName })}
                    onClick={() => onRemove(item.id)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickers.nothingPicked')} />
          )}
        </div>
      </div>
    </Modal>
  );
}
