import type { ColumnData, FormJson } from '@atrium/shared/forms';
import { Badge, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonSettings, PermissionSettings } from './button-settings.tsx';
import { ColumnList, SearchList } from './column-settings.tsx';
import { FieldPanel } from './field-panel.tsx';
import { fieldChoices } from './fields.ts';
import { ListSettings } from './list-settings.tsx';
import { ListPreview } from './preview.tsx';
import styles from './list-designer.module.css';

export interface ListDesignerProps {
  form: FormJson;
  value: ColumnData;
  onChange(value: ColumnData): void;
}

type Tab = 'columns' | 'search' | 'list' | 'buttons' | 'permission';

/**
 * The list designer of a model (`columnData`): the form's stored fields on the left (check to show
 * as a column or to search by), the list as it will look in the middle, and the settings of the
 * columns, search fields, list type, buttons and grants on the right. Every edit is handed to
 * onChange at once; the host page saves the draft.
 */
export function ListDesigner({ form, value, onChange }: ListDesignerProps) {
  const { t } = useTranslation();
  const choices = useMemo(() => fieldChoices(form), [form]);
  const byKey = useMemo(() => new Map(choices.map((c) => [c.key, c])), [choices]);
  const [tab, setTab] = useState<Tab>('columns');
  const [active, setActive] = useState<string | undefined>();
  const type = value.type ?? 1;

  const pickColumn = (prop: string) => {
    setActive(prop);
    setTab('columns');
  };

  return (
    <div className={styles.designer} data-testid="list-designer">
      <FieldPanel choices={choices} value={value} onChange={onChange} />
      <section className={styles.centre}>
        <div className={styles.panelHeader}>
          <span className={styles.panelTitle}>{t('listDesigner.preview')}</span>
          <Tag color="blue" variant="filled">
            {t(`listDesigner.listType.${type}`)}
          </Tag>
          <span className={styles.muted}>{t('listDesigner.previewHint')}</span>
        </div>
        <div className={styles.centreBody}>
          <ListPreview value={value} activeColumn={active} onPickColumn={pickColumn} />
        </div>
      </section>
      <aside className={styles.panel} data-testid="list-designer-settings">
        <Tabs
          className={styles.tabs}
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'columns',
              label: (
                <span>
                  {t('listDesigner.tabs.columns')}{' '}
                  <Badge
                    count={value.columnList.length}
                    size="small"
                    color="var(--ant-color-primary)"
                    showZero={false}
                  />
                </span>
              ),
              children: (
                <ColumnList value={value} onChange={onChange} choices={byKey} active={active} onActivate={setActive} />
              ),
            },
            {
              key: 'search',
              label: (
                <span>
                  {t('listDesigner.tabs.search')}{' '}
                  <Badge count={value.searchList?.length ?? 0} size="small" color="var(--ant-color-primary)" />
                </span>
              ),
              children: <SearchList value={value} onChange={onChange} choices={byKey} />,
            },
            {
              key: 'list',
              label: <span data-testid="tab-list">{t('listDesigner.tabs.list')}</span>,
              children: <ListSettings value={value} onChange={onChange} choices={choices} />,
            },
            {
              key: 'buttons',
              label: <span data-testid="tab-buttons">{t('listDesigner.tabs.buttons')}</span>,
              children: <ButtonSettings value={value} onChange={onChange} />,
            },
            {
              key: 'permission',
              label: <span data-testid="tab-permission">{t('listDesigner.tabs.permission')}</span>,
              children: <PermissionSettings value={value} onChange={onChange} />,
            },
          ]}
        />
      </aside>
    </div>
  );
}
