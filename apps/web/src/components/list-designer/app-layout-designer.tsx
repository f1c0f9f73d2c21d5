import { SearchOutlined } from '@ant-design/icons';
import {
  collectFields,
  holdsValue,
  orderBy,
  type AppLayout,
  type ColumnData,
  type FormJson,
  type ListColumn,
} from '@atrium/shared/forms';
import { Button, Checkbox, Empty, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldChoices, moveItem, type FieldCategory } from './fields.ts';
import { OrderButtons } from './order-buttons.tsx';
import styles from './list-designer.module.css';

export interface AppLayoutDesignerProps {
  form: FormJson;
  columns: ColumnData;
  value: AppLayout;
  onChange(value: AppLayout): void;
}

interface FormItem {
  key: string;
  label: string;
  table: boolean;
}

/**
 * The main form's fields a phone shows one after the other: data fields and sub-tables (a sub-table
 * moves as a whole), by `__vModel__`, in form order.
 */
export function phoneFormItems(form: FormJson): FormItem[] {
  return collectFields(form)
    .filter(
      ({ field, table }) => !table && !!field.__vModel__ && (field.__config__.jnpfKey === 'table' || holdsValue(field)),
    )
    .map(({ field }) => ({
      key: field.__vModel__!,
      label: String(field.__config__.label || field.__vModel__),
      table: field.__config__.jnpfKey === 'table',
    }));
}

/** Drops what a layout object holds for nothing, so an untouched layout saves as `{}`. */
function tidy(layout: AppLayout): AppLayout {
  const out: AppLayout = {};
  if (layout.formFields?.length) out.formFields = layout.formFields;
  if (layout.titleField) out.titleField = layout.titleField;
  if (layout.lineFields?.length) out.lineFields = layout.lineFields;
  if (layout.searchFields?.length) out.searchFields = layout.searchFields;
  return out;
}

/**
 * The phone layout of a model (`appData`): which list column titles each record card and which
 * follow it as lines, the search fields a phone offers, and the order of the form's fields; beside
 * them a 375 px phone showing one sample card and the form in that order.
 */
export function AppLayoutDesigner({ form, columns, value, onChange }: AppLayoutDesignerProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AppLayout>) => onChange(tidy({ ...value, ...patch }));
  const categories = useMemo(() => new Map(fieldChoices(form).map((c) => [c.key, c.category])), [form]);
  const list = columns.columnList;
  const searches = columns.searchList ?? [];
  const formItems = useMemo(() => phoneFormItems(form), [form]);
  const ordered = orderBy(formItems, value.formFields, (i) => i.key);

  // What the runtime shows (record-cards): the chosen title, else the first column; the chosen
  // lines, else the three columns after the title.
  const title = list.find((c) => c.prop === value.titleField) ?? list[0];
  const chosenLines = (value.lineFields ?? [])
    .map((prop) => list.find((c) => c.prop === prop))
    .filter((c): c is ListColumn => !!c);
  const lines = value.lineFields?.length ? chosenLines : list.filter((c) => c !== title).slice(0, 3);
  const phoneSearches = value.searchFields?.length
    ? searches.filter((s) => value.searchFields!.includes(s.prop))
    : searches;

  const sample = (prop: string) => t(`listDesigner.sample.${categories.get(prop) ?? ('other' as FieldCategory)}`);
  const lineOrder = value.lineFields ?? [];
  // Chosen lines first in their order, then the other columns, so a line can be placed anywhere.
  const lineRows = [...chosenLines, ...list.filter((c) => !lineOrder.includes(c.prop))];

  return (
    <div className={styles.appDesigner} data-testid="app-layout-designer">
      <div className={styles.appSettings}>
        <section className={styles.appCard} data-testid="app-card-settings">
          <div className={styles.appCardHead}>
            <span className={styles.panelTitle}>{t('listDesigner.app.card')}</span>
          </div>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.app.noColumns')} />
          ) : (
            <>
              <div className={styles.formRow}>
                <span>{t('listDesigner.app.titleField')}</span>
                <Select
                  size="small"
                  allowClear
                  value={value.titleField || undefined}
                  placeholder={t('listDesigner.app.titleFieldHint')}
                  onChange={(titleField: string | undefined) =>
                    set({ titleField, lineFields: value.lineFields?.filter((p) => p !== titleField) })
                  }
                  options={list.map((c) => ({ value: c.prop, label: c.label || c.prop }))}
                  aria-label={t('listDesigner.app.titleField')}
                  data-testid="app-title-field"
                />
              </div>
              <div className={styles.sectionTitle}>{t('listDesigner.app.lineFields')}</div>
              <div className={styles.hint}>{t('listDesigner.app.lineFieldsHint')}</div>
              <div className={styles.itemList} data-testid="app-line-fields">
                {lineRows.map((c) => {
                  const at = lineOrder.indexOf(c.prop);
                  const isTitle = title?.prop === c.prop && !!value.titleField;
                  return (
                    <div key={c.prop} className={styles.checkRow} data-testid={`app-line-${c.prop}`}>
                      <Checkbox
                        checked={at !== -1}
                        disabled={isTitle}
                        onChange={(e) =>
                          set({
                            lineFields: e.target.checked
                              ? [...lineOrder, c.prop]
                              : lineOrder.filter((p) => p !== c.prop),
                          })
                        }
                      >
                        {c.label || c.prop}
                      </Checkbox>
                      {at !== -1 && (
                        <OrderButtons
                          index={at}
                          count={lineOrder.length}
                          name={c.label || c.prop}
                          onMove={(to) => set({ lineFields: moveItem(lineOrder, at, to) })}
                        />
                      )}
                    </div>
                  );
                })}
              </div>
            </>
          )}
        </section>

        <section className={styles.appCard} data-testid="app-search-settings">
          <div className={styles.appCardHead}>
            <span className={styles.panelTitle}>{t('listDesigner.app.searchFields')}</span>
          </div>
          <div className={styles.hint}>{t('listDesigner.app.searchFieldsHint')}</div>
          {searches.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.app.noSearch')} />
          ) : (
            <Checkbox.Group
              className={styles.itemList}
              value={value.searchFields ?? []}
              // Kept in the list's search order, whatever order they were ticked in.
              onChange={(picked) =>
                set({ searchFields: searches.map((s) => s.prop).filter((p) => picked.includes(p)) })
              }
              options={searches.map((s) => ({ value: s.prop, label: s.label || s.prop }))}
              data-testid="app-search-fields"
            />
          )}
        </section>

        <section className={styles.appCard} data-testid="app-form-settings">
          <div className={styles.appCardHead}>
            <span className={styles.panelTitle}>{t('listDesigner.app.formFields')}</span>
            <Button
              size="small"
              type="link"
              disabled={!value.formFields?.length}
              onClick={() => set({ formFields: undefined })}
              data-testid="app-form-reset"
            >
              {t('listDesigner.app.reset')}
            </Button>
          </div>
          <div className={styles.hint}>{t('listDesigner.app.formFieldsHint')}</div>
          {ordered.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.noFields')} />
          ) : (
            <div className={styles.itemList} data-testid="app-form-fields">
              {ordered.map((item, index) => (
                <div key={item.key} className={styles.checkRow} data-testid={`app-form-${item.key}`}>
                  <span className={styles.itemIndex}>{index + 1}</span>
                  <span className={styles.itemTitle}>
                    {item.label}
                    {item.table && <span className={styles.muted}> · {t('listDesigner.subTable')}</span>}
                  </span>
                  <OrderButtons
                    index={index}
                    count={ordered.length}
                    name={item.label}
                    onMove={(to) => set({ formFields: moveItem(ordered, index, to).map((i) => i.key) })}
                  />
                </div>
              ))}
            </div>
          )}
        </section>
      </div>

      <div className={styles.phoneStage}>
        <span className={styles.muted}>{t('listDesigner.app.phone')} · 375 px</span>
        <div className={styles.phone} data-testid="app-phone">
          <div className={styles.phoneBar}>{t('listDesigner.app.listTitle')}</div>
          <div className={styles.phoneBody}>
            {phoneSearches.length > 0 && (
              <div className={styles.phoneSearch} data-testid="phone-search">
                <SearchOutlined />
                {phoneSearches.map((s) => (
                  <span key={s.prop} className={styles.phoneChip}>
                    {s.label || s.prop}
                  </span>
                ))}
              </div>
            )}
            {title ? (
              <article className={styles.phoneCard} data-testid="phone-card">
                <div className={styles.phoneCardTitle} data-testid="phone-card-title">
                  {sample(title.prop)} <span className={styles.muted}>{title.label}</span>
                </div>
                {lines.map((c) => (
                  <div key={c.prop} className={styles.phoneLine} data-testid="phone-card-line">
                    <span className={styles.phoneLabel}>{c.label}</span>
                    <span className={styles.phoneValue}>{sample(c.prop)}</span>
                  </div>
                ))}
              </article>
            ) : (
              <div className={styles.phoneCard}>
                <span className={styles.muted}>{t('listDesigner.app.noColumns')}</span>
              </div>
            )}
            <div className={styles.phoneSection}>{t('listDesigner.app.formTitle')}</div>
            <div className={styles.phoneForm} data-testid="phone-form">
              {ordered.map((item) => (
                <div key={item.key} className={styles.phoneField} data-testid="phone-form-field">
                  <span className={styles.phoneFieldLabel}>{item.label}</span>
                  <span className={styles.phonePlaceholder}>
                    {item.table ? t('listDesigner.subTable') : t('listDesigner.selectPlaceholder')}
                  </span>
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
