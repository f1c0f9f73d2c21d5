import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { ColumnSetting } from '@atrium/shared';
import { Button, Checkbox, Drawer, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from './merge.ts';
import styles from './column-settings.module.css';

interface Props {
  open: boolean;
  /** The columns as currently applied. */
  value: ColumnSetting[];
  /** The list's own default (restore default). */
  defaults: ColumnSetting[];
  onConfirm: (next: ColumnSetting[]) => void;
  onClose: () => void;
}

/**
 * 列表显示设置: 320px drawer; drag a row (or use the arrows, which also work on
 * touch screens and from the keyboard) to reorder, tick to show; confirm, cancel or restore default.
 * Edits stay local until confirm; cancel drops them.
 */
export function ColumnSettingsDrawer({ open, value, defaults, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);

  const visibleCount = draft.filter((c) => c.visible).length;
  return (
    <Drawer
      open={open}
      size={320}
      title={t('authorize.columnSettings')}
      onClose={onClose}
      destroyOnHidden
      data-testid="column-settings"
      footer={
        <div className={styles.footer}>
          <Button onClick={() => setDraft(defaults)} data-testid="column-settings-restore">
            {t('authorize.restoreDefault')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => onConfirm(draft)} data-testid="column-settings-confirm">
              {t('common.ok')}
            </Button>
          </Space>
        </div>
      }
    >
      <div className={styles.hint}>{t('authorize.dragHint')}</div>
      <ul className={styles.list}>
        {draft.map((column, index) => (
          <li
            key={column.prop}
            className={`${styles.item} ${dragFrom === index ? styles.dragging : ''} ${over === index && dragFrom !== index ? styles.over : ''}`}
            draggable
            onDragStart={(e) => {
              setDragFrom(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', column.prop);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(index);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null) setDraft((list) => moveItem(list, dragFrom, index));
              setDragFrom(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setOver(null);
            }}
            data-testid={`column-setting-${column.prop}`}
          >
            <HolderOutlined className={styles.handle} aria-hidden />
            <Checkbox
              checked={column.visible}
              // At least one column stays visible: an empty table helps nobody.
              disabled={column.visible && visibleCount === 1}
              onChange={(e) =>
                setDraft((list) => list.map((c, i) => (i === index ? { ...c, visible: e.target.checked } : c)))
              }
            />
            <span className={styles.label} title={column.label}>
              {column.label}
            </span>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('authorize.moveUp')}
              onClick={() => setDraft((list) => moveItem(list, index, index - 1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === draft.length - 1}
              aria-label={t('authorize.moveDown')}
              onClick={() => setDraft((list) => moveItem(list, index, index + 1))}
            />
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
