/** The connector between two steps with its "+" button, which opens the menu of nodes to add there. */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlowStore } from './context.tsx';
import { NODE_ICONS } from './node-icons.tsx';
import type { AddableType, InsertPlace } from './store.ts';
import styles from './flow-designer.module.css';

export const ADDABLE_TYPES: readonly AddableType[] = [
  'approver',
  'handle',
  'copy',
  'condition',
  'parallel',
  'subFlow',
  'timer',
  'trigger',
];

const placeKey = (place: InsertPlace) => ('after' in place ? place.after : place.branch);

export function AddNode({ place }: { place: InsertPlace }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const [open, setOpen] = useState(false);
  const key = placeKey(place);
  const menu = (
    <div className={styles.addMenu} data-testid={`flow-add-menu-${key}`}>
      {ADDABLE_TYPES.map((type) => {
        const Icon = NODE_ICONS[type];
        return (
          <button
            key={type}
            type="button"
            className={`${styles.addItem} ${styles[`type_${type}`]}`}
            onClick={() => {
              setOpen(false);
              store.getState().addNode(type, place);
            }}
            data-testid={`flow-add-item-${type}`}
          >
            <span className={styles.addItemIcon}>
              <Icon />
            </span>
            {t(`flowDesigner.types.${type}`)}
          </button>
        );
      })}
    </div>
  );
  return (
    <div className={styles.connector}>
      <Popover content={menu} trigger="click" placement="rightTop" open={open} onOpenChange={setOpen}>
        <Button
          shape="circle"
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          className={styles.addButton}
          aria-label={t('flowDesigner.addNode')}
          data-testid={`flow-add-${key}`}
        />
      </Popover>
    </div>
  );
}
