import { Button, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

interface Props {
  /** Searches with the typed keyword (button or Enter). */
  onSearch: (keyword: string) => void;
  /** Clears the keyword; defaults to searching with ''. Extra filters reset themselves here. */
  onReset?: () => void;
  placeholder?: string;
  /** Extra filter inputs shown after the keyword. */
  children?: ReactNode;
  initialKeyword?: string;
}

/** Keyword search of a management list: search on Enter or by button, reset clears it. */
export function SearchBar({ onSearch, onReset, placeholder, children, initialKeyword = '' }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(initialKeyword);
  const label = placeholder ?? t('admin.keywordPlaceholder');
  return (
    <div className={styles.searchBar} role="search">
      <Input
        className={styles.searchKeyword}
        allowClear
        value={keyword}
        placeholder={label}
        aria-label={t('admin.keyword')}
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={() => onSearch(keyword.trim())}
        data-testid="admin-keyword"
      />
      {children}
      <Button type="primary" onClick={() => onSearch(keyword.trim())} data-testid="admin-search">
        {t('admin.search')}
      </Button>
      <Button
        onClick={() => {
          setKeyword('');
          if (onReset) onReset();
          else onSearch('');
        }}
        data-testid="admin-reset"
      >
        {t('admin.reset')}
      </Button>
    </div>
  );
}
