import { CheckOutlined } from '@ant-design/icons';
import { Empty, Pagination, Spin } from 'antd';
import type { PickedItem } from './picker-values.ts';
import styles from './pickers.module.css';

export interface OptionListProps {
  items: readonly PickedItem[];
  pickedIds: ReadonlySet<string>;
  onPick: (item: PickedItem) => void;
  loading?: boolean;
  /** With paging: the page shown, the page size and the total. */
  page?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
  'data-testid'?: string;
}

/** A flat list of choices (search results, subordinates, allowed ids), optionally paged. */
export function OptionList({ items, pickedIds, onPick, loading, page, ...rest }: OptionListProps) {
  return (
    <Spin spinning={!!loading}>
      <div data-testid={rest['data-testid'] ?? 'picker-options'}>
        {items.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {items.map((item) => {
          const picked = pickedIds.has(item.id);
          return (
            <div
              key={item.id}
              role="option"
              aria-selected={picked}
              tabIndex={0}
              className={`${styles.option} ${picked ? styles.optionPicked : ''}`}
              onClick={() => onPick(item)}
              onKeyDown={(e) => e.key === 'Enter' && onPick(item)}
            >
              <span className={styles.pickedText}>
                <span>{item.fullName}</span>
                {item.detail && <span className={styles.detail}>{item.detail}</span>}
              </span>
              {picked && <CheckOutlined />}
            </div>
          );
        })}
        {page && page.total > page.pageSize && (
          <Pagination
            size="small"
            simple
            style={{ marginTop: 8, textAlign: 'center' }}
            current={page.current}
            pageSize={page.pageSize}
            total={page.total}
            onChange={page.onChange}
          />
        )}
      </div>
    </Spin>
  );
}
