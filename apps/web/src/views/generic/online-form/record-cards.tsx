import type { ListColumn } from '@atrium/shared/forms';
import { Checkbox, Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineRow } from '../../../api/visualdev.ts';
import type { ServerPaging } from '../../../components/admin/index.ts';
import styles from './online-form.module.css';

/** A total of the list's summary row, as the phone shows it above the cards. */
export interface CardTotal {
  label: string;
  value: string;
}

interface Props {
  rows: readonly OnlineRow[];
  /** The column that titles each card (the phone layout's titleField, else the first column). */
  title: ListColumn | undefined;
  /** The columns shown as label/value lines under the title. */
  lines: readonly ListColumn[];
  /** A cell's text as the list shows it (thousands separators and the like). */
  text: (prop: string, value: unknown) => string;
  totals?: readonly CardTotal[];
  loading: boolean;
  paging?: ServerPaging;
  /** Row selection for batch delete; left out when the list offers none. */
  selected?: readonly string[];
  onSelect?: (ids: string[]) => void;
  actions: (row: OnlineRow) => ReactNode;
}

/**
 * The list on a phone: one card per record, titled and lined as the phone layout says, with the
 * row's actions under them; the summary row's totals, when the list has one, above the cards.
 */
export function RecordCards({ rows, title, lines, text, totals, loading, paging, selected, onSelect, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Spin spinning={loading}>
      {totals && totals.length > 0 && (
        <div className={styles.cardTotals} data-testid="online-card-totals">
          <span className={styles.cardLabel}>{t('onlineForm.summary')}</span>
          {totals.map((total) => (
            <span key={total.label} className={styles.cardTotal}>
              <span className={styles.cardLabel}>{total.label}</span> <strong>{total.value}</strong>
            </span>
          ))}
        </div>
      )}
      <div className={styles.cards} data-testid="online-cards">
        {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />}
        {rows.map((row) => {
          const heading = title ? text(title.prop, row[title.prop]) : '';
          return (
            <article key={row.id} className={styles.card} data-testid="online-card">
              <header className={styles.cardTitle}>
                {selected && onSelect && (
                  <Checkbox
                    checked={selected.includes(row.id)}
                    aria-label={heading || row.id}
                    onChange={(e) =>
                      onSelect(e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))
                    }
                  />
                )}
                <span className={styles.cardTitleText} data-testid="online-card-title">
                  {title ? heading || '—' : ''}
                </span>
              </header>
              {lines.map((c) => (
                <div key={c.prop} className={styles.cardLine} data-testid="online-card-line">
                  <span className={styles.cardLabel}>{c.label}</span>
                  <span className={styles.cardValue}>{text(c.prop, row[c.prop])}</span>
                </div>
              ))}
              <footer className={styles.cardActions}>{actions(row)}</footer>
            </article>
          );
        })}
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
