import { useState, type ReactNode } from 'react';
import { SearchBar } from '../admin/search-bar.tsx';
import { DictionarySelect } from './dictionary-select.tsx';

interface Props {
  /** The list searched: its keyword and its `category` filter (a dictionary item's code). */
  list: { search(keyword: string): void; filter(filters: { category: string }): void };
  /** The dictionary whose items are the categories. */
  typeCode: string;
  placeholder: string;
  'data-testid'?: string;
  /** Clears the page's own extra filters (children) when the bar is reset. */
  onReset?: () => void;
  /** Extra filters after the category. */
  children?: ReactNode;
}

/**
 * The search row of a list of designs kept by category (models, print templates, flow templates):
 * keyword, then the category from its dictionary; reset clears both.
 */
export function CategorySearchBar({ list, typeCode, placeholder, onReset, children, ...rest }: Props) {
  const [category, setCategory] = useState<string | null>(null);
  return (
    <SearchBar
      onSearch={list.search}
      onReset={() => {
        setCategory(null);
        onReset?.();
        list.search('');
        list.filter({ category: '' });
      }}
    >
      <DictionarySelect
        typeCode={typeCode}
        valueField="enCode"
        value={category}
        onChange={(value) => {
          const code = typeof value === 'string' ? value : null;
          setCategory(code);
          list.filter({ category: code ?? '' });
        }}
        placeholder={placeholder}
        style={{ width: 180 }}
        data-testid={rest['data-testid']}
      />
      {children}
    </SearchBar>
  );
}
