import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

interface Props {
  /** Action buttons, each wrapped in <Has code="btn_x"> by the screen. */
  children?: ReactNode;
  /** Reloads the list (a refresh icon on the right when given). */
  onRefresh?: () => void;
  /** More controls on the right (expand/collapse all, column settings...). */
  extra?: ReactNode;
}

/** The row of action buttons above a table. */
export function Toolbar({ children, onRefresh, extra }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarLeft}>{children}</div>
      <div className={styles.toolbarRight}>
        {extra}
        {onRefresh && (
          <Tooltip title={t('admin.refresh')}>
            <Button type="text" icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('admin.refresh')} />
          </Tooltip>
        )}
      </div>
    </div>
  );
}
