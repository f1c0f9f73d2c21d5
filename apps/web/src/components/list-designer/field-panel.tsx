import { SearchOutlined } from '@ant-design/icons';
import type { ColumnData } from '@atrium/shared/forms';
import { Checkbox, Empty, Input, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setColumn, setSearch, type FieldCategory, type FieldChoice } from './fields.ts';
import styles from './list-designer.module.css';

const KIND_COLORS: Record<FieldCategory, string> = {
  text: 'blue',
  number: 'gold',
  date: 'purple',
  choice: 'green',
  other: 'default',
};

interface Props {
  choices: readonly FieldChoice[];
  value: ColumnData;
  onChange: (value: ColumnData) => void;
}

/**
 * The form's stored fields, each with a check for "show as a column" and one for "search by it".
 * Sub-table columns come under their table's name and may only be columns: the list's search and
 * sort run on the main table.
 */
export function FieldPanel({ choices, value, onChange }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const columns = useMemo(() => new Set(value.columnList.map((c) => c.prop)), [value.columnList]);
  const searches = useMemo(() => new Set((value.searchList ?? []).map((s) => s.prop)), [value.searchList]);
  const word = keyword.trim().toLowerCase();
  const shown = word
    ? choices.filter((c) => c.label.toLowerCase().includes(word) || c.key.toLowerCase().includes(word))
    : choices;
  const allOn = choices.length > 0 && choices.every((c) => columns.has(c.key));
  const someOn = choices.some((c) => columns.has(c.key));

  const toggleAll = (on: boolean) => {
    let next = value;
    for (const choice of choices) next = setColumn(next, choice, on);
    onChange(next);
  };

  let lastTable: string | undefined;
  return (
    <div className={styles.panel} data-testid="list-designer-fields">
      <div className={styles.panelHeader}>
        <span className={styles.panelTitle}>{t('listDesigner.fields')}</span>
        <span className={styles.muted}>{choices.length}</span>
      </div>
      <div className={styles.panelTools}>
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('listDesigner.fieldFilter')}
          aria-label={t('listDesigner.fieldFilter')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Checkbox
          checked={allOn}
          indeterminate={!allOn && someOn}
          disabled={!choices.length}
          onChange={(e) => toggleAll(e.target.checked)}
          data-testid="list-designer-all-columns"
        >
          {t('listDesigner.allColumns')}
        </Checkbox>
      </div>
      <div className={styles.panelBody}>
        {!choices.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.noFields')} />}
        {shown.map((choice) => {
          const heading = choice.table && choice.table !== lastTable ? choice.tableLabel : undefined;
          lastTable = choice.table;
          return (
            <div key={choice.key}>
              {heading && (
                <div className={styles.fieldGroup}>
                  {t('listDesigner.subTable')} · {heading}
                </div>
              )}
              <div
                className={`${styles.fieldRow} ${columns.has(choice.key) ? styles.fieldRowOn : ''}`}
                data-testid={`list-field-${choice.key}`}
              >
                <div className={styles.fieldName}>
                  <span className={styles.fieldLabel} title={choice.label}>
                    {choice.label}
                  </span>
                  <span className={styles.fieldKey} title={choice.key}>
                    {choice.key}
                  </span>
                </div>
                <Tag className={styles.kindTag} color={KIND_COLORS[choice.category]} variant="filled">
                  {t(`listDesigner.kind.${choice.category}`)}
                </Tag>
                <div className={styles.fieldChecks}>
                  <Checkbox
                    checked={columns.has(choice.key)}
                    onChange={(e) => onChange(setColumn(value, choice, e.target.checked))}
                    aria-label={`${choice.label} ${t('listDesigner.asColumn')}`}
                    data-testid="list-field-column"
                  >
                    {t('listDesigner.asColumn')}
                  </Checkbox>
                  <Tooltip title={choice.table ? t('listDesigner.subTableNoSearch') : undefined}>
                    <Checkbox
                      checked={searches.has(choice.key)}
                      disabled={!!choice.table && !searches.has(choice.key)}
                      onChange={(e) => onChange(setSearch(value, choice, e.target.checked))}
                      aria-label={`${choice.label} ${t('listDesigner.asSearch')}`}
                      data-testid="list-field-search"
                    >
                      {t('listDesigner.asSearch')}
                    </Checkbox>
                  </Tooltip>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
