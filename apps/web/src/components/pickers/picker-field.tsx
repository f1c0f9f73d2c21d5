import { CloseCircleFilled, TeamOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from './picker-values.ts';
import styles from './pickers.module.css';

export interface PickerFieldProps {
  items: readonly PickedItem[];
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  clearable?: boolean;
  /** A button showing how many are picked, instead of the tags. */
  asButton?: boolean;
  onOpen: () => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  id?: string;
  'data-testid'?: string;
}

/**
 * What a picker shows in the form: its picked items as tags (or a count button), opening the
 * dialog on click. Read-only views show the names as text; a disabled picker does not open.
 */
export function PickerField(props: PickerFieldProps) {
  const { t } = useTranslation();
  const { items, disabled, readOnly, clearable = true, asButton, onOpen, onRemove, onClear, id } = props;
  const testId = props['data-testid'] ?? 'picker-field';
  if (readOnly) return <span data-testid={testId}>{items.map((i) => i.fullName).join(', ')}</span>;
  if (asButton)
    return (
      <Button id={id} icon={<TeamOutlined />} disabled={disabled} onClick={onOpen} data-testid={testId}>
        {t('pickers.count', { count: items.length })}
      </Button>
    );
  return (
    <div
      id={id}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      className={`${styles.field} ${disabled ? styles.fieldDisabled : ''}`}
      onClick={() => !disabled && onOpen()}
      onKeyDown={(e) => {
        if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onOpen();
        }
      }}
      data-testid={testId}
    >
      {items.length ? (
        items.map((item) => (
          <Tag
            key={item.id}
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              e.stopPropagation();
              onRemove(item.id);
            }}
            style={{ marginInlineEnd: 0 }}
          >
            {item.fullName}
          </Tag>
        ))
      ) : (
        <span className={styles.placeholder}>{props.placeholder || t('pickers.placeholder')}</span>
      )}
      {clearable && !disabled && items.length > 0 && (
        <CloseCircleFilled
          className={styles.clear}
          aria-label={t('pickers.clear')}
          onClick={(e) => {
            e.stopPropagation();
            onClear();
          }}
        />
      )}
    </div>
  );
}
