import type { PickerTreeNode, UserOption } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTree } from './lazy-tree.tsx';
import { OptionList } from './option-list.tsx';
import { pickerApi } from './picker-api.ts';
import { addPicked, itemOf, pickable, type PickedItem } from './picker-values.ts';
import styles from './pickers.module.css';

export interface PickUserDialogProps {
  open: boolean;
  /** What is being picked, in the title 'select {label}' (default: approver). */
  label?: string;
  multiple?: boolean;
  onConfirm: (items: PickedItem[]) => void;
  onCancel: () => void;
}

const USERS_ONLY = ['user'] as const;
const SEARCH_SIZE = 50;

/**
 * The pick-user dialog (450px): a keyword filter over the lazy organisation tree; only people can
 * be picked, picking again changes nothing; in multiple mode an organisation adds its loaded people. Confirming with nobody picked says 'please select
 * {label}' and keeps the dialog open.
 */
export function PickUserDialog({ open, label, multiple = false, onConfirm, onCancel }: PickUserDialogProps) {
  const { t } = useTranslation();
  const title = label || t('pickers.approver');
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState('');
  const pickedIds = new Set(picked.map((p) => p.id));
  const pick = (item: PickedItem) => {
    setError('');
    setPicked((current) => addPicked(current, item, multiple));
  };
  const found = useQuery({
    queryKey: ['pickers', 'pick-user', keyword],
    queryFn: () => pickerApi.searchUsers({ keyword, currentPage: 1, pageSize: SEARCH_SIZE }),
    enabled: open && !!keyword,
  });
  return (
    <Modal
      open={open}
      title={t('pickers.selectTitle', { title })}
      width="min(450px, calc(100vw - 16px))"
      onCancel={onCancel}
      onOk={() => {
        if (!picked.length) {
          setError(t('pickers.pickTitle', { title }));
          return;
        }
        onConfirm(picked);
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="pick-user-dialog"
    >
      <Input.Search
        allowClear
        placeholder={t('pickers.searchUsers')}
        onSearch={(k) => setKeyword(k.trim())}
        data-testid="pick-user-search"
      />
      <div className={styles.scroll} style={{ height: 'min(360px, 50vh)', marginTop: 8 }}>
        {keyword ? (
          <OptionList
            items={(found.data?.list ?? []).map((u: UserOption) => ({
              id: u.id,
              fullName: u.fullName,
              detail: u.organize,
              type: 'user',
            }))}
            pickedIds={pickedIds}
            onPick={pick}
            loading={found.isFetching}
          />
        ) : (
          <LazyTree
            rootId="0"
            loadLevel={pickerApi.userLevel}
            pickable={(n) => pickable(n, USERS_ONLY)}
            pickedIds={pickedIds}
            onPick={(node: PickerTreeNode) => pick(itemOf(node))}
            onPickChildren={
              multiple
                ? (nodes) => {
                    setError('');
                    setPicked((current) => nodes.reduce((list, n) => addPicked(list, itemOf(n), true), current));
                  }
                : undefined
            }
          />
        )}
      </div>
      {picked.length > 0 && (
        <div className={styles.detail} data-testid="pick-user-picked">
          {picked.map((p) => p.fullName).join(', ')}
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} data-testid="pick-user-error" />}
    </Modal>
  );
}
