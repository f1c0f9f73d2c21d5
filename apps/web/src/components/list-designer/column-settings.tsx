import type { ColumnData, ListColumn, ListSearch, SearchType } from '@atrium/shared/forms';
import { Empty, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { allowsMultiple, moveItem, searchTypesOf, updateAt, type FieldChoice } from './fields.ts';
import { OrderButtons } from './order-buttons.tsx';
import styles from './list-designer.module.css';

interface Props {
  value: ColumnData;
  onChange: (value: ColumnData) => void;
  choices: ReadonlyMap<string, FieldChoice>;
}

interface ColumnProps extends Props {
  active?: string;
  onActivate: (prop: string | undefined) => void;
}

/**
 * The columns in their order. Each row names the column and moves or removes it; the open one (the
 * header clicked in the preview, or the row clicked here) shows its label, width, frozen side,
 * alignment and sorting.
 */
export function ColumnList({ value, onChange, choices, active, onActivate }: ColumnProps) {
  const { t } = useTranslation();
  const list = value.columnList;
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.noColumns')} />;
  const set = (index: number, patch: Partial<ListColumn>) =>
    onChange({ ...value, columnList: updateAt(list, index, patch) });
  const remove = (prop: string) =>
    onChange({
      ...value,
      columnList: list.filter((c) => c.prop !== prop),
      summaryField: value.summaryField?.filter((p) => p !== prop),
      thousandsField: value.thousandsField?.filter((p) => p !== prop),
      ...(value.groupField === prop ? { groupField: '' } : {}),
    });
  return (
    <div className={styles.itemList} data-testid="list-designer-columns">
      {list.map((column, index) => {
        const open = active === column.prop;
        const subTable = !!choices.get(column.prop)?.table;
        return (
          <div
            key={column.prop}
            className={`${styles.item} ${open ? styles.itemOpen : ''}`}
            data-testid={`column-item-${column.prop}`}
          >
            <div
              className={styles.itemHead}
              role="button"
              tabIndex={0}
              aria-expanded={open}
              onClick={() => onActivate(open ? undefined : column.prop)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onActivate(open ? undefined : column.prop);
                }
              }}
            >
              <span className={styles.itemIndex}>{index + 1}</span>
              <span className={styles.itemTitle} title={column.prop}>
                {column.label || column.prop}
              </span>
              <OrderButtons
                index={index}
                count={list.length}
                name={column.label || column.prop}
                onMove={(to) => onChange({ ...value, columnList: moveItem(list, index, to) })}
                onRemove={() => remove(column.prop)}
              />
            </div>
            {open && (
              <div className={styles.itemBody}>
                <label className={styles.formRow}>
                  <span>{t('listDesigner.column.label')}</span>
                  <Input
                    size="small"
                    value={column.label}
                    onChange={(e) => set(index, { label: e.target.value })}
                    data-testid="column-label"
                  />
                </label>
                <label className={styles.formRow}>
                  <span>{t('listDesigner.column.width')}</span>
                  <InputNumber
                    size="small"
                    min={40}
                    max={1200}
                    step={10}
                    precision={0}
                    placeholder={t('listDesigner.column.widthAuto')}
                    value={column.width ?? null}
                    onChange={(w) => set(index, { width: typeof w === 'number' ? w : null })}
                    suffix="px"
                    style={{ width: '100%' }}
                    data-testid="column-width"
                  />
                </label>
                <div className={styles.formRow}>
                  <span>{t('listDesigner.column.fixed')}</span>
                  <Segmented
                    size="small"
                    block
                    value={column.fixed === 'left' || column.fixed === 'right' ? column.fixed : 'none'}
                    onChange={(fixed) => set(index, { fixed: fixed as ListColumn['fixed'] })}
                    options={[
                      { value: 'none', label: t('listDesigner.column.fixedNone') },
                      { value: 'left', label: t('listDesigner.column.fixedLeft') },
                      { value: 'right', label: t('listDesigner.column.fixedRight') },
                    ]}
                    data-testid="column-fixed"
                  />
                </div>
                <div className={styles.formRow}>
                  <span>{t('listDesigner.column.align')}</span>
                  <Segmented
                    size="small"
                    block
                    value={column.align ?? 'left'}
                    onChange={(align) => set(index, { align: align as ListColumn['align'] })}
                    options={[
                      { value: 'left', label: t('listDesigner.column.alignLeft') },
                      { value: 'center', label: t('listDesigner.column.alignCenter') },
                      { value: 'right', label: t('listDesigner.column.alignRight') },
                    ]}
                    data-testid="column-align"
                  />
                </div>
                <div className={styles.formRow}>
                  <span>{t('listDesigner.column.sortable')}</span>
                  <Switch
                    size="small"
                    checked={column.sortable === true && !subTable}
                    disabled={subTable}
                    title={subTable ? t('listDesigner.column.sortableSubTable') : undefined}
                    onChange={(sortable) => set(index, { sortable })}
                    data-testid="column-sortable"
                  />
                </div>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The search fields in their order, each with its search type (those its kind allows: fuzzy only
 * for text, range only for numbers and dates) and, for option fields, whether several may be picked.
 */
export function SearchList({ value, onChange, choices }: Props) {
  const { t } = useTranslation();
  const list = value.searchList ?? [];
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.noSearch')} />;
  const set = (index: number, patch: Partial<ListSearch>) =>
    onChange({ ...value, searchList: updateAt(list, index, patch) });
  return (
    <div className={styles.itemList} data-testid="list-designer-searches">
      {list.map((search, index) => {
        const choice = choices.get(search.prop);
        const types = choice ? searchTypesOf(choice) : [1 as SearchType];
        const multiple = choice ? allowsMultiple(choice) : false;
        return (
          <div
            key={search.prop}
            className={`${styles.item} ${styles.itemOpen}`}
            data-testid={`search-item-${search.prop}`}
          >
            <div className={styles.itemHead}>
              <span className={styles.itemIndex}>{index + 1}</span>
              <span className={styles.itemTitle} title={search.prop}>
                {search.label || search.prop}
              </span>
              <OrderButtons
                index={index}
                count={list.length}
                name={search.label || search.prop}
                onMove={(to) => onChange({ ...value, searchList: moveItem(list, index, to) })}
                onRemove={() => onChange({ ...value, searchList: list.filter((s) => s.prop !== search.prop) })}
              />
            </div>
            <div className={styles.itemBody}>
              <label className={styles.formRow}>
                <span>{t('listDesigner.column.label')}</span>
                <Input size="small" value={search.label} onChange={(e) => set(index, { label: e.target.value })} />
              </label>
              <div className={styles.formRow}>
                <span>{t('listDesigner.searchType.label')}</span>
                <Select<SearchType>
                  size="small"
                  value={types.includes(search.searchType) ? search.searchType : types[0]}
                  onChange={(searchType) =>
                    set(index, { searchType, ...(searchType !== 1 ? { searchMultiple: false } : {}) })
                  }
                  options={types.map((type) => ({ value: type, label: t(`listDesigner.searchType.${type}`) }))}
                  aria-label={t('listDesigner.searchType.label')}
                  data-testid="search-type"
                />
              </div>
              {multiple && search.searchType === 1 && (
                <div className={styles.formRow}>
                  <span>{t('listDesigner.searchMultiple')}</span>
                  <Switch
                    size="small"
                    checked={search.searchMultiple === true}
                    onChange={(searchMultiple) => set(index, { searchMultiple })}
                    data-testid="search-multiple"
                  />
                </div>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
