import { CheckOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import type { PickedItem } from './picker-values.ts';
import styles from './pickers.module.css';

export interface OptionListProps {
  items: readonly PickedItem[];
  pickedIds: ReadonlySet<string>;
  onPick: (item: PickedItem) => void;
  loading?: boolean;
  /** More pages wait (they load as the list is scrolled near its bottom). */
  hasMore?: boolean;
  'data-testid'?: string;
}

/** A flat list of choices (search results, subordinates, allowed ids), optionally loaded page by page. */
export function OptionList({ items, pickedIds, onPick, loading, hasMore, ...rest }: OptionListProps) {
  return (
    <Spin spinning={!!loading && !items.length}>
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
        {hasMore && (
          <div className={styles.more} data-testid="picker-options-more">
            <Spin size="small" spinning={!!loading} />
          </div>
        )}
      </div>
    </Spin>
  );
}
