import type { FormJson } from '@atrium/shared/forms';
import { Button } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer, useFormRuntime } from '../../../components/form-runtime/index.ts';
import { searchValues } from './model.ts';
import styles from './online-form.module.css';

interface Props {
  form: FormJson;
  /** Searches with the non-empty values, keyed by field. */
  onSearch: (values: Record<string, unknown>) => void;
}

/** The list's search form (built by searchForm()), with search and reset; Enter in an input searches. */
export function SearchForm({ form, onSearch }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => ({}), []);
  const runtime = useFormRuntime(form, options);
  const search = () => onSearch(searchValues(runtime.store.data()));
  return (
    <div
      className={styles.search}
      role="search"
      data-testid="online-search"
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        // Enter in a text input searches; in a select it picks the option.
        if (e.key === 'Enter' && target.tagName === 'INPUT' && !target.closest('.ant-select')) search();
      }}
    >
      <div
        className={styles.searchFields}
        style={{ '--search-width': `${Math.min(form.fields.length, 3) * 25}%` } as CSSProperties}
      >
        <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={runtime.formContext} />
      </div>
      <div className={styles.searchButtons}>
        <Button type="primary" onClick={search} data-testid="online-search-submit">
          {t('admin.search')}
        </Button>
        <Button
          onClick={() => {
            runtime.store.load(runtime.model.defaults(runtime.formContext));
            onSearch({});
          }}
          data-testid="online-search-reset"
        >
          {t('admin.reset')}
        </Button>
      </div>
    </div>
  );
}
