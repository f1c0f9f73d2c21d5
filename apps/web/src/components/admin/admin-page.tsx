import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Grid } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

interface Props {
  /** Optional left panel (an <OrganizeTree>, a menu tree...). */
  tree?: ReactNode;
  /** Title over the left panel. */
  treeTitle?: ReactNode;
  /** Texts of the phone toggle when the panel is not an organisation tree (systems, objects...). */
  toggleLabels?: { show: ReactNode; hide: ReactNode };
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * The frame of a management list: an optional tree on the left and the search bar, toolbar and
 * table on the right. Below the md breakpoint (phones) the tree collapses behind a toggle above the
 * table so the table keeps the full width.
 */
export function AdminPage({ tree, treeTitle, toggleLabels, children, ...rest }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // useBreakpoint answers {} before the first measure: treat that as desktop to avoid a flash.
  const mobile = screens.md === false;
  const [treeOpen, setTreeOpen] = useState(false);
  return (
    <div className={`${styles.page} ${mobile ? styles.stacked : ''}`} data-testid={rest['data-testid']}>
      {tree && mobile && (
        <Button
          icon={<ApartmentOutlined />}
          onClick={() => setTreeOpen((open) => !open)}
          aria-expanded={treeOpen}
          data-testid="admin-tree-toggle"
        >
          {treeOpen ? (toggleLabels?.hide ?? t('admin.hideTree')) : (toggleLabels?.show ?? t('admin.showTree'))}
        </Button>
      )}
      {tree && (!mobile || treeOpen) && (
        <aside className={styles.treePanel} data-testid="admin-tree-panel">
          {treeTitle && <div className={styles.treeTitle}>{treeTitle}</div>}
          {tree}
        </aside>
      )}
      <section className={styles.main}>{children}</section>
    </div>
  );
}
