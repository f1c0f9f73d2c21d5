import type { ListColumn } from '@atrium/shared/forms';
import { Checkbox, Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineRow } from '../../../api/visualdev.ts';
import type { ServerPaging } from '../../../components/admin/index.ts';
import { cellText } from './model.ts';
import styles from './online-form.module.css';

interface Props {
  rows: readonly OnlineRow[];
  columns: readonly ListColumn[];
  loading: boolean;
  paging?: ServerPaging;
  /** Row selection for batch delete; left out when the list offers none. */
  selected?: readonly string[];
  onSelect?: (ids: string[]) => void;
  actions: (row: OnlineRow) => ReactNode;
}

/**
 * The list on a phone: one card per record, titled by the first list column with the next three
 * as label/value lines, and the row's actions under them.
 */
export function RecordCards({ rows, columns, loading, paging, selected, onSelect, actions }: Props) {
  const { t } = useTranslation();
  const [head, ...rest] = columns;
  const lines = rest.slice(0, 3);
  return (
    <Spin spinning={loading}>
      <div className={styles.cards} data-testid="online-cards">
        {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />}
        {rows.map((row) => (
          <article key={row.id} className={styles.card} data-testid="online-card">
            <header className={styles.cardTitle}>
              {selected && onSelect && (
                <Checkbox
                  checked={selected.includes(row.id)}
                  aria-label={head ? cellText(row[head.prop]) : row.id}
                  onChange={(e) =>
                    onSelect(e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))
                  }
                />
              )}
              <span className={styles.cardTitleText}>{head ? cellText(row[head.prop]) || '—' : ''}</span>
            </header>
            {lines.map((c) => (
              <div key={c.prop} className={styles.cardLine}>
                <span className={styles.cardLabel}>{c.label}</span>
                <span className={styles.cardValue}>{cellText(row[c.prop])}</span>
              </div>
            ))}
            <footer className={styles.cardActions}>{actions(row)}</footer>
          </article>
        ))}
      </div>
      {paging && paging.total > 0 && (
        <Pagination
          className={styles.cardPager}
          simple
          size="small"
          current={paging.currentPage}
          pageSize={paging.pageSize}
          total={paging.total}
          onChange={paging.onChange}
        />
      )}
    </Spin>
  );
}
