import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './list-designer.module.css';

interface Props {
  index: number;
  count: number;
  onMove: (to: number) => void;
  /** Left out where an item cannot be removed from this list. */
  onRemove?: () => void;
  /** Names the item for screen readers ("Move up: Amount"). */
  name: string;
}

/**
 * Move to the top, up and down, and remove: ordering by buttons works with a keyboard and on a
 * touch screen, where a drag handle in a narrow panel is fiddly.
 */
export function OrderButtons({ index, count, onMove, onRemove, name }: Props) {
  const { t } = useTranslation();
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <span className={styles.orderButtons} onClick={stop}>
      <Tooltip title={t('listDesigner.moveTop')}>
        <Button
          type="text"
          size="small"
          icon={<VerticalAlignTopOutlined />}
          disabled={index === 0}
          onClick={() => onMove(0)}
          aria-label={`${t('listDesigner.moveTop')}: ${name}`}
        />
      </Tooltip>
      <Tooltip title={t('listDesigner.moveUp')}>
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`${t('listDesigner.moveUp')}: ${name}`}
          data-testid="order-up"
        />
      </Tooltip>
      <Tooltip title={t('listDesigner.moveDown')}>
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`${t('listDesigner.moveDown')}: ${name}`}
          data-testid="order-down"
        />
      </Tooltip>
      {onRemove && (
        <Tooltip title={t('listDesigner.remove')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<CloseOutlined />}
            onClick={onRemove}
            aria-label={`${t('listDesigner.remove')}: ${name}`}
            data-testid="order-remove"
          />
        </Tooltip>
      )}
    </span>
  );
}
